/**
 * The order's automated steps, live (docs/dropshipping.md "Timeline"): GET /orders/:id/timeline
 * (routed to X because…, PO placed, confirmed, label bought, tracking pushed, carrier scans,
 * returns), refetched when an event naming the order arrives on the orders, fulfillment, shipments
 * or returns channels.
 */
import { Empty, Skeleton, Timeline, Typography } from 'antd';
import { useCustom, useSubscription, type LiveEvent } from '@refinedev/core';
import { resourceChannel } from '../../contract/events';
import type { TimelineEntry } from '../../contract/fulfillment';
import { LoadError } from '../shared/list-error';
import { dateTime } from '../shared/format';
import { useCoalesced } from '../shared/use-coalesced';
import { OrderSection } from './order-section';

const CHANNELS = ['orders', 'fulfillment', 'shipments', 'returns'].map(resourceChannel);

export function OrderTimeline({ orderId }: { orderId: string }) {
  const { query } = useCustom<{ data: TimelineEntry[] }>({
    url: `/orders/${encodeURIComponent(orderId)}/timeline`,
    method: 'get',
    errorNotification: false,
  });
  const refetch = useCoalesced(() => void query.refetch());
  const onEvent = (e: LiveEvent) => {
    const p = e.payload as { id?: unknown; order_id?: unknown };
    if (p.order_id === orderId || p.id === orderId) refetch();
  };
  useSubscription({ channel: CHANNELS[0], types: ['*'], onLiveEvent: onEvent });
  useSubscription({ channel: CHANNELS[1], types: ['*'], onLiveEvent: onEvent });
  useSubscription({ channel: CHANNELS[2], types: ['*'], onLiveEvent: onEvent });
  useSubscription({ channel: CHANNELS[3], types: ['*'], onLiveEvent: onEvent });
  const rows = query.data?.data.data ?? [];
  return (
    <OrderSection title="Timeline">
      {query.isError && <LoadError what="the timeline" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && <Skeleton active />}
      {!query.isPending && !query.isError && rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No automated steps yet" />}
      {rows.length > 0 && (
        <Timeline
          aria-label="Order timeline"
          items={rows.map((r) => ({
            key: r.seq,
            color: r.subject.startsWith('alerts.') || r.subject === 'fulfillment.held' ? 'red' : r.subject === 'labels.tracking' ? 'blue' : 'green',
            children: (
              <>
                <div>{r.text}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{dateTime(r.at)}</Typography.Text>
              </>
            ),
          }))}
        />
      )}
    </OrderSection>
  );
}
