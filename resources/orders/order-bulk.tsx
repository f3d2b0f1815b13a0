/**
 * Bulk actions of /orders (docs/commerce-ui.md "Orders"): selected orders are routed, get their
 * labels, are held, released or cancelled through POST /orders/bulk, a chunk of orders per request
 * so the progress bar moves, with each order's result (what was done, or why not). Routing, labels
 * and cancelling ask for a confirmation; holding and cancelling for a reason.
 */
import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { useInvalidate } from '@refinedev/core';
import { BulkActionBar, BulkProgressModal, type BulkRunState } from '../shared/bulk-action-bar';
import { runInChunks, type BulkItemResult } from '../shared/bulk-run';
import { useCommand } from '../shared/use-command';
import { ORDER_BULK_MAX, type OrderBulkAction, type OrderBulkResult } from '../../contract/orders';

interface ActionText { button: string; running: (n: number) => string; confirm?: (n: number) => string; detail?: string; reason?: string; danger?: boolean }

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export const ORDER_BULK_TEXT: Record<OrderBulkAction, ActionText> = {
  route: {
    button: 'Route',
    running: (n) => `Routing ${plural(n, 'order')}`,
    confirm: (n) => `Route ${plural(n, 'order')}?`,
    detail: 'The router picks each item\'s supplier and places the purchase orders, under your hold rules. Held orders are skipped: release them first.',
  },
  buy_label: {
    button: 'Buy labels',
    running: (n) => `Buying ${plural(n, 'label')}`,
    confirm: (n) => `Buy labels for ${plural(n, 'order')}?`,
    detail: 'Each order gets the cheapest label that arrives by its promised date; it is charged to your carrier account.',
  },
  hold: { button: 'Hold', running: (n) => `Holding ${plural(n, 'order')}`, reason: 'Hold' },
  release: { button: 'Release hold', running: (n) => `Releasing ${plural(n, 'order')}` },
  cancel: { button: 'Cancel orders', running: (n) => `Cancelling ${plural(n, 'order')}`, reason: 'Cancel', danger: true },
};

export function OrderBulkActions({ selected, onClear, onDone }: { selected: readonly string[]; onClear: () => void; onDone: (failed: string[]) => void }) {
  const send = useCommand();
  const invalidate = useInvalidate();
  const [modal, contextHolder] = Modal.useModal();
  const [run, setRun] = useState<BulkRunState | null>(null);
  const [asking, setAsking] = useState<'hold' | 'cancel' | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  const start = async (action: OrderBulkAction, reason?: string) => {
    const ids = [...selected];
    setRun({ title: ORDER_BULK_TEXT[action].running(ids.length), total: ids.length, done: 0, results: [], running: true });
    const results = await runInChunks(
      ids,
      async (chunk) => (await send<OrderBulkResult[]>('/orders/bulk', { action, ids: chunk, ...(reason ? { reason } : {}) })) as BulkItemResult[],
      (done, partial) => setRun((r) => (r ? { ...r, done, results: partial } : r)),
      ORDER_BULK_MAX,
    );
    setRun((r) => (r ? { ...r, done: ids.length, results, running: false } : r));
    // what failed stays selected, to try again or look at
    onDone(results.filter((r) => !r.ok).map((r) => r.id));
    await invalidate({ resource: 'orders', invalidates: ['list'] });
    if (action === 'buy_label') await invalidate({ resource: 'shipments', invalidates: ['list'] });
  };

  const confirm = (action: OrderBulkAction) => {
    const t = ORDER_BULK_TEXT[action];
    if (t.reason) return setAsking(action as 'hold' | 'cancel');
    if (!t.confirm) return void start(action);
    modal.confirm({ title: t.confirm(selected.length), content: t.detail, okText: t.button, cancelText: 'Not now', onOk: () => void start(action) });
  };

  const submitReason = async () => {
    // an empty reason is shown under the field; nothing is sent
    const reason = await form.validateFields().then((v) => v.reason, () => null);
    if (reason === null) return;
    const action = asking!;
    setAsking(null);
    form.resetFields();
    await start(action, reason.trim());
  };

  const busy = !!run?.running;
  return (
    <>
      {contextHolder}
      <BulkActionBar count={selected.length} onClear={onClear}>
        {(Object.keys(ORDER_BULK_TEXT) as OrderBulkAction[]).map((a) => (
          <Button key={a} danger={ORDER_BULK_TEXT[a].danger} type={a === 'route' ? 'primary' : 'default'} disabled={busy} onClick={() => confirm(a)}>
            {ORDER_BULK_TEXT[a].button}
          </Button>
        ))}
      </BulkActionBar>
      <BulkProgressModal run={run} labelOf={(id) => id} onClose={() => setRun(null)} />
      <Modal
        open={asking !== null}
        title={asking === 'cancel' ? `Cancel ${plural(selected.length, 'order')}?` : `Hold ${plural(selected.length, 'order')}?`}
        okText={asking === 'cancel' ? 'Cancel orders' : 'Hold orders'}
        okButtonProps={{ danger: asking === 'cancel' }}
        cancelText={asking === 'cancel' ? 'Keep orders' : 'Not now'}
        onOk={submitReason}
        onCancel={() => setAsking(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="reason" label="Reason" rules={[{ required: true, whitespace: true, message: asking === 'cancel' ? 'Give a reason for the cancellation' : 'Give a reason for the hold' }, { max: 500 }]}>
            <Input.TextArea rows={3} placeholder={asking === 'cancel' ? 'e.g. Out of stock everywhere' : 'e.g. Waiting for new stock'} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
