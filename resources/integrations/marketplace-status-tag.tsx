/**
 * A marketplace account's status as a coloured tag (contract/marketplaces.ts MARKETPLACE_STATUSES).
 * Preset colours, not the status ones: antd's status tags fail WCAG AA contrast (axe).
 */
import { Tag } from 'antd';
import type { MarketplaceStatus } from '../../contract/marketplaces';

const LOOK: Record<MarketplaceStatus, { color: string; label: string }> = {
  pending: { color: 'blue', label: 'Verifying' },
  connected: { color: 'green', label: 'Connected' },
  error: { color: 'red', label: 'Error' },
  paused: { color: 'default', label: 'Paused' },
};

export function MarketplaceStatusTag({ status }: { status: MarketplaceStatus }) {
  const l = LOOK[status];
  return <Tag color={l.color}>{l.label}</Tag>;
}
