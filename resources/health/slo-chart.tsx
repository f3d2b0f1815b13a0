/**
 * System Health's chart of the last hour (docs/ops-ui.md "System Health"): per minute, the latency
 * p95 and p99 of the tenant's requests, and the requests with their 5xx answers. A chunk of its own:
 * @ant-design/charts loads with it only, after the page's figures (docs/performance.md "Delivery").
 */
import { Column, Line } from '@ant-design/charts';
import { Flex } from 'antd';
import dayjs from 'dayjs';
import type { SloMinute } from '../../contract/ops';
import { ChartEmpty } from '../shared/chart-empty';

const HEIGHT = 160;

export default function SloChart({ minutes }: { minutes: SloMinute[] }) {
  if (minutes.every((m) => m.requests === 0)) return <ChartEmpty text="No requests of your store in the last hour" height={HEIGHT} />;
  const at = (m: SloMinute) => dayjs(m.at).format('HH:mm');
  const latency = minutes.flatMap((m) =>
    m.latency_p95 === null ? [] : [
      { at: at(m), figure: 'p95', ms: m.latency_p95 },
      { at: at(m), figure: 'p99', ms: m.latency_p99 ?? m.latency_p95 },
    ],
  );
  const requests = minutes.flatMap((m) => [
    { at: at(m), answer: 'Answered', n: m.requests - m.errors },
    { at: at(m), answer: 'Server errors (5xx)', n: m.errors },
  ]);
  // every minute of the hour on the x axis (a quiet minute leaves a gap), labelled every 10 minutes
  const domain = minutes.map(at);
  const x = { labelFilter: (_: unknown, i: number) => i % 10 === 0 };
  // whole numbers on the value axes (G2's default tick text read 1863.37 ms as "1863:37")
  const whole = (v: number | string) => Math.round(Number(v)).toLocaleString('en-US');
  return (
    <Flex vertical gap={8}>
      <div role="img" aria-label="Latency p95 and p99 per minute, last hour">
        <Line data={latency} xField="at" yField="ms" colorField="figure" height={HEIGHT} point={{ sizeField: 3 }} scale={{ x: { domain } }} axis={{ x, y: { title: 'ms', labelFormatter: whole } }} />
      </div>
      <div role="img" aria-label="Requests and server errors per minute, last hour">
        <Column data={requests} xField="at" yField="n" colorField="answer" stack height={HEIGHT} scale={{ x: { domain } }} axis={{ x, y: { title: 'requests', labelFormatter: whole } }} />
      </div>
    </Flex>
  );
}
