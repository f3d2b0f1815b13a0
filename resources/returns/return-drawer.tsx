/** One return in a drawer (docs/dropshipping.md "Returns"): items, condition, resolution, history, the return label and the actions. */
import { Descriptions, Drawer, Skeleton, Table, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { useOne } from '@refinedev/core';
import type { ReturnRow } from '../../contract/fulfillment';
import { LoadError } from '../shared/list-error';
import { dateTime, humanize } from '../shared/format';
import { moneyCents } from '../shared/format';
import { ReturnStatusTag } from './return-status-tag';
import { ReturnActions } from './return-actions';
import { ReturnLabelButton } from './return-label-button';

export function ReturnDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { query, result: r } = useOne<ReturnRow>({ resource: 'returns', id: id ?? '', queryOptions: { enabled: !!id }, errorNotification: false });
  return (
    <Drawer open={!!id} onClose={onClose} width={640} title={r ? `Return ${r.number}` : 'Return'} destroyOnHidden>
      {query.isError && <LoadError what="the return" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isLoading && <Skeleton active />}
      {r && (
        <>
          <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Status"><ReturnStatusTag status={r.status} /></Descriptions.Item>
            <Descriptions.Item label="Order"><Link to={`/orders/${encodeURIComponent(r.order_id)}`}>{r.order_id}</Link></Descriptions.Item>
            <Descriptions.Item label="Reason">{humanize(r.reason)}{r.note ? ` — ${r.note}` : ''}</Descriptions.Item>
            {r.condition && <Descriptions.Item label="Condition">{humanize(r.condition)}{r.restocked ? ' (back in stock)' : ''}</Descriptions.Item>}
            {r.refund_cents !== null && <Descriptions.Item label="Refunded">{moneyCents(r.refund_cents)}</Descriptions.Item>}
            {r.replacement_order_id && (
              <Descriptions.Item label="Replacement order"><Link to={`/orders/${encodeURIComponent(r.replacement_order_id)}`}>{r.replacement_order_id}</Link></Descriptions.Item>
            )}
            {r.reject_reason && <Descriptions.Item label="Rejected because">{r.reject_reason}</Descriptions.Item>}
            {r.return_shipment_id && <Descriptions.Item label="Return label"><ReturnLabelButton shipmentId={r.return_shipment_id} /></Descriptions.Item>}
          </Descriptions>
          <div style={{ marginBottom: 16 }}>
            <ReturnActions rma={r} onChanged={() => void query.refetch()} />
          </div>
          <Typography.Title level={2} style={{ fontSize: 16 }}>Items</Typography.Title>
          <Table
            rowKey="order_item_id"
            size="small"
            pagination={false}
            dataSource={r.items}
            style={{ marginBottom: 16 }}
            columns={[
              { title: 'SKU', dataIndex: 'sku' },
              { title: 'Title', dataIndex: 'title', ellipsis: true },
              { title: 'Qty', dataIndex: 'quantity', align: 'right' },
              { title: 'Unit price', dataIndex: 'unit_price_cents', align: 'right', render: (c: number) => moneyCents(c) },
            ]}
          />
          <Typography.Title level={2} style={{ fontSize: 16 }}>History</Typography.Title>
          <Timeline
            items={r.history.map((h) => ({
              children: (
                <>
                  <Typography.Text strong>{humanize(h.status)}</Typography.Text>{' '}
                  <Typography.Text type="secondary">{dateTime(h.at)}{h.by ? ` · ${h.by}` : ''}</Typography.Text>
                  {h.note && <div>{h.note}</div>}
                </>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
