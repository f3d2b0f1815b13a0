/** /orders/:id — one order with its status actions (issue 5 §4). */
import { Show } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import { LoadError } from '../shared/list-error';
import { OrderDetailView } from './order-detail';
import { OrderStatusActions } from './order-status-actions';
import type { OrderDetail } from './types';

export default function OrderShow() {
  const { query, result: order } = useShow<OrderDetail>({ resource: 'orders' });
  return (
    <Show
      title={order ? `Order ${order.id}` : 'Order'}
      isLoading={query.isLoading}
      canEdit={false}
      canDelete={false}
      headerButtons={({ defaultButtons }) => (
        <>
          {order && <OrderStatusActions order={order} />}
          {defaultButtons}
        </>
      )}
    >
      {query.isError && <LoadError what="the order" error={query.error} onRetry={() => query.refetch()} />}
      {order && <OrderDetailView order={order} />}
    </Show>
  );
}
