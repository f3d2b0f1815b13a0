/**
 * The order's labels (docs/dropshipping.md "Labels"): outbound and return, each with its carrier and
 * service, tracking number, status, postage and when it was bought, and the label's actions (print,
 * void while the carrier has not scanned it). Shown only when the order has any; label events refresh
 * it (Refine liveMode auto on the shipments resource).
 */
import { Table, Tag } from 'antd';
import { carrierService, type ShipmentRow } from '../../contract/fulfillment';
import { LoadError } from '../shared/list-error';
import { dateTime } from '../shared/format';
import { moneyCents } from '../shared/format';
import { ShipmentStatusTag } from '../fulfillment/shipment-status-tag';
import { LabelActions } from '../fulfillment/label-actions';
import { OrderSection } from './order-section';
import { useOrderRows } from './use-order-rows';

export function OrderShipments({ orderId }: { orderId: string }) {
  const { rows, query, hidden } = useOrderRows<ShipmentRow>('shipments', orderId);
  if (hidden) return null;
  return (
    <OrderSection title="Shipments" testId="order-shipments">
      {query.isError && <LoadError what="the order's shipments" error={query.error} onRetry={() => void query.refetch()} />}
      {rows.length > 0 && (
        <Table<ShipmentRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rows}
          scroll={{ x: 900 }}
          columns={[
            { title: 'Status', dataIndex: 'status', render: (s: ShipmentRow['status'], r) => <><ShipmentStatusTag status={s} />{r.direction === 'return' && <Tag>Return</Tag>}</> },
            { title: 'Carrier', dataIndex: 'carrier', render: (c: ShipmentRow['carrier'], r) => carrierService(c, r.service) },
            { title: 'Tracking number', dataIndex: 'tracking_number' },
            { title: 'Postage', dataIndex: 'rate_cents', align: 'right', render: (c: number) => moneyCents(c) },
            { title: 'Bought', dataIndex: 'bought_at', render: dateTime },
            { title: 'Actions', key: 'actions', width: 170, render: (_: unknown, r) => <LabelActions shipment={r} onChanged={() => void query.refetch()} /> },
          ]}
        />
      )}
    </OrderSection>
  );
}
