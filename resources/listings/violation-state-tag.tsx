/** A MAP violation's state (contract/listings.ts VIOLATION_STATES). */
import { Tag } from 'antd';
import type { ViolationState } from '../../contract/listings';

const LOOK: Record<ViolationState, { color: string; label: string }> = {
  open: { color: 'red', label: 'Open' },
  notified: { color: 'orange', label: 'Notified' },
  resolved: { color: 'green', label: 'Resolved' },
};

export function ViolationStateTag({ state }: { state: ViolationState }) {
  return <Tag color={LOOK[state].color}>{LOOK[state].label}</Tag>;
}
