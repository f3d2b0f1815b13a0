/**
 * The dashboard's alert cards (docs/alerts.md): Open Alerts with the dead-letter depth (GET
 * /alerts/summary) and Needs Attention (GET /dashboard/needs-attention, the rules of
 * contract/needs-attention.ts), refreshed by alert and DLQ events (one refetch per burst) and, for
 * needs-attention, every 60 s. Plain elements and the shell's panel, and types only from the
 * contract: the dashboard is the first page after sign-in (docs/performance.md "Delivery").
 */
import { Flex } from 'antd';
import { Link } from 'react-router';
import { useCan, useCustom } from '@refinedev/core';
import type { AlertSummary } from '../../contract/alerts';
import type { NeedsAttentionItem } from '../../contract/needs-attention';
import { REFRESH } from '../../contract/constants';
import { Panel } from '../../src/shell/panel';
import { StatusDot } from '../../src/shell/status-dot';
import { LoadError } from '../shared/list-error';
import { useAlertsRefetch as useLiveRefetch } from '../../src/shell/open-alerts-bell';
import { ago } from '../shared/ops-format';

const n = (x: number) => x.toLocaleString('en-US');

export function OpenAlertsCard() {
  const { query } = useCustom<{ data: AlertSummary }>({ url: '/alerts/summary', method: 'get', errorNotification: false });
  useLiveRefetch(query.refetch);
  // the DLQ is an operator's page: a seller sees the depth without a link to it
  const dlqPage = useCan({ resource: 'streams', action: 'list' }).data?.can === true;
  const s = query.data?.data.data;
  return (
    <Panel title="Open Alerts" extra={<Link to="/work">Open the queue</Link>} style={{ height: '100%' }}>
      {query.isError && <LoadError what="the open alerts" error={query.error} onRetry={() => void query.refetch()} />}
      {!query.isError && !s && <p className="shell-quiet" aria-busy="true">Counting open alerts...</p>}
      {s && (
        <Flex vertical gap={4}>
          <Link to="/work" aria-label={`Open alerts: ${s.open}`} className="dashboard-figure">
            {n(s.open)}
          </Link>
          <span className="text-secondary">
            {s.open === 0 ? 'No open alerts' : `${n(s.new)} new · ${n(s.critical)} critical${s.mine ? ` · ${n(s.mine)} assigned to you` : ''}`}
          </span>
          <span className={s.dlq_pending > 0 ? 'figure-warn' : 'text-secondary'}>
            {dlqPage && s.dlq_pending > 0 ? <Link to="/streams?tab=dlq">DLQ depth: {n(s.dlq_pending)}</Link> : `DLQ depth: ${n(s.dlq_pending)}`}
          </span>
        </Flex>
      )}
    </Panel>
  );
}

const DOT: Record<NeedsAttentionItem['severity'], 'error' | 'warning' | 'processing' | 'default'> = { critical: 'error', error: 'error', warning: 'warning', info: 'default' };

export function NeedsAttentionCard() {
  const { query } = useCustom<{ data: NeedsAttentionItem[] }>({
    url: '/dashboard/needs-attention',
    method: 'get',
    errorNotification: false,
    queryOptions: { refetchInterval: REFRESH.needsAttentionMs, staleTime: REFRESH.needsAttentionStaleMs },
  });
  useLiveRefetch(query.refetch);
  const items = query.data?.data.data;
  return (
    <Panel title="Needs Attention" style={{ height: '100%' }}>
      {query.isError && <LoadError what="what needs attention" error={query.error} onRetry={() => void query.refetch()} />}
      {!query.isError && !items && <p className="shell-quiet" aria-busy="true">Looking for what needs attention...</p>}
      {items && items.length === 0 && (
        <p className="shell-quiet">
          <strong>All clear!</strong>
          <br />
          No incidents or blocked items
        </p>
      )}
      {items && items.length > 0 && (
        <ul aria-label="Needs attention" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {items.map((i) => (
            <li key={i.id}>
              <Flex gap={8} align="baseline">
                <StatusDot status={DOT[i.severity]} />
                <Flex vertical style={{ minWidth: 0 }}>
                  <Link to={i.deepLink}>{i.title}</Link>
                  <span className="text-secondary" style={{ fontSize: 13 }}>
                    {i.context} · {ago(i.timestamp)}
                  </span>
                </Flex>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
