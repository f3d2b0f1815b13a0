/**
 * Dashboard "Net Revenue (MTD)" and "Fees (MTD)" (docs/capital.md "Dashboard"): this month so far,
 * from GET /analytics/summary (docs/analytics.md: orders created in the period, cancelled ones left
 * out). Net revenue is the revenue less the refunds of those orders, beside its change against the
 * same days of last month (`compare=month`, docs/dashboard.md "Net revenue change"); fees are the
 * marketplaces' fees. One request serves both cards (the same query key). Plain elements and the
 * shell's panel: the dashboard is the first page (docs/performance.md "Delivery"); no zod, no charts.
 */
import { useCustom } from '@refinedev/core';
import { Link } from 'react-router';
import type { AnalyticsSummary } from '../../contract/analytics';
import { formatCents } from '../../contract/money';
import { REFRESH } from '../../contract/constants';
import { changeText, netRevenueCents } from '../../contract/month-change';
import { Panel } from '../../src/shell/panel';
import { LoadError } from '../shared/list-error';

/** The month to date in whole UTC days, as the analytics periods count them. */
export function monthToDate(now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  return { from: `${to.slice(0, 8)}01`, to };
}

function useMonthSummary() {
  const { query } = useCustom<{ data: AnalyticsSummary }>({
    url: '/analytics/summary',
    method: 'get',
    config: { query: { ...monthToDate(), compare: 'month' } },
    errorNotification: false,
    queryOptions: { refetchInterval: REFRESH.capitalMs },
  });
  return { query, figures: query.data?.data.data.figures, previous: query.data?.data.data.previous ?? null };
}

type Previous = AnalyticsSummary['previous'];

function MonthFigure({ title, pick, note, compared }: { title: string; pick: (f: AnalyticsSummary['figures']) => number; note: string; compared?: (now: number, previous: NonNullable<Previous>) => string }) {
  const { query, figures, previous } = useMonthSummary();
  return (
    <Panel title={title} extra={<Link to="/analytics">Open analytics</Link>} style={{ height: '100%' }}>
      {query.isError && <LoadError what={`the ${title.toLowerCase()}`} error={query.error} onRetry={() => void query.refetch()} />}
      {!query.isError && !figures && <p className="shell-quiet" aria-busy="true">Adding up this month...</p>}
      {figures && (
        <div>
          <span style={{ display: 'block', fontSize: 28, fontWeight: 600 }}>{formatCents(pick(figures))}</span>
          <span className="text-secondary" style={{ fontSize: 13 }}>{note.replace('{n}', figures.orders.toLocaleString('en-US'))}</span>
          {compared && previous && (
            <span className="text-secondary" style={{ display: 'block', fontSize: 13 }}>
              {compared(pick(figures), previous)}
            </span>
          )}
        </div>
      )}
    </Panel>
  );
}

export function NetRevenueCard() {
  return (
    <MonthFigure
      title="Net Revenue (MTD)"
      pick={netRevenueCents}
      note="{n} orders this month, less refunds"
      compared={(now, p) => changeText(now, { net_cents: p.net_revenue_cents, orders: p.figures.orders })}
    />
  );
}

export function FeesCard() {
  return <MonthFigure title="Fees (MTD)" pick={(f) => f.fees_cents} note="Marketplace fees of {n} orders this month" />;
}
