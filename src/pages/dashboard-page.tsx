/**
 * /dashboard — docs/product/shell.md frame: "Welcome back", the title, Quick Actions and the API health the
 * shell already measures, what waits on fulfillment, the top MAP offenders. The other data cards arrive with
 * their domains; until then an honest empty state.
 * Quick Actions offer only the pages the user may open (the page guard's decision).
 */
import { Badge, Button, Flex } from 'antd';
import { AppstoreOutlined, ControlOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../providers/auth/auth-context';
import { HEALTH_LABEL } from '../shell/health/health-check';
import { useHealth } from '../shell/health/health-context';
import { PageHeader } from '../shell/page-header';
import { Panel } from '../shell/panel';
import { useCanOpen } from '../shell/use-access';
import { TopOffendersCard } from '../../resources/listings/top-offenders-card';
import { FulfillmentSummaryCard } from '../../resources/fulfillment/fulfillment-summary-card';

export const QUICK_ACTIONS: readonly { label: string; to: string; icon: ReactNode }[] = [
  { label: 'View Products', to: '/products', icon: <AppstoreOutlined /> },
  { label: 'View Orders', to: '/orders', icon: <ShoppingCartOutlined /> },
  { label: 'Operations', to: '/ops', icon: <ControlOutlined /> },
];

export default function DashboardPage() {
  const { email } = useAuth();
  const health = useHealth();
  const canOpen = useCanOpen();
  return (
    <>
      <PageHeader eyebrow="Welcome back" title="Dashboard" subtitle={email ? `Your store at a glance — signed in as ${email}.` : 'Your store at a glance.'} />
      <div className="dashboard-row">
        <Panel title="Quick Actions" style={{ height: '100%' }}>
          <Flex gap={12} wrap>
            {QUICK_ACTIONS.filter((a) => canOpen(a.to)).map((a) => (
              <Link key={a.to} to={a.to}>
                <Button icon={a.icon}>{a.label}</Button>
              </Link>
            ))}
          </Flex>
        </Panel>
        <Panel title="API Health" style={{ height: '100%' }}>
          <Flex align="center" justify="space-between">
            <Badge
              status={!health ? 'processing' : health.status === 'healthy' ? 'success' : health.status === 'degraded' ? 'warning' : 'error'}
              text={health ? HEALTH_LABEL[health.status] : 'Checking...'}
            />
            <span className="dashboard-latency">
              {health?.latencyMs ?? '—'}
              {health?.latencyMs != null && <span className="dashboard-latency-unit"> ms</span>}
            </span>
          </Flex>
        </Panel>
      </div>
      {canOpen('/fulfillment') && (
        <div className="dashboard-row wide">
          <FulfillmentSummaryCard />
        </div>
      )}
      <div className="dashboard-row narrow-first">
        <TopOffendersCard />
        <Panel title="Revenue, advances, fees and alerts" style={{ height: '100%' }}>
          <p className="shell-quiet">
            <strong>These figures arrive in a later release.</strong>
            <br />
            They will be computed from your real orders, payouts and alerts — nothing is invented here.
          </p>
        </Panel>
      </div>
    </>
  );
}
