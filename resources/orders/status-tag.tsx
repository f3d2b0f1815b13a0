/** Order status as a coloured tag: the label and colour contract/orders.ts gives each status. */
import { Tag } from 'antd';
import { humanize } from '../shared/format';
import { ORDER_STATUS_COLOR, ORDER_STATUS_LABEL, type OrderStatus } from '../../contract/orders';

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  // a status this build does not know still reads, in the default colour
  return <Tag color={ORDER_STATUS_COLOR[status] ?? 'default'}>{ORDER_STATUS_LABEL[status] ?? humanize(status)}</Tag>;
}
