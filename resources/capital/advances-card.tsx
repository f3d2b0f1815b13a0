/**
 * Dashboard "Advances Outstanding" (docs/capital.md "Dashboard"): principal and fee of advances not
 * yet repaid (the books' advance_principal balance), with the open-order count, both from GET
 * /capital/summary (the two figures without the rest of the snapshot), polled as the page polls GET /capital. Plain elements and the shell's panel: the dashboard is the
 * first page after sign-in (docs/performance.md "Delivery"); no zod, no charts.
 */
import { Link } from 'react-router';
import { formatCents } from '../../contract/money';
import { Panel } from '../../src/shell/panel';
import { LoadError } from '../shared/list-error';
import { useCapitalSummary } from './use-capital';

export function AdvancesOutstandingCard() {
  const { query, summary: s } = useCapitalSummary();
  return (
    <Panel title="Advances Outstanding" extra={<Link to="/capital">Open capital</Link>} style={{ height: '100%' }}>
      {query.isError && <LoadError what="the capital figures" error={query.error} onRetry={() => void query.refetch()} />}
      {!query.isError && !s && <p className="shell-quiet" aria-busy="true">Reading the books...</p>}
      {s && (
        <div>
          <span data-testid="advances-outstanding" style={{ display: 'block', fontSize: 28, fontWeight: 600 }}>{formatCents(s.advances_outstanding, s.currency)}</span>
          <span className="text-secondary" style={{ fontSize: 13 }}>
            {s.orders_open_count.toLocaleString('en-US')} open order{s.orders_open_count === 1 ? '' : 's'}
          </span>
        </div>
      )}
    </Panel>
  );
}
