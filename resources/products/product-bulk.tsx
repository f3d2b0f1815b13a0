/**
 * Bulk price / stock edit and bulk delete of selected products — docs/commerce.md: confirmation first,
 * progress while it runs, one result per product (`POST /api/products/bulk`, a chunk at a time).
 * A product whose new price would fall below its MAP price fails alone; the others still apply.
 * The price edit is the listings' one (resources/shared/bulk-price.tsx): it opens on "Change by %",
 * writes amounts with their currency, and a new price below a product's cost (as the list shows its
 * price and cost) stops before anything is sent, naming those products; "Sell at a loss" sends it anyway.
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
import { parseCents } from '../../contract/money';
import { PRICE_DELTA_PCT, type BulkAnswer, type BulkResult, type Product } from '../../contract/products';
import { askBelowCost, belowCost, belowCostLines, BulkPriceModal, priceChangeText, readPriceForm, type PricedItem, type PriceForm } from '../shared/bulk-price';

export type BulkChanges = { price: number } | { price_delta_pct: number } | { stock: number };

async function sendBulk(send: Send, action: 'update' | 'delete', ids: string[], changes?: BulkChanges): Promise<BulkItemResult[]> {
  const answer = await send<BulkAnswer | BulkResult[]>('/products/bulk', { action, ids, ...(changes ? { changes } : {}) });
  return Array.isArray(answer) ? answer : answer.results;
}

type Editing = 'price' | 'stock' | null;

const labelOf = (p: Product) => `${p.title} (${p.sku})`;

/** A product as the below-cost check sees it: the list's price and cost, in cents. */
const pricedOf = (p: Product): PricedItem => ({ id: p.id, label: labelOf(p), price: parseCents(p.price) ?? 0, cost: parseCents(p.cost) });

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
    setLabels(new Map(selected.map((p) => [p.id, labelOf(p)])));
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
    const v = await readPriceForm(priceForm);
    if (!v) return;
    const changes: BulkChanges = v.mode === 'set' ? { price: v.value } : { price_delta_pct: v.value };
    const apply = () => void start('Updating prices', 'update', changes);
    setEditing(null);
    const losing = belowCost(selected.map(pricedOf), v);
    if (losing.length > 0) {
      // stopped before sending: nothing is priced below cost unless the seller says so
      askBelowCost(modal, {
        count: losing.length,
        noun: 'product',
        content: (
          <>
            <p>The new price is below cost for {losing.length === 1 ? 'this product' : 'these products'}; every sale would lose money:</p>
            <ul>
              {belowCostLines(losing).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p>Nothing has been sent. Apply the new price to the {noun} anyway?</p>
          </>
        ),
        okText: 'Sell at a loss',
        onOk: apply,
      });
      return;
    }
    confirm(`Update ${noun}?`, `This will ${priceChangeText(v)} for ${noun} (every variant).`, false, apply);
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
      <BulkPriceModal
        open={editing === 'price'}
        title={`Edit price of ${noun}`}
        form={priceForm}
        percent={PRICE_DELTA_PCT}
        onContinue={submitPrice}
        onCancel={() => setEditing(null)}
      />
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
