/** A shipment's status as a tag (docs/dropshipping.md "Labels", "Tracking"). */
import { Tag } from 'antd';
import type { ShipmentStatus } from '../../contract/fulfillment';
import { humanize } from '../shared/format';

const COLOR: Record<ShipmentStatus, string> = {
  label_created: 'blue',
  in_transit: 'processing',
  out_for_delivery: 'cyan',
  delivered: 'success',
  exception: 'error',
  voided: 'default',
};

export function ShipmentStatusTag({ status }: { status: ShipmentStatus }) {
  return <Tag color={COLOR[status] ?? 'default'}>{humanize(status)}</Tag>;
}
