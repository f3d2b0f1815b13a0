/**
 * The order's purchase orders (docs/dropshipping.md "Purchase orders"): each with its supplier, status,
 * cost and the supplier's answers as they came (sent, confirmed as their reference, rejected and why, shipped),
 * newest first. Shown only when the order has any; purchase order events naming the order refresh it.
 */
import { Space, Table, Typography } from 'antd';
import { useSubscription, type LiveEvent } from '@refinedev/core';
import { Link } from 'react-router';
import { resourceChannel } from '../../contract/events';
import type { PoStatus, PurchaseOrderRow } from '../../contract/fulfillment';
import { LoadError } from '../shared/list-error';
import { OrderSection } from './order-section';
import { useOrderRows } from './use-order-rows';
import { PoStatusTag } from '../fulfillment/po-status-tag';
import { dateTime, humanize } from '../shared/format';
import { moneyCents } from '../shared/format';
import { useCoalesced } from '../shared/use-coalesced';

export function OrderPurchaseOrders({ orderId }: { orderId: string }) {
  const { rows, query, hidden } = useOrderRows<PurchaseOrderRow>('purchase-orders', orderId, 'off');
  const refetch = useCoalesced(() => void query.refetch());
  useSubscription({
    channel: resourceChannel('fulfillment'),
    types: ['*'],
    onLiveEvent: (e: LiveEvent) => {
      if ((e.payload as { order_id?: unknown }).order_id === orderId) refetch();
    },
  });
  if (hidden) return null;
  return (
    <OrderSection title="Purchase orders" testId="order-purchase-orders">
      {query.isError && <LoadError what="the order's purchase orders" error={query.error} onRetry={() => void query.refetch()} />}
      {rows.length > 0 && (
        <Table<PurchaseOrderRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rows}
          scroll={{ x: 760 }}
          columns={[
            { title: 'Purchase order', dataIndex: 'number', width: 130 },
            {
              title: 'Supplier',
              dataIndex: 'supplier_name',
              render: (name: string | null, po) => <Link to={`/suppliers/${encodeURIComponent(po.supplier_id)}`}>{name ?? po.supplier_id}</Link>,
            },
            { title: 'Status', dataIndex: 'status', width: 110, render: (s: PoStatus) => <PoStatusTag status={s} /> },
            { title: 'Cost', dataIndex: 'total_cents', align: 'right', width: 100, render: (c: number) => moneyCents(c) },
            {
              title: "Supplier's answers",
              key: 'answers',
              render: (_: unknown, po) => (
                <Space direction="vertical" size={0}>
                  {po.answers.map((a, i) => (
                    <Typography.Text key={i} style={{ fontSize: 13 }}>
                      {a.message ?? humanize(a.status)} <Typography.Text type="secondary" style={{ fontSize: 12 }}>{dateTime(a.at)}</Typography.Text>
                    </Typography.Text>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      )}
    </OrderSection>
  );
}
