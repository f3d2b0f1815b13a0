/**
 * The capital page's cashflow chart (docs/capital.md "Cashflow"), a chunk of its own: @ant-design/charts
 * loads with it only, after the page's figures (docs/performance.md "Delivery").
 */
import { Line } from '@ant-design/charts';
import type { CashflowDay } from '../../contract/capital';
import { formatCents } from '../../contract/money';
import { ChartEmpty } from '../shared/chart-empty';

const money = (v: number) => formatCents(Math.round(v));

export default function CashflowChart({ days }: { days: CashflowDay[] }) {
  if (days.every((d) => d.in === 0 && d.out === 0)) return <ChartEmpty text="No money moved in the last 90 days" height={260} />;
  const data = days.flatMap((d) => [
    { date: d.date, figure: 'In', value: d.in },
    { date: d.date, figure: 'Out', value: d.out },
    { date: d.date, figure: 'Net', value: d.net },
  ]);
  return <Line data={data} xField="date" yField="value" colorField="figure" height={260} axis={{ y: { labelFormatter: money } }} tooltip={{ valueFormatter: money }} />;
}
