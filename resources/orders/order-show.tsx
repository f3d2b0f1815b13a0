/** /orders/:id — one order with its status actions (docs/commerce.md), its purchase orders, labels and returns, its live timeline and "Create return" (docs/dropshipping.md). */
import { Show } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import { Button } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { CommandGate } from '../../src/shell/command-gate';
import { OrderTimeline } from './order-timeline';
import { OrderReturns } from './order-returns';
import { OrderPurchaseOrders } from './order-purchase-orders';
import { OrderShipments } from './order-shipments';
import ordersModule from './index';
import { LoadError } from '../shared/list-error';
import { OrderDetailView } from './order-detail';
import { OrderStatusActions } from './order-status-actions';
import { OrderProfitCard } from './order-profit';
import { isReturnable, unitsLeftToReturn, type OrderDetail } from '../../contract/orders';
import { BACK_ICON, PageTitle } from '../../src/shell/page-title';
import { RecordGate } from '../shared/record-page';

export default function OrderShow() {
  return (
    <RecordGate resource="orders">
      <OrderShowView />
    </RecordGate>
  );
}

function OrderShowView() {
  const { query, result: order } = useShow<OrderDetail>({ resource: 'orders' });
  const navigate = useNavigate();
  // a return needs an order that left (shipped, delivered, partially returned) with units not yet in a return
  const returnable = !!order && isReturnable(order.status) && unitsLeftToReturn(order.items) > 0;
  return (
    <Show
      title={<PageTitle>{order ? `Order ${order.id}` : 'Order'}</PageTitle>}
      goBack={BACK_ICON}
      isLoading={query.isLoading}
      canEdit={false}
      canDelete={false}
      headerButtons={({ defaultButtons }) => (
        <>
          {order && <OrderStatusActions order={order} />}
          {order && returnable && (
            <CommandGate command={ordersModule.commands.createReturn}>
              <Button icon={<RollbackOutlined />} onClick={() => navigate(`/returns?create=${encodeURIComponent(order.id)}`)}>
                Create return
              </Button>
            </CommandGate>
          )}
          {defaultButtons}
        </>
      )}
    >
      {query.isError && <LoadError what="the order" error={query.error} onRetry={() => query.refetch()} />}
      {order && <OrderDetailView order={order} />}
      {order?.profit && <OrderProfitCard profit={order.profit} currency={order.currency || 'USD'} />}
      {order && <OrderPurchaseOrders orderId={order.id} />}
      {order && <OrderShipments orderId={order.id} />}
      {order && <OrderReturns orderId={order.id} />}
      {order && <OrderTimeline orderId={order.id} />}
    </Show>
  );
}
