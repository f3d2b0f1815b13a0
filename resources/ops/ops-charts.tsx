/**
 * Ops Console charts (@ant-design/charts, docs/product/architecture.md §3): messages per stream and lag per consumer (bars),
 * and pending / lag over the polls of this visit (line). Only the lazily loaded /ops page imports this
 * file, so the chart library never lands in the first load (docs/performance.md "Delivery").
 */
import { Bar, Column, Line } from '@ant-design/charts';
import { Card } from 'antd';
import { CHART_HEIGHT, ChartEmpty } from '../shared/chart-empty';
import dayjs from 'dayjs';
import type { OpsSummary } from '../../contract/ops';
import type { StreamInfo } from '../../contract/streams';
import type { OpsSample } from './ops-history';

const HEIGHT = CHART_HEIGHT;

export function StreamMessagesChart({ streams }: { streams: StreamInfo[] | undefined }) {
  const data = (streams ?? []).map((s) => ({ stream: s.name, messages: s.messages }));
  return (
    <Card title="Messages per stream" size="small">
      {data.length === 0 ? (
        <ChartEmpty text="Stream counts unavailable" />
      ) : (
        <div role="img" aria-label={`Messages per stream: ${data.map((d) => `${d.stream} ${d.messages}`).join(', ')}`}>
          <Column data={data} xField="stream" yField="messages" height={HEIGHT} style={{ fill: '#3b5bdb', maxWidth: 40 }} axis={{ y: { title: false } }} />
        </div>
      )}
    </Card>
  );
}

export function ConsumerLagChart({ consumers }: { consumers: OpsSummary['dlq_status']['consumers'] }) {
  const data = (consumers ?? []).map((c) => ({ consumer: c.name, lag: c.lag }));
  return (
    <Card title="Lag per consumer" size="small">
      {data.length === 0 ? (
        <ChartEmpty text="No consumers" />
      ) : (
        <div role="img" aria-label={`Lag per consumer: ${data.map((d) => `${d.consumer} ${d.lag}`).join(', ')}`}>
          <Bar data={data} xField="consumer" yField="lag" height={HEIGHT} style={{ fill: '#f08c00', maxWidth: 28 }} axis={{ y: { title: false } }} />
        </div>
      )}
    </Card>
  );
}

export function LagHistoryChart({ history }: { history: OpsSample[] }) {
  const data = history.flatMap((h) => [
    { time: dayjs(h.at).format('HH:mm:ss'), value: h.pending, series: 'DLQ pending' },
    { time: dayjs(h.at).format('HH:mm:ss'), value: h.lag, series: 'Consumer lag' },
  ]);
  return (
    <Card title="Pending and lag (this visit)" size="small">
      {history.length < 2 ? (
        <ChartEmpty text="Collecting samples every 10 s…" />
      ) : (
        <div role="img" aria-label="DLQ pending and consumer lag over the last polls">
          <Line data={data} xField="time" yField="value" colorField="series" height={HEIGHT} axis={{ y: { title: false }, x: { title: false } }} />
        </div>
      )}
    </Card>
  );
}
