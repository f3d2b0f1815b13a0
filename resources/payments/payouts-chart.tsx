/**
 * Net paid per week by marketplace (docs/payouts.md "Console"), a chunk of its own: @ant-design/charts
 * loads with it only, after the payouts table (docs/performance.md "Delivery"). Payouts sent (in
 * transit or paid) over the last 12 weeks, from GET /api/payouts/weekly.
 */
import { useCustom } from '@refinedev/core';
import { Card, Skeleton } from 'antd';
import { Column } from '@ant-design/charts';
import { formatCents } from '../../contract/money';
import { MARKETPLACE_LABEL } from '../../contract/orders';
import type { ListResponse } from '../../contract/api';
import type { PayoutWeekRow } from '../../contract/payouts';
import { ChartEmpty } from '../shared/chart-empty';
import { LoadError } from '../shared/list-error';

const money = (v: number) => formatCents(Math.round(v));
const WEEKS = 12;

export default function PayoutsChart() {
  const { query, result } = useCustom<ListResponse<PayoutWeekRow>>({ url: '/payouts/weekly', method: 'get', config: { query: { weeks: WEEKS } } });
  const rows = result?.data?.data ?? [];
  const data = rows.map((r) => ({ week: r.week, marketplace: MARKETPLACE_LABEL[r.marketplace], value: r.net_cents }));
  return (
    <Card size="small" title={`Net paid per week, last ${WEEKS} weeks`} style={{ marginBottom: 16 }}>
      {query.isLoading && <Skeleton active paragraph={{ rows: 4 }} />}
      {query.isError && <LoadError what="net paid per week" error={query.error} onRetry={() => void query.refetch()} />}
      {!query.isLoading && !query.isError && (data.length === 0
        ? <ChartEmpty text="No payout sent in the last 12 weeks" height={180} />
        : (
          <div role="img" aria-label={`Net paid per week by marketplace: ${rows.length} bars over ${new Set(rows.map((r) => r.week)).size} weeks`}>
            <Column data={data} xField="week" yField="value" colorField="marketplace" stack height={200} axis={{ y: { labelFormatter: money } }} tooltip={{ valueFormatter: money }} />
          </div>
        ))}
    </Card>
  );
}
