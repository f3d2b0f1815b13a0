/**
 * Dashboard "Top Offenders" (docs/product/shell.md; docs/marketplaces-ui.md): the SKUs with the most open MAP
 * violations, from `GET /api/listings/top-offenders`, each linking to /products?sku=. Violation events
 * are listing events: the listings live channel refreshes it, one refetch per burst (useCoalesced,
 * docs/events.md "Live routing"). A plain list, not antd's `List`: that
 * one brings Pagination and Select onto the dashboard, the first page after sign-in; for the same
 * reason its panel, loading and empty states are the shell's own (docs/performance.md "Delivery").
 */
import { theme } from 'antd';
import { Panel } from '../../src/shell/panel';
import { CountPill } from '../../src/shell/status-dot';
import { Link } from 'react-router';
import { useCustom, useSubscription } from '@refinedev/core';
import type { TopOffender } from '../../contract/listings';
import { resourceChannel } from '../../contract/events';
import { LoadError } from '../shared/list-error';
import { useCoalesced } from '../shared/use-coalesced';

export const TOP_OFFENDERS_LIMIT = 5;

export function TopOffendersCard() {
  const { query } = useCustom<{ data: TopOffender[] }>({
    url: '/listings/top-offenders',
    method: 'get',
    config: { query: { limit: TOP_OFFENDERS_LIMIT } },
    errorNotification: false,
  });
  const refetch = useCoalesced(() => void query.refetch());
  useSubscription({ channel: resourceChannel('listings'), types: ['violation_opened', 'violation_resolved'], onLiveEvent: refetch });
  const rows = query.data?.data.data ?? [];
  const { token } = theme.useToken();
  return (
    <Panel title="Top Offenders" extra={<Link to="/catalog?tab=violations">All violations</Link>} style={{ height: '100%' }}>
      {query.isError && <LoadError what="MAP violations" error={query.error} onRetry={() => void query.refetch()} />}
      {!query.isError && query.isPending && <p className="shell-quiet" aria-busy="true">Loading MAP violations...</p>}
      {!query.isError && !query.isPending && rows.length === 0 && (
        <p className="shell-quiet">No open MAP violations: every observed price is at or above its MAP</p>
      )}
      {!query.isError && rows.length > 0 && (
        <ul aria-label="Top offenders" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((o, i) => (
            <li
              key={o.sku}
              style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 0', borderTop: i ? `1px solid ${token.colorSplit}` : undefined }}
            >
              <div style={{ minWidth: 0, flex: 1 }}>
                <Link to={`/products?sku=${encodeURIComponent(o.sku)}`}>{o.sku}</Link>
                <div>
                  <span className="text-secondary text-ellipsis" style={{ fontSize: 12 }} title={o.product_title}>
                    {o.product_title}
                  </span>
                </div>
              </div>
              <CountPill count={o.open_violations} max={999} title={`${o.open_violations} open violations`} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
