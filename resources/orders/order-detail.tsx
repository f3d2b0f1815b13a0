/** One order's content — totals, where it ships, items, status history — shared by /orders/:id and the `/orders?id=` drawer. */
import { Card, Descriptions, Flex, Table, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { dateTime, humanize, money } from '../shared/format';
import { OrderStatusTag } from './status-tag';
import { EditShipTo, ShipToBlock } from './order-ship-to';
import { MARKETPLACE_LABEL, type OrderDetail, type OrderItem } from '../../contract/orders';

export function OrderDetailView({ order }: { order: OrderDetail }) {
  const cur = order.currency || 'USD';
  const history = order.status_history ?? [];
  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 24 }}>
        <Descriptions.Item label="Status"><OrderStatusTag status={order.status} /></Descriptions.Item>
        <Descriptions.Item label="Marketplace">{MARKETPLACE_LABEL[order.marketplace] ?? order.marketplace}</Descriptions.Item>
        <Descriptions.Item label="Customer">{order.customer_name ?? 'N/A'}</Descriptions.Item>
        <Descriptions.Item label="Marketplace order id">{order.external_order_id ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Created">{dateTime(order.created_at)}</Descriptions.Item>
        <Descriptions.Item label="Updated">{dateTime(order.updated_at)}</Descriptions.Item>
        <Descriptions.Item label="Subtotal">{money(order.subtotal, cur)}</Descriptions.Item>
        <Descriptions.Item label="Shipping">{money(order.shipping, cur)}</Descriptions.Item>
        <Descriptions.Item label="Tax">{money(order.tax, cur)}</Descriptions.Item>
        <Descriptions.Item label="Marketplace fees">{money(order.fees, cur)}</Descriptions.Item>
        <Descriptions.Item label="Total"><Typography.Text strong>{money(order.total, cur)}</Typography.Text></Descriptions.Item>
        {order.cancel_reason && <Descriptions.Item label="Cancel reason">{order.cancel_reason}</Descriptions.Item>}
        {order.ship_to && (
          <Descriptions.Item label="Ship to" span={2}>
            <Flex justify="space-between" align="flex-start" gap={12} wrap>
              <ShipToBlock address={order.ship_to} />
              <EditShipTo order={order} />
            </Flex>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Card title="Items" size="small" style={{ marginBottom: 24 }}>
        <Table<OrderItem>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={order.items}
          columns={[
            { title: 'SKU', dataIndex: 'sku', render: (sku: string) => <Link to={`/products?sku=${encodeURIComponent(sku)}`}>{sku}</Link> },
            { title: 'Title', dataIndex: 'title', ellipsis: true },
            { title: 'Qty', dataIndex: 'quantity', align: 'right', width: 70 },
            { title: 'Unit price', dataIndex: 'unit_price', align: 'right', render: (n: number) => money(n, cur) },
            { title: 'Line total', key: 'line', align: 'right', render: (_: unknown, i) => money(i.unit_price * i.quantity, cur) },
          ]}
        />
      </Card>
      <Card title="Status history" size="small">
        {history.length === 0 ? (
          <Typography.Text type="secondary">No status changes recorded.</Typography.Text>
        ) : (
          <Timeline
            items={history.map((h) => ({
              children: (
                <>
                  <Typography.Text strong>{humanize(h.to)}</Typography.Text>{' '}
                  <Typography.Text type="secondary">
                    {dateTime(h.at)} · {h.actor}
                  </Typography.Text>
                  {h.reason && <div>{h.reason}</div>}
                </>
              ),
            }))}
          />
        )}
      </Card>
    </>
  );
}
