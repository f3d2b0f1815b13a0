/**
 * Diagnostics drawer — docs/product/shell.md: "System Diagnostics" with API Health (status, latency, endpoint),
 * Request Statistics (total, mocked with %, error rate red above 5 %) and Environment (mode,
 * version, signed-in email), plus the tip that the status badge is enough for most users.
 * "Mode" is shown as "Build mode" (how this app bundle was built) beside "Server environment" (what
 * the server runs as, from GET /health — the Ops Console's value): two facts, each named
 * (docs/decisions.md).
 */
import { Alert, Descriptions, Drawer, Grid, Typography } from 'antd';
import { HEALTH } from '../../contract/constants';
import type { RequestStats } from '../../providers/api';
import { HEALTH_LABEL } from './health/health-check';
import { useHealth } from './health/health-context';
import { useServerFact } from './health/use-server-environment';

export interface DiagnosticsDrawerProps {
  open: boolean;
  onClose: () => void;
  stats: RequestStats;
  mode: string;
  version: string;
  email: string | null;
  /** Reads GET /health; tests pass a fake. */
  fetchFn?: typeof fetch;
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

export function DiagnosticsDrawer({ open, onClose, stats, mode, version, email, fetchFn }: DiagnosticsDrawerProps) {
  const health = useHealth();
  const server = useServerFact(open ? (health?.endpoint ?? null) : null, 'environment', fetchFn);
  const screens = Grid.useBreakpoint();
  const errorRed = stats.errorRate > HEALTH.errorRateRedAbove;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={screens.sm ? 440 : '100%'}
      title={
        <div>
          <div>System Diagnostics</div>
          <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 13 }}>
            Advanced metrics and monitoring for power users
          </Typography.Text>
        </div>
      }
    >
      <Typography.Title level={2} style={{ fontSize: 15, marginBottom: 8 }}>API Health</Typography.Title>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 24 }}>
        <Descriptions.Item label="Status">{health ? HEALTH_LABEL[health.status] : 'Checking...'}</Descriptions.Item>
        <Descriptions.Item label="Latency">{health?.latencyMs != null ? `${health.latencyMs} ms` : '—'}</Descriptions.Item>
        <Descriptions.Item label="Endpoint">
          <Typography.Text code>{health ? `HEAD ${health.endpoint}` : '—'}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>

      <Typography.Title level={2} style={{ fontSize: 15, marginBottom: 8 }}>Request Statistics</Typography.Title>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 8 }}>
        <Descriptions.Item label="Total requests">{stats.total}</Descriptions.Item>
        <Descriptions.Item label="Mocked responses">
          {stats.mocked} ({stats.mockedPercent.toFixed(1)}%)
        </Descriptions.Item>
        <Descriptions.Item label="Error rate">
          <span data-testid="error-rate" style={errorRed ? { color: '#e03131', fontWeight: 600 } : undefined}>
            {percent(stats.errorRate)}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 24 }}>
        Over the last 60 seconds.
      </Typography.Paragraph>

      <Typography.Title level={2} style={{ fontSize: 15, marginBottom: 8 }}>Environment</Typography.Title>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 24 }}>
        <Descriptions.Item label="Build mode">
          <span data-testid="build-mode">{mode}</span>
        </Descriptions.Item>
        <Descriptions.Item label="Server environment">
          <span data-testid="server-environment">
            {server.state === 'known' ? server.value : server.state === 'loading' ? 'Checking...' : 'Unknown'}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="Version">{version}</Descriptions.Item>
        <Descriptions.Item label="Signed in as">{email ?? '—'}</Descriptions.Item>
      </Descriptions>

      <Alert type="info" showIcon message="Tip: most users can just check the status badge in the top bar." />
    </Drawer>
  );
}
