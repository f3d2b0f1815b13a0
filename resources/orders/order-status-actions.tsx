/**
 * What a person does to one order — docs/commerce.md "Order statuses", docs/dropshipping.md "Routing
 * by hand": route it (the router picks the suppliers and places the purchase orders, under the hold
 * rules; a held order is released first), hold or release it, move it along the statuses a person
 * sets (the router's own are not offered), cancel it with a reason. Each asks for a confirmation and
 * refreshes the order and the list.
 */
import { useState } from 'react';
import { Button, Dropdown, Form, Input, Modal, Space, Tooltip } from 'antd';
import { BranchesOutlined, DownOutlined, PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useInvalidate, useNotification } from '@refinedev/core';
import { finalMessage } from '../../providers/api';
import { useCommand } from '../shared/use-command';
import { useCommandAllowed } from '../../src/shell/command-gate';
import { humanize } from '../shared/format';
import ordersModule from './index';
import { HOLDABLE_STATUSES, ROUTABLE_STATUSES, personTransitions, type Order, type OrderStatus } from '../../contract/orders';

/** The statuses a person may move an order to from `status` (cancel has its own action; routing is the router's). */
export function nextStatuses(status: OrderStatus): OrderStatus[] {
  // a status this build does not know offers no moves rather than failing
  return personTransitions(status).filter((s) => s !== 'cancelled');
}

type Reasoned = 'cancel' | 'hold';

const REASONED: Record<Reasoned, { title: (id: string) => string; ok: string; placeholder: string; required: string }> = {
  cancel: { title: (id) => `Cancel order ${id}?`, ok: 'Cancel order', placeholder: 'e.g. Customer asked to cancel', required: 'Give a reason for the cancellation' },
  hold: { title: (id) => `Hold order ${id}?`, ok: 'Hold order', placeholder: 'e.g. Waiting for the customer to confirm the address', required: 'Give a reason for the hold' },
};

export function OrderStatusActions({ order }: { order: Pick<Order, 'id' | 'status'> & { hold_reason?: string | null } }) {
  const invalidate = useInvalidate();
  const send = useCommand();
  const { open } = useNotification();
  const [modal, contextHolder] = Modal.useModal();
  const [asking, setAsking] = useState<Reasoned | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  // offered only to roles that may write orders (the permission matrix, through Refine's useCan)
  const mayMove = useCommandAllowed(ordersModule.commands.changeStatus);
  const mayCancel = useCommandAllowed(ordersModule.commands.cancel);
  const mayRoute = useCommandAllowed(ordersModule.commands.route);
  const mayHold = useCommandAllowed(ordersModule.commands.hold);
  const held = Boolean(order.hold_reason);
  const next = mayMove ? nextStatuses(order.status) : [];
  const canCancel = mayCancel && personTransitions(order.status).includes('cancelled');
  const canRoute = mayRoute && !held && ROUTABLE_STATUSES.includes(order.status);
  const canHold = mayHold && !held && HOLDABLE_STATUSES.includes(order.status);
  const canRelease = mayHold && held;
  const path = (what: string) => `/orders/${encodeURIComponent(order.id)}/${what}`;

  const refresh = () => invalidate({ resource: 'orders', invalidates: ['list', 'detail'], id: order.id });

  const call = async <T,>(url: string, body: object, done: (answer: T) => { type: 'success' | 'error'; message: string; description?: string }) => {
    setBusy(true);
    try {
      const answer = await send<T>(url, body);
      open?.(done(answer));
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
      cancelText: 'Keep status',
      onOk: () => call(path('status'), { status: to }, () => ({ type: 'success', message: `Order ${order.id} is now ${humanize(to).toLowerCase()}` })),
    });

  const route = () =>
    modal.confirm({
      title: `Route order ${order.id}?`,
      content: 'The router picks each item\'s supplier and places the purchase orders, under your hold rules.',
      okText: 'Route to suppliers',
      cancelText: 'Not now',
      onOk: () =>
        call<{ outcome: 'placed' | 'held'; message: string }>(path('route'), {}, (a) =>
          a.outcome === 'held'
            ? { type: 'error', message: `Order ${order.id} was held`, description: a.message }
            : { type: 'success', message: `Order ${order.id} routed`, description: a.message },
        ),
    });

  const release = () =>
    modal.confirm({
      title: `Release the hold on order ${order.id}?`,
      content: `On hold: ${order.hold_reason}. The router routes it again past your hold rules; an item without a supplier still holds it.`,
      okText: 'Release hold',
      cancelText: 'Keep on hold',
      onOk: () => call(path('release-hold'), {}, () => ({ type: 'success', message: `Order ${order.id} released` })),
    });

  const submitReason = async () => {
    // an empty reason is shown under the field; nothing is sent
    const reason = await form.validateFields().then((v) => v.reason, () => null);
    if (reason === null) return;
    const what = asking!;
    const ok = await call(path(what), { reason: reason.trim() }, () => ({ type: 'success', message: what === 'cancel' ? `Order ${order.id} was cancelled` : `Order ${order.id} is on hold` }));
    if (ok) {
      setAsking(null);
      form.resetFields();
    }
  };

  if (next.length === 0 && !canCancel && !canRoute && !canHold && !canRelease) return null;
  const ask = asking ? REASONED[asking] : null;
  return (
    <Space wrap>
      {contextHolder}
      {canRoute && (
        <Button icon={<BranchesOutlined />} loading={busy} onClick={route}>
          Route to suppliers
        </Button>
      )}
      {canRelease && (
        <Tooltip title={`On hold: ${order.hold_reason}`}>
          <Button icon={<PlayCircleOutlined />} loading={busy} onClick={release}>
            Release hold
          </Button>
        </Tooltip>
      )}
      {canHold && (
        <Button icon={<PauseCircleOutlined />} disabled={busy} onClick={() => setAsking('hold')}>
          Hold
        </Button>
      )}
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
        <Button danger icon={<StopOutlined />} disabled={busy} onClick={() => setAsking('cancel')}>
          Cancel order
        </Button>
      )}
      <Modal
        open={ask !== null}
        title={ask?.title(order.id)}
        okText={ask?.ok}
        okButtonProps={{ danger: asking === 'cancel', loading: busy }}
        cancelText={asking === 'cancel' ? 'Keep order' : 'Not now'}
        onOk={submitReason}
        onCancel={() => setAsking(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="reason" label="Reason" rules={[{ required: true, whitespace: true, message: ask?.required }, { max: 500 }]}>
            <Input.TextArea rows={3} placeholder={ask?.placeholder} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
