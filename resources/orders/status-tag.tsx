/** Order status as a coloured tag. */
import { Tag } from 'antd';
import { humanize } from '../shared/format';
import type { OrderStatus } from '../../contract/orders';

const COLOR: Record<OrderStatus, string> = {
  pending: 'gold',
  routed: 'blue',
  ordered_from_supplier: 'geekblue',
  shipped: 'cyan',
  delivered: 'green',
  cancelled: 'default',
  returned: 'magenta',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return <Tag color={COLOR[status]}>{humanize(status)}</Tag>;
}
