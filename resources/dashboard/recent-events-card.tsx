/**
 * Recent Events (docs/product/shell.md "Dashboard"; docs/alerts.md "Dashboard"): the tenant's newest
 * events in the seller's words (GET /dashboard/events keeps 40, the card shows 20), refreshed by the
 * tab's live stream (one refetch per burst) with its Live / Connecting... / Offline badge, and
 * "View All" to /streams for a role that may open it. While the stream is not live the list is
 * read again every 30 s. The dashboard stream is off when the test cookie is present
 * (docs/product/api-calls.md "Live streams"): the card then reads the list once and says so.
 */
import { useEffect } from 'react';
import { Flex } from 'antd';
import { Link } from 'react-router';
import { useCan, useCustom } from '@refinedev/core';
import type { DashboardEvent } from '../../contract/dashboard-feed';
import { STREAMS } from '../../contract/constants';
import { useLiveHub } from '../../providers/live/hub-context';
import { Panel } from '../../src/shell/panel';
import { StatusDot } from '../../src/shell/status-dot';
import { LoadError } from '../shared/list-error';
import { LiveBadge, useLiveState } from '../shared/ops-live-status';
import { useCoalesced } from '../shared/use-coalesced';
import { ago } from '../shared/ops-format';

/** The cookie that turns the dashboard's stream off (end-to-end runs that must not depend on it). */
export const STREAM_OFF_COOKIE = 'console_test';
const streamOff = () => typeof document !== 'undefined' && document.cookie.split(/;\s*/).some((c) => c.startsWith(`${STREAM_OFF_COOKIE}=`));
/** The SSE streams whose events the feed lists (contract/dashboard-feed.ts FEED_STREAMS go out on these). */
const FEED_SSE = ['events', 'alerts'] as const;
const POLL_MS = 30_000;

const DOT: Record<DashboardEvent['severity'], 'default' | 'success' | 'warning' | 'error' | 'processing'> = {
  info: 'processing',
  success: 'success',
  warning: 'warning',
  error: 'error',
  critical: 'error',
};

export function RecentEventsCard() {
  const hub = useLiveHub();
  const state = useLiveState(hub);
  const off = streamOff();
  const live = !off && state === 'connected';
  const { query } = useCustom<{ data: DashboardEvent[] }>({
    url: '/dashboard/events',
    method: 'get',
    config: { query: { limit: STREAMS.buffer.dashboardKept } },
    errorNotification: false,
    queryOptions: { refetchInterval: live || off ? false : POLL_MS },
  });
  const again = useCoalesced(() => void query.refetch());
  // the dashboard's stream tolerates 60 s of silence (docs/product/constants.md "Streams") while the feed shows
  useEffect(() => hub.holdHeartbeat(STREAMS.dashboardHeartbeatTimeoutMs), [hub]);
  useEffect(() => {
    if (off) return;
    const offs = FEED_SSE.map((channel) => hub.subscribe(channel, again));
    return () => offs.forEach((f) => f());
  }, [hub, off, again]);
  const canOpen = useCan({ resource: 'streams', action: 'list' }).data?.can === true;
  const events = query.data?.data.data.slice(0, STREAMS.buffer.dashboardShown);
  return (
    <Panel
      title="Recent Events"
      style={{ height: '100%' }}
      extra={
        <Flex gap={12} align="center">
          {off ? <StatusDot status="default" text="Offline" /> : <LiveBadge hub={hub} />}
          {canOpen && <Link to="/streams">View All</Link>}
        </Flex>
      }
    >
      {off && <p className="text-secondary" style={{ margin: '0 0 8px' }}>Live updates are off in this test session.</p>}
      {query.isError && <LoadError what="the recent events" error={query.error} onRetry={() => void query.refetch()} />}
      {!query.isError && !events && <p className="shell-quiet" aria-busy="true">Reading the newest events...</p>}
      {events && events.length === 0 && <p className="shell-quiet">No events yet: orders, shipments and price changes appear here as they happen.</p>}
      {events && events.length > 0 && (
        <ul aria-label="Recent events" className="dashboard-feed">
          {events.map((e) => (
            <li key={e.id}>
              <StatusDot status={DOT[e.severity]} />
              <span className="dashboard-feed-line">
                {e.metadata.link ? <Link to={e.metadata.link}>{e.summary}</Link> : e.summary}
                <span className="text-secondary dashboard-feed-meta">
                  {e.subject} · {ago(e.timestamp)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
