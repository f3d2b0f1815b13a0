/** Recent deliveries of one endpoint (docs/events.md): status, HTTP status, attempts, error, time. */
import { Drawer, Empty, Table, Tag, Typography } from 'antd';
import { useList } from '@refinedev/core';
import { LoadError } from '../shared/list-error';
import type { Delivery, Webhook } from '../../contract/webhooks';
import { dateTime } from '../shared/format';
import { ago } from '../shared/ops-format';

export function WebhookDeliveriesDrawer({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const { query: deliveries } = useList<Delivery>({
    resource: 'webhook-deliveries',
    meta: { path: `/webhooks/${webhook?.id ?? ''}/deliveries` },
    pagination: { currentPage: 1, pageSize: 50 },
    queryOptions: { enabled: !!webhook, refetchInterval: 5_000, staleTime: 0 },
    errorNotification: false,
  });
  return (
    <Drawer open={!!webhook} onClose={onClose} width="min(760px, 100vw)" title="Recent deliveries">
      {webhook && (
        <Typography.Paragraph type="secondary" ellipsis>
          {webhook.url}
        </Typography.Paragraph>
      )}
      {deliveries.isError && <LoadError error={deliveries.error} onRetry={() => void deliveries.refetch()} what="deliveries" />}
      <Table<Delivery>
        rowKey="id"
        size="small"
        loading={deliveries.isPending}
        dataSource={deliveries.data?.data ?? []}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing delivered yet: deliveries appear when a matching event happens" /> }}
        columns={[
          { title: 'Event', dataIndex: 'subject', render: (s: string, r) => <Typography.Text code>{`#${r.event_seq} ${s}`}</Typography.Text> },
          { title: 'Status', dataIndex: 'status', render: (s: Delivery['status']) => <Tag color={s === 'succeeded' ? 'success' : 'error'}>{s === 'succeeded' ? 'Succeeded' : 'Failed'}</Tag> },
          { title: 'HTTP', dataIndex: 'http_status', render: (v: number | null) => v ?? '—', width: 70 },
          { title: 'Attempts', dataIndex: 'attempts', align: 'right', width: 90 },
          { title: 'Error', dataIndex: 'last_error', ellipsis: true, render: (e: string | null) => (e ? <Typography.Text type="danger">{e}</Typography.Text> : '—') },
          { title: 'Time', dataIndex: 'updated_at', width: 100, render: (t: string) => <span title={dateTime(t)}>{ago(t)}</span> },
        ]}
      />
    </Drawer>
  );
}
