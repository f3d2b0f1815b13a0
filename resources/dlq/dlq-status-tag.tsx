/** DLQ entry status as a tag: pending needs a decision (red), replayed and discarded are settled. */
import { Tag } from 'antd';
import type { DlqStatus } from '../../contract/dlq';

const COLOR: Record<DlqStatus, string> = { pending: 'red', replayed: 'blue', discarded: 'default' };
const LABEL: Record<DlqStatus, string> = { pending: 'Pending', replayed: 'Replayed', discarded: 'Discarded' };

export function DlqStatusTag({ status }: { status: DlqStatus }) {
  return <Tag color={COLOR[status] ?? 'default'}>{LABEL[status] ?? status}</Tag>;
}
