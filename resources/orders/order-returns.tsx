/**
 * The order's returns (docs/dropshipping.md "Returns"): each RMA with its status, items and refund,
 * a link to its drawer on /returns. Shown only when the order has any; return events refresh it
 * (Refine liveMode auto on the returns resource).
 */
import { List, Space, Typography } from 'antd';
import { Link } from 'react-router';
import type { ReturnRow } from '../../contract/fulfillment';
import { LoadError } from '../shared/list-error';
import { OrderSection } from './order-section';
import { useOrderRows } from './use-order-rows';
import { dateTime, humanize } from '../shared/format';
import { moneyCents } from '../shared/format';
import { ReturnStatusTag } from '../returns/return-status-tag';

export function OrderReturns({ orderId }: { orderId: string }) {
  const { rows, query, hidden } = useOrderRows<ReturnRow>('returns', orderId);
  if (hidden) return null;
  return (
    <OrderSection title="Returns" testId="order-returns">
      {query.isError && <LoadError what="the order's returns" error={query.error} onRetry={() => void query.refetch()} />}
      {rows.length > 0 && (
        <List
          aria-label="Returns of this order"
          dataSource={rows}
          renderItem={(r) => (
            <List.Item key={r.id}>
              <Space wrap size="middle">
                <Link to={`/returns?id=${encodeURIComponent(r.id)}`}>{r.number}</Link>
                <ReturnStatusTag status={r.status} />
                <span>{humanize(r.reason)}</span>
                <span>{r.items.reduce((n, i) => n + i.quantity, 0)} item(s)</span>
                {r.refund_cents !== null && <span>Refund {moneyCents(r.refund_cents)}</span>}
                <Typography.Text type="secondary">Requested {dateTime(r.created_at)}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </OrderSection>
  );
}
