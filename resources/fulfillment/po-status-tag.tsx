/** A purchase order's status as a tag (docs/dropshipping.md "Purchase orders"). */
import { Tag } from 'antd';
import type { PoStatus } from '../../contract/fulfillment';
import { humanize } from '../shared/format';

const COLOR: Record<PoStatus, string> = { placed: 'gold', confirmed: 'blue', shipped: 'success', rejected: 'error', cancelled: 'default' };

export function PoStatusTag({ status }: { status: PoStatus }) {
  return <Tag color={COLOR[status] ?? 'default'}>{humanize(status)}</Tag>;
}
