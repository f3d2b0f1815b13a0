/**
 * The dashboard's own cards (docs/product/shell.md frame): Quick Actions and the API health the shell
 * already measures (Net Revenue and Fees of the month: ./month-figures-card.tsx; Advances
 * Outstanding: resources/capital; Open Alerts and Needs Attention: resources/work). The domains' cards live in their
 * own folders (`dashboardCards` of their page modules). Plain elements and the shell's panel: the
 * dashboard is the first page after sign-in (docs/performance.md "Delivery").
 * Quick Actions offer only the pages the user may open (the page guard's decision).
 */
import { Button, Flex } from 'antd';
import { AppstoreOutlined, ControlOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HEALTH_LABEL } from '../../src/shell/health/health-check';
import { useHealth } from '../../src/shell/health/health-context';
import { Panel } from '../../src/shell/panel';
import { StatusDot } from '../../src/shell/status-dot';
import { useCanOpen } from '../../src/shell/use-access';

export const QUICK_ACTIONS: readonly { label: string; to: string; icon: ReactNode }[] = [
  { label: 'View Products', to: '/products', icon: <AppstoreOutlined /> },
  { label: 'View Orders', to: '/orders', icon: <ShoppingCartOutlined /> },
  { label: 'Operations', to: '/ops', icon: <ControlOutlined /> },
];

export function QuickActionsCard() {
  const canOpen = useCanOpen();
  return (
    <Panel title="Quick Actions" style={{ height: '100%' }}>
      <Flex gap={12} wrap>
        {QUICK_ACTIONS.filter((a) => canOpen(a.to)).map((a) => (
          <Link key={a.to} to={a.to}>
            <Button icon={a.icon}>{a.label}</Button>
          </Link>
        ))}
      </Flex>
    </Panel>
  );
}

export function ApiHealthCard() {
  const health = useHealth();
  return (
    <Panel title="API Health" style={{ height: '100%' }}>
      <Flex align="center" justify="space-between">
        <StatusDot
          status={!health ? 'processing' : health.status === 'healthy' ? 'success' : health.status === 'degraded' ? 'warning' : 'error'}
          text={health ? HEALTH_LABEL[health.status] : 'Checking...'}
        />
        <span className="dashboard-latency">
          {health?.latencyMs ?? '—'}
          {health?.latencyMs != null && <span className="dashboard-latency-unit"> ms</span>}
        </span>
      </Flex>
    </Panel>
  );
}
