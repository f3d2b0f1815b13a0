/**
 * The dashboard's Dead Letter Queue alert (docs/product/shell.md "Dashboard"): across the page while
 * dead letters wait (GET /dashboard/dlq), in the destructive style above the needs-attention rule's
 * critical threshold (50), with the consumers' lag and a link to the queue for a role that may open
 * it. Nothing at all while the queue is empty or the figure is not in yet (a failed read is named in
 * "Failed to Load Dashboard Data"). Refreshed by DLQ events, one refetch per burst.
 */
import { Link } from 'react-router';
import { useCan, useCustom, useSubscription } from '@refinedev/core';
import type { DlqNotice } from '../../contract/dashboard-feed';
import { NEEDS_ATTENTION } from '../../contract/constants';
import { resourceChannel } from '../../contract/events';
import { useDashboardSource } from '../../src/shell/dashboard-sources';
import { useCoalesced } from '../shared/use-coalesced';

const n = (x: number) => x.toLocaleString('en-US');
const DLQ_CHANNEL = resourceChannel('dlq');

export function DlqAlertCard() {
  const { query } = useCustom<{ data: DlqNotice }>({ url: '/dashboard/dlq', method: 'get', errorNotification: false });
  const again = useCoalesced(() => void query.refetch());
  useSubscription({ channel: DLQ_CHANNEL, types: ['*'], onLiveEvent: again });
  useDashboardSource('the dead-letter queue', query.isError ? query.error : null);
  const canOpen = useCan({ resource: 'streams', action: 'list' }).data?.can === true;
  const d = query.data?.data.data;
  if (!d || d.pending === 0) return null;
  const destructive = d.pending > NEEDS_ATTENTION.dlqCritical;
  return (
    <div role="alert" className={`dashboard-notice${destructive ? ' is-error' : ''}`} data-severity={destructive ? 'destructive' : 'warning'}>
      <strong>Dead Letter Queue Alert</strong>
      <p style={{ margin: '4px 0 0' }}>
        {n(d.pending)} {d.pending === 1 ? 'message is' : 'messages are'} waiting in the dead-letter queue
        {destructive ? ': consumers keep failing.' : '.'} Consumer lag: {n(d.consumer_lag)}.{' '}
        {canOpen && <Link to="/streams?tab=dlq">Review the dead letters</Link>}
      </p>
    </div>
  );
}
