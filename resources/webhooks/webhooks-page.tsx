/**
 * /settings/webhooks — outbound webhooks for admins (docs/events.md): endpoints with their subject
 * filters and last delivery, create / edit, the signing secret shown once on create and rotate,
 * delete with confirmation, and each endpoint's recent deliveries.
 */
import { useState } from 'react';
import { App, Button, Card, Empty, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, HistoryOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useCreate, useCustomMutation, useDelete, useInvalidate, useList, useNotification, useUpdate } from '@refinedev/core';
import { PageHeader } from '../../src/shell/page-header';
import { finalMessage } from '../../providers/api';
import { LoadError } from '../shared/list-error';
import type { Webhook, WebhookInput } from '../../contract/webhooks';
import { dateTime } from '../shared/format';
import { ago } from '../shared/ops-format';
import { useCommandAllowed } from '../../src/shell/command-gate';
import webhooksModule from './index';
import { WebhookFormModal } from './webhook-form-modal';
import { WebhookSecretModal } from './webhook-secret-modal';
import { WebhookDeliveriesDrawer } from './webhook-deliveries-drawer';
import { SubjectTags } from '../shared/subject-tags';

/** The page reports its own outcomes (toasts with its words, field errors in the form). */
const QUIET = { successNotification: false, errorNotification: false } as const;

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
  // every change to a webhook needs manage:integrations (Refine's useCan)
  const mayManage = useCommandAllowed(webhooksModule.commands.manage);
  const { open: notify } = useNotification();
  const { modal } = App.useApp();
  const { query: list } = useList<Webhook>({
    resource: 'webhooks',
    pagination: { mode: 'off' },
    queryOptions: { refetchInterval: 10_000, staleTime: 0 },
    errorNotification: false,
  });
  const invalidate = useInvalidate();
  const { mutateAsync: create } = useCreate<Webhook>();
  const { mutateAsync: update } = useUpdate<Webhook>();
  const { mutateAsync: remove_ } = useDelete<Webhook>();
  const { mutateAsync: command } = useCustomMutation<{ data: Webhook }>();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<Webhook | null>(null);
  const refresh = () => void invalidate({ resource: 'webhooks', invalidates: ['list'] });

  const save = async (values: WebhookInput) => {
    if (editing === 'new') {
      const { data: created } = await create({ resource: 'webhooks', values, ...QUIET });
      setSecret({ url: created.url, value: created.secret });
      notify?.({ type: 'success', message: 'Webhook created' });
    } else if (editing) {
      await update({ resource: 'webhooks', id: editing.id, values, ...QUIET });
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
          const r = (await command({ url: `/webhooks/${w.id}/rotate-secret`, method: 'post', values: {}, ...QUIET })).data.data;
          setSecret({ url: r.url, value: r.secret });
        } catch (e) {
          notify?.({ type: 'error', message: 'Could not rotate the secret', description: finalMessage(e) });
        }
      },
    });

  const remove = async (w: Webhook) => {
    try {
      await remove_({ resource: 'webhooks', id: w.id, ...QUIET });
      notify?.({ type: 'success', message: 'Webhook deleted' });
      refresh();
    } catch (e) {
      notify?.({ type: 'error', message: 'Could not delete the webhook', description: finalMessage(e) });
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
      render: (s: string[]) => <SubjectTags subjects={s} />,
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
          {mayManage && (
            <Tooltip title="Edit">
              <Button type="text" icon={<EditOutlined />} onClick={() => setEditing(w)} aria-label={`Edit ${w.url}`} />
            </Tooltip>
          )}
          {mayManage && (
            <Tooltip title="Rotate secret">
              <Button type="text" icon={<KeyOutlined />} onClick={() => rotate(w)} aria-label={`Rotate secret of ${w.url}`} />
            </Tooltip>
          )}
          {mayManage && (
            <Popconfirm
              title="Delete this webhook?"
              description="Events stop going to this endpoint. Its delivery history is deleted with it."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(w)}
            >
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${w.url}`} />
            </Popconfirm>
          )}
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
          mayManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              New webhook
            </Button>
          )
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
                {mayManage && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                    New webhook
                  </Button>
                )}
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
