/** `/orders?id=X` — docs/product/routes-and-roles.md: the order named in the URL opens over the list; closing removes `id`. */
import { Drawer, Flex, Spin } from 'antd';
import { Link } from 'react-router';
import { useOne } from '@refinedev/core';
import { LoadError } from '../shared/list-error';
import { OrderDetailView } from './order-detail';
import { OrderStatusActions } from './order-status-actions';
import type { OrderDetail } from '../../contract/orders';

export function OrderDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { query, result: order } = useOne<OrderDetail>({ resource: 'orders', id: id ?? '', queryOptions: { enabled: !!id } });
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      width={720}
      title={`Order ${id ?? ''}`}
      extra={
        id && (
          <Flex gap={8} align="center">
            {order && <OrderStatusActions order={order} />}
            <Link to={`/orders/${encodeURIComponent(id)}`}>Open page</Link>
          </Flex>
        )
      }
    >
      {query.isLoading && <Spin />}
      {query.isError && <LoadError what={`order ${id}`} error={query.error} onRetry={() => query.refetch()} />}
      {order && <OrderDetailView order={order} />}
    </Drawer>
  );
}
