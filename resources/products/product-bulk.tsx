/**
 * Bulk price / stock edit and bulk delete of selected products — docs/commerce.md: confirmation first,
 * progress while it runs, one result per product (`POST /api/products/bulk`, a chunk at a time).
 * A product whose new price would fall below its MAP price fails alone; the others still apply.
 */
import { useState } from 'react';
import { Button, Form, InputNumber, Modal } from 'antd';
import { DeleteOutlined, DollarOutlined, InboxOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { useCommand, type Send } from '../shared/use-command';
import { BulkActionBar, BulkProgressModal, type BulkRunState } from '../shared/bulk-action-bar';
import { runInChunks, type BulkItemResult } from '../shared/bulk-run';
import { CommandGate } from '../../src/shell/command-gate';
import productsModule from './index';
import { money } from '../shared/format';
import { PRICE_DELTA_PCT, type BulkAnswer, type BulkResult, type Product } from '../../contract/products';
import { PriceChangeFields } from '../shared/price-change-fields';

export type BulkChanges = { price: number } | { price_delta_pct: number } | { stock: number };

async function sendBulk(send: Send, action: 'update' | 'delete', ids: string[], changes?: BulkChanges): Promise<BulkItemResult[]> {
  const answer = await send<BulkAnswer | BulkResult[]>('/products/bulk', { action, ids, ...(changes ? { changes } : {}) });
  return Array.isArray(answer) ? answer : answer.results;
}

type Editing = 'price' | 'stock' | null;

interface PriceForm { mode: 'set' | 'percent'; value: number }

export function ProductBulkActions({ selected, onClear }: { selected: Product[]; onClear: () => void }) {
  const invalidate = useInvalidate();
  const send = useCommand();
  const [modal, contextHolder] = Modal.useModal();
  const [editing, setEditing] = useState<Editing>(null);
  const [run, setRun] = useState<BulkRunState | null>(null);
  const [priceForm] = Form.useForm<PriceForm>();
  const [stockForm] = Form.useForm<{ stock: number }>();
  // labels of the run's products, kept after the selection clears
  const [labels, setLabels] = useState(new Map<string, string>());
  const count = selected.length;
  const noun = `${count} product${count === 1 ? '' : 's'}`;

  const start = async (title: string, action: 'update' | 'delete', changes?: BulkChanges) => {
    const ids = selected.map((p) => p.id);
    setLabels(new Map(selected.map((p) => [p.id, `${p.title} (${p.sku})`])));
    setRun({ title, total: ids.length, done: 0, results: [], running: true });
    const results = await runInChunks(
      ids,
      (chunk) => sendBulk(send, action, chunk, changes),
      (done, partial) => setRun((r) => r && { ...r, done, results: partial }),
    );
    setRun((r) => r && { ...r, done: ids.length, results, running: false });
    await invalidate({ resource: 'products', invalidates: ['list', 'many', 'detail'] });
    // what failed stays selected, to retry or inspect
    if (results.every((r) => r.ok)) onClear();
  };

  const confirm = (title: string, content: string, danger: boolean, onOk: () => void) =>
    modal.confirm({ title, content, okText: danger ? 'Delete' : 'Apply', okButtonProps: { danger }, onOk });

  const submitPrice = async () => {
    const { mode, value } = await priceForm.validateFields();
    const changes: BulkChanges = mode === 'set' ? { price: value } : { price_delta_pct: value };
    const what = mode === 'set' ? `set the price to ${money(value)}` : `change the price by ${value > 0 ? '+' : ''}${value}%`;
    setEditing(null);
    confirm(`Update ${noun}?`, `This will ${what} for ${noun} (every variant).`, false, () => void start('Updating prices', 'update', changes));
  };

  const submitStock = async () => {
    const { stock } = await stockForm.validateFields();
    setEditing(null);
    confirm(`Update ${noun}?`, `This will set the stock to ${stock} for ${noun} (every variant).`, false, () =>
      void start('Updating stock', 'update', { stock }),
    );
  };

  const remove = () =>
    confirm(`Delete ${noun}?`, 'Deleted products and their variants cannot be restored.', true, () => void start('Deleting products', 'delete'));

  return (
    <>
      {contextHolder}
      <BulkActionBar count={count} onClear={onClear}>
        <CommandGate command={productsModule.commands.bulkPrice}>
          <Button icon={<DollarOutlined />} onClick={() => setEditing('price')}>
            Edit price
          </Button>
        </CommandGate>
        <CommandGate command={productsModule.commands.bulkStock}>
          <Button icon={<InboxOutlined />} onClick={() => setEditing('stock')}>
            Edit stock
          </Button>
        </CommandGate>
        <CommandGate command={productsModule.commands.bulkDelete}>
          <Button danger icon={<DeleteOutlined />} onClick={remove}>
            Delete
          </Button>
        </CommandGate>
      </BulkActionBar>
      <Modal open={editing === 'price'} title={`Edit price of ${noun}`} okText="Continue" onOk={submitPrice} onCancel={() => setEditing(null)} destroyOnHidden>
        <Form form={priceForm} layout="vertical" initialValues={{ mode: 'set' }} preserve={false}>
          <PriceChangeFields first="set" percent={PRICE_DELTA_PCT} />
        </Form>
      </Modal>
      <Modal open={editing === 'stock'} title={`Edit stock of ${noun}`} okText="Continue" onOk={submitStock} onCancel={() => setEditing(null)} destroyOnHidden>
        <Form form={stockForm} layout="vertical" preserve={false}>
          <Form.Item name="stock" label="Set stock to" rules={[{ required: true, message: 'Enter a quantity' }]}>
            <InputNumber min={0} step={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
        </Form>
      </Modal>
      <BulkProgressModal run={run} labelOf={(id) => labels.get(id) ?? id} onClose={() => setRun(null)} />
    </>
  );
}
