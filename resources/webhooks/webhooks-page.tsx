/**
 * /settings/webhooks — outbound webhooks for admins (issue 6 §3, §11): endpoints with their subject
 * filters and last delivery, create / edit, the signing secret shown once on create and rotate,
 * delete with confirmation, and each endpoint's recent deliveries.
 */
import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, HistoryOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotification } from '@refinedev/core';
import { PageHeader } from '../../src/shell/page-header';
import { userMessage } from '../../providers/api';
import { LoadError } from '../shared/list-error';
import { opsApi, type Webhook, type WebhookInput } from '../shared/ops-api';
import { dateTime } from '../shared/format';
import { ago } from '../shared/ops-format';
import { WebhookFormModal } from './webhook-form-modal';
import { WebhookSecretModal } from './webhook-secret-modal';
import { WebhookDeliveriesDrawer } from './webhook-deliveries-drawer';

const KEY = ['webhooks', 'list'] as const;

function LastDelivery({ w }: { w: Webhook }) {
  if (!w.last_delivery_status) return <Typography.Text type="secondary">No deliveries yet</Typography.Text>;
  const ok = w.last_delivery_status === 'succeeded';
  return (
    <Space size={4} direction="vertical">
      <Tag color={ok ? 'success' : 'error'}>{ok ? 'Succeeded' : 'Failed'}</Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} title={dateTime(w.last_delivery_at)}>
        {ago(w.last_delivery_at)}
        {w.failing_deliveries > 0 && ` · ${w.failing_deliveries} failing`}
      </Typography.Text>
    </Space>
  );
}

export default function WebhooksPage() {
  const client = useQueryClient();
  const { open: notify } = useNotification();
  const { modal } = App.useApp();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => opsApi.webhooks(signal), refetchInterval: 10_000, staleTime: 0 });
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<Webhook | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['webhooks'] });

  const save = async (values: WebhookInput) => {
    if (editing === 'new') {
      const created = await opsApi.createWebhook(values);
      setSecret({ url: created.url, value: created.secret });
      notify?.({ type: 'success', message: 'Webhook created' });
    } else if (editing) {
      await opsApi.updateWebhook(editing.id, values);
      notify?.({ type: 'success', message: 'Webhook saved' });
    }
    setEditing(null);
    refresh();
  };

  const rotate = (w: Webhook) =>
    modal.confirm({
      title: 'Rotate the signing secret?',
      content: 'Deliveries are signed with the new secret at once; receivers still checking the old one will reject them until updated.',
      okText: 'Rotate secret',
      onOk: async () => {
        try {
          const r = await opsApi.rotateSecret(w.id);
          setSecret({ url: r.url, value: r.secret });
        } catch (e) {
          notify?.({ type: 'error', message: 'Could not rotate the secret', description: userMessage(e) });
        }
      },
    });

  const remove = async (w: Webhook) => {
    try {
      await opsApi.deleteWebhook(w.id);
      notify?.({ type: 'success', message: 'Webhook deleted' });
      refresh();
    } catch (e) {
      notify?.({ type: 'error', message: 'Could not delete the webhook', description: userMessage(e) });
    }
  };

  const columns: ColumnsType<Webhook> = [
    {
      title: 'Endpoint',
      dataIndex: 'url',
      render: (url: string, w) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ wordBreak: 'break-all' }}>
            {url}
          </Typography.Text>
          {w.description && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {w.description}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    {
      title: 'Subjects',
      dataIndex: 'subjects',
      render: (s: string[]) => (
        <Flex gap={4} wrap>
          {s.map((x) => (
            <Tag key={x} style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>
              {x}
            </Tag>
          ))}
        </Flex>
      ),
    },
    { title: 'Active', dataIndex: 'active', width: 90, render: (a: boolean) => (a ? <Tag color="green">Active</Tag> : <Tag>Paused</Tag>) },
    { title: 'Last delivery', key: 'last', width: 160, render: (_: unknown, w) => <LastDelivery w={w} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 190,
      render: (_: unknown, w) => (
        <Space size={0} wrap>
          <Tooltip title="Recent deliveries">
            <Button type="text" icon={<HistoryOutlined />} onClick={() => setDeliveriesOf(w)} aria-label={`Deliveries of ${w.url}`} />
          </Tooltip>
          <Tooltip title="Edit">
            <Button type="text" icon={<EditOutlined />} onClick={() => setEditing(w)} aria-label={`Edit ${w.url}`} />
          </Tooltip>
          <Tooltip title="Rotate secret">
            <Button type="text" icon={<KeyOutlined />} onClick={() => rotate(w)} aria-label={`Rotate secret of ${w.url}`} />
          </Tooltip>
          <Popconfirm
            title="Delete this webhook?"
            description="Events stop going to this endpoint. Its delivery history is deleted with it."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(w)}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${w.url}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow={<Link to="/settings">Settings</Link>}
        title="Webhooks"
        subtitle="Send your store's events to other systems. Failed deliveries are retried, then wait in the DLQ for a replay."
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            New webhook
          </Button>
        }
      />
      <Card>
        {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} what="webhooks" />}
        <Table<Webhook>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.data ?? []}
          loading={list.isPending}
          pagination={false}
          scroll={{ x: 820 }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No webhooks yet">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  New webhook
                </Button>
              </Empty>
            ),
          }}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
          Deliveries that keep failing are listed in <Link to="/ops/dlq?consumer=webhooks">DLQ Management</Link>.
        </Typography.Paragraph>
      </Card>
      <WebhookFormModal target={editing} onCancel={() => setEditing(null)} onSubmit={save} />
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
      <WebhookDeliveriesDrawer webhook={deliveriesOf} onClose={() => setDeliveriesOf(null)} />
    </>
  );
}
