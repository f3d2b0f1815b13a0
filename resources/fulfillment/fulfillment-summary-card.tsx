/**
 * Dashboard "Fulfillment" (docs/dropshipping.md "Dashboard"): what waits on dropshipping now, counted
 * on the server (GET /fulfillment/summary) — orders waiting for a label, held orders, purchase orders
 * awaiting their supplier, late and exception parcels, open returns — each linking where it is worked.
 * Order, fulfillment, label and return events refresh it (one refetch per burst). Plain elements and
 * the shell's panel, as the dashboard is the first page after sign-in (docs/performance.md "Delivery").
 */
import { theme } from 'antd';
import { Link } from 'react-router';
import { useCustom, useSubscription } from '@refinedev/core';
import type { FulfillmentSummary } from '../../contract/fulfillment';
import { resourceChannel } from '../../contract/events';
import { Panel } from '../../src/shell/panel';
import { LoadError } from '../shared/list-error';
import { useCoalesced } from '../shared/use-coalesced';

/** Each figure, what it is called and where it is worked (none: no page lists it alone). */
const FIGURES: { key: keyof FulfillmentSummary; label: string; to?: string; warn?: boolean }[] = [
  { key: 'to_ship', label: 'In the label queue', to: '/fulfillment' },
  { key: 'held', label: 'On hold', to: '/fulfillment', warn: true },
  { key: 'awaiting_supplier', label: 'Purchase orders awaiting a supplier' },
  { key: 'late_shipments', label: 'Late shipments', to: '/fulfillment?late=true', warn: true },
  { key: 'exceptions', label: 'Carrier exceptions', to: '/fulfillment?status=exception', warn: true },
  { key: 'open_returns', label: 'Open returns', to: '/returns' },
];
const CHANNELS = ['orders', 'fulfillment', 'shipments', 'returns'].map(resourceChannel);

export function FulfillmentSummaryCard() {
  const { query } = useCustom<{ data: FulfillmentSummary }>({ url: '/fulfillment/summary', method: 'get', errorNotification: false });
  const refetch = useCoalesced(() => void query.refetch());
  useSubscription({ channel: CHANNELS[0], types: ['*'], onLiveEvent: refetch });
  useSubscription({ channel: CHANNELS[1], types: ['*'], onLiveEvent: refetch });
  useSubscription({ channel: CHANNELS[2], types: ['*'], onLiveEvent: refetch });
  useSubscription({ channel: CHANNELS[3], types: ['*'], onLiveEvent: refetch });
  const s = query.data?.data.data;
  const { token } = theme.useToken();
  return (
    <Panel title="Fulfillment" extra={<Link to="/fulfillment">Open fulfillment</Link>} style={{ height: '100%' }}>
      {query.isError && <LoadError what="the fulfillment figures" error={query.error} onRetry={() => void query.refetch()} />}
      {!query.isError && !s && <p className="shell-quiet" aria-busy="true">Counting what waits to ship...</p>}
      {s && (
        <ul aria-label="Fulfillment figures" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 12 }}>
          {FIGURES.map((f) => {
            const n = s[f.key];
            const number = (
              <span className={f.warn && n > 0 ? 'figure-warn' : undefined} style={{ display: 'block', fontSize: 24, fontWeight: 600, color: f.warn && n > 0 ? undefined : token.colorText }}>{n.toLocaleString('en-US')}</span>
            );
            return (
              <li key={f.key} style={{ border: `1px solid ${token.colorSplit}`, borderRadius: 8, padding: '8px 12px' }}>
                {f.to ? <Link to={f.to} aria-label={`${f.label}: ${n}`}>{number}</Link> : number}
                <span className="text-secondary" style={{ fontSize: 13 }}>{f.label}</span>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
