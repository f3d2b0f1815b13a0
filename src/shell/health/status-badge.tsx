/** Top-bar status badge — docs/product/shell.md "States and transitions" (health badge): Healthy, Degraded or Offline (Checking... before the first answer). */
import { Tooltip } from 'antd';
import { StatusDot } from '../status-dot';
import { HEALTH_LABEL, type HealthStatus } from './health-check';
import { useHealth } from './health-context';

const COLOR: Record<HealthStatus, 'success' | 'warning' | 'error'> = { healthy: 'success', degraded: 'warning', offline: 'error' };

export function StatusBadge({ compact = false }: { compact?: boolean }) {
  const reading = useHealth();
  const label = reading ? HEALTH_LABEL[reading.status] : 'Checking...';
  const detail = reading?.latencyMs != null ? `API ${label.toLowerCase()} · ${reading.latencyMs} ms` : `API ${label.toLowerCase()}`;
  return (
    <Tooltip title={detail}>
      <span role="status" aria-label={`API status: ${label}`} data-testid="status-badge" style={{ whiteSpace: 'nowrap' }}>
        <StatusDot status={reading ? COLOR[reading.status] : 'processing'} text={compact ? undefined : label} />
      </span>
    </Tooltip>
  );
}
