/** A return's status as a tag (docs/dropshipping.md "Returns"). */
import { Tag } from 'antd';
import type { RmaStatus } from '../../contract/fulfillment';
import { humanize } from '../shared/format';

const COLOR: Record<RmaStatus, string> = {
  requested: 'gold',
  approved: 'blue',
  in_transit: 'processing',
  received: 'cyan',
  refunded: 'success',
  replaced: 'success',
  rejected: 'default',
};

export function ReturnStatusTag({ status }: { status: RmaStatus }) {
  return <Tag color={COLOR[status] ?? 'default'}>{humanize(status)}</Tag>;
}
