/**
 * Status change and cancel of one order — docs/commerce.md "Order statuses", docs/product/business-rules.md "Orders". Only the allowed next statuses
 * are offered (the transition table the server enforces, 409 otherwise); cancelling asks for a reason
 * and a confirmation. Both refresh the order and the list.
 */
import { useState } from 'react';
import { Button, Dropdown, Form, Input, Modal, Space } from 'antd';
import { DownOutlined, StopOutlined } from '@ant-design/icons';
import { useInvalidate, useNotification } from '@refinedev/core';
import { finalMessage } from '../../providers/api';
import { useCommand } from '../shared/use-command';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { humanize } from '../shared/format';
import ordersModule from './index';
import { ORDER_TRANSITIONS, type Order, type OrderStatus } from '../../contract/orders';

/** The statuses a person may move an order to from `status` (cancel has its own action). */
export function nextStatuses(status: OrderStatus): OrderStatus[] {
  // a status this build does not know offers no moves rather than failing
  return (ORDER_TRANSITIONS[status] ?? []).filter((s) => s !== 'cancelled');
}

export function OrderStatusActions({ order }: { order: Pick<Order, 'id' | 'status'> }) {
  const invalidate = useInvalidate();
  const send = useCommand();
  const { open } = useNotification();
  const [modal, contextHolder] = Modal.useModal();
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  // offered only to roles that may write orders (the permission matrix, through Refine's useCan)
  const mayMove = useCommandAllowed(ordersModule.commands.changeStatus);
  const mayCancel = useCommandAllowed(ordersModule.commands.cancel);
  const next = mayMove ? nextStatuses(order.status) : [];
  const canCancel = mayCancel && (ORDER_TRANSITIONS[order.status] ?? []).includes('cancelled');

  const refresh = () => invalidate({ resource: 'orders', invalidates: ['list', 'detail'], id: order.id });

  const call = async (path: string, body: object, done: string) => {
    setBusy(true);
    try {
      await send(path, body);
      open?.({ type: 'success', message: done });
      await refresh();
      return true;
    } catch (e) {
      open?.({ type: 'error', message: 'The order was not changed', description: finalMessage(e) });
      // the order may have moved on meanwhile (409): show its current state
      await refresh();
      return false;
    } finally {
      setBusy(false);
    }
  };

  const move = (to: OrderStatus) =>
    modal.confirm({
      title: `Mark order ${order.id} as ${humanize(to).toLowerCase()}?`,
      okText: 'Change status',
      onOk: () => call(`/orders/${encodeURIComponent(order.id)}/status`, { status: to }, `Order ${order.id} is now ${humanize(to).toLowerCase()}`),
    });

  const cancel = async () => {
    const { reason } = await form.validateFields();
    const ok = await call(`/orders/${encodeURIComponent(order.id)}/cancel`, { reason: reason.trim() }, `Order ${order.id} was cancelled`);
    if (ok) {
      setCancelling(false);
      form.resetFields();
    }
  };

  if (next.length === 0 && !canCancel) return null;
  return (
    <Space>
      {contextHolder}
      {next.length > 0 && (
        <Dropdown
          trigger={['click']}
          disabled={busy}
          menu={{ items: next.map((s) => ({ key: s, label: humanize(s) })), onClick: ({ key }) => move(key as OrderStatus) }}
        >
          <Button loading={busy}>
            Change status <DownOutlined />
          </Button>
        </Dropdown>
      )}
      {canCancel && (
        <Button danger icon={<StopOutlined />} disabled={busy} onClick={() => setCancelling(true)}>
          Cancel order
        </Button>
      )}
      <Modal
        open={cancelling}
        title={`Cancel order ${order.id}?`}
        okText="Cancel order"
        okButtonProps={{ danger: true, loading: busy }}
        cancelText="Keep order"
        onOk={cancel}
        onCancel={() => setCancelling(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label="Reason"
            rules={[{ required: true, whitespace: true, message: 'Give a reason for the cancellation' }, { max: 500 }]}
          >
            <Input.TextArea rows={3} placeholder="e.g. Customer asked to cancel" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
