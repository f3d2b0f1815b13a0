/**
 * Dashboard "Recent Actions" (docs/dashboard.md "Recent actions"): the tenant's latest actions from
 * the audit log (GET /dashboard/recent-actions?limit=10) — who (the person's email, or automation),
 * what, when, and a link to the object where it has a page — refreshed every 30 s. The audit log is
 * governance's (governance:view): the card's `needs` hides it from sellers. Plain elements and the
 * shell's panel, types only from the contract (docs/performance.md "Delivery").
 */
import { Flex } from 'antd';
import { Link } from 'react-router';
import { useCustom } from '@refinedev/core';
import type { RecentAction } from '../../contract/dashboard';
import { REFRESH } from '../../contract/constants';
import { Panel } from '../../src/shell/panel';
import { LoadError } from '../shared/list-error';
import { ago } from '../shared/ops-format';

export function RecentActionsCard() {
  const { query } = useCustom<{ data: RecentAction[] }>({
    url: '/dashboard/recent-actions',
    method: 'get',
    config: { query: { limit: 10 } },
    errorNotification: false,
    queryOptions: { refetchInterval: REFRESH.dashboardCardsMs },
  });
  const items = query.data?.data.data;
  return (
    <Panel title="Recent Actions" extra={<Link to="/governance">Audit log</Link>} style={{ height: '100%' }}>
      {query.isError && <LoadError what="the recent actions" error={query.error} onRetry={() => void query.refetch()} />}
      {!query.isError && !items && <p className="shell-quiet" aria-busy="true">Reading the audit log...</p>}
      {items && items.length === 0 && <p className="shell-quiet">No actions yet</p>}
      {items && items.length > 0 && (
        <ul aria-label="Recent actions" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {items.map((a) => (
            <li key={a.id}>
              <Flex vertical style={{ minWidth: 0 }}>
                {a.link ? <Link to={a.link}>{a.what}</Link> : <span>{a.what}</span>}
                <span className="text-secondary" style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
                  {a.who} · <time dateTime={a.at}>{ago(a.at)}</time>
                </span>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
