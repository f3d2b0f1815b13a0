/**
 * Dashboard "Pipeline Backlog" (docs/dashboard.md "Pipeline backlog"): where the open orders wait in
 * the dropshipping automation — intake, routing, supplier confirmation, label, tracking — each stage
 * with its count, the age of its longest-waiting order and a link to the list that shows it (GET
 * /dashboard/pipeline-backlog). Order and fulfillment events refresh it (one refetch per burst), and
 * every 30 s. Plain elements and the shell's panel, types only from the contract: the dashboard is
 * the first page after sign-in (docs/performance.md "Delivery").
 */
import { Flex } from 'antd';
import { Link } from 'react-router';
import { useCustom, useSubscription } from '@refinedev/core';
import type { PipelineBacklog, PipelineStageKey } from '../../contract/dashboard';
import { REFRESH } from '../../contract/constants';
import { resourceChannel } from '../../contract/events';
import { Panel } from '../../src/shell/panel';
import { LoadError } from '../shared/list-error';
import { useCoalesced } from '../shared/use-coalesced';
import { ago } from '../shared/ops-format';

/**
 * Each stage's name and the list that shows its orders, oldest first: the orders of its status, the
 * work queue of /fulfillment for the labels, the shipments not scanned yet for the tracking.
 */
export const STAGES: Record<PipelineStageKey, { label: string; to: string }> = {
  intake: { label: 'Intake', to: '/orders?status=pending&sort=created_at&order=asc' },
  routing: { label: 'Routing', to: '/orders?status=routed&sort=created_at&order=asc' },
  supplier: { label: 'Supplier confirmation', to: '/orders?status=ordered_from_supplier&sort=created_at&order=asc' },
  label: { label: 'Label', to: '/fulfillment' },
  tracking: { label: 'Tracking', to: '/fulfillment?status=label_created&sort=created_at&order=asc' },
};

const CHANNELS = ['orders', 'fulfillment'].map(resourceChannel);
const n = (x: number) => x.toLocaleString('en-US');

export function PipelineBacklogCard() {
  const { query } = useCustom<{ data: PipelineBacklog }>({
    url: '/dashboard/pipeline-backlog',
    method: 'get',
    errorNotification: false,
    queryOptions: { refetchInterval: REFRESH.dashboardCardsMs },
  });
  const again = useCoalesced(() => void query.refetch());
  useSubscription({ channel: CHANNELS[0], types: ['*'], onLiveEvent: again });
  useSubscription({ channel: CHANNELS[1], types: ['*'], onLiveEvent: again });
  const stages = query.data?.data.data.stages;
  const waiting = stages?.reduce((sum, s) => sum + s.count, 0) ?? 0;
  return (
    <Panel title="Pipeline Backlog" extra={<Link to="/fulfillment">Open fulfillment</Link>} style={{ height: '100%' }}>
      {query.isError && <LoadError what="the pipeline backlog" error={query.error} onRetry={() => void query.refetch()} />}
      {!query.isError && !stages && <p className="shell-quiet" aria-busy="true">Counting orders in the pipeline...</p>}
      {stages && waiting === 0 && <p className="shell-quiet">No orders waiting in the pipeline</p>}
      {stages && (
        <ul aria-label="Pipeline backlog" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
          {stages.map((s) => {
            const stage = STAGES[s.key];
            return (
              <li key={s.key}>
                <Flex gap={12} align="baseline" justify="space-between">
                  <Link to={stage.to} aria-label={`${stage.label}: ${s.count}`} className={s.count === 0 ? 'text-secondary' : undefined}>
                    {stage.label}
                  </Link>
                  <span className="text-secondary" style={{ fontSize: 13, marginLeft: 'auto' }}>
                    {s.count > 0 && `oldest ${ago(s.oldest_at)}`}
                    {s.held > 0 && ` · ${n(s.held)} on hold`}
                  </span>
                  <span className={s.count === 0 ? 'text-secondary' : undefined} style={{ minWidth: 48, textAlign: 'right', fontWeight: s.count === 0 ? 400 : 600 }}>
                    {n(s.count)}
                  </span>
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
