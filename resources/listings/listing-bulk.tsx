/**
 * Bulk actions on selected listings (docs/marketplaces-ui.md "Bulk actions"): activate, pause, end,
 * change price (a new price or a change in %) and change the quantity buffer — confirmation first,
 * progress while it runs (`POST /api/listings/bulk-actions`, a chunk at a time), one result per listing.
 * A new price below a listing's cost fails for that listing alone (below_cost); the page then offers
 * to apply it to those listings anyway, as a separate, confirmed step. The price dialog, its sentence
 * and that question are the products' too (resources/shared/bulk-price.tsx).
 */
import { useState } from 'react';
import { Button, Form, InputNumber, Modal } from 'antd';
import { CheckCircleOutlined, DollarOutlined, InboxOutlined, PauseCircleOutlined, StopOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useInvalidate } from '@refinedev/core';
import {
  BELOW_COST_MESSAGE,
  BUFFER_MAX,
  LISTING_PRICE_DELTA_PCT,
  type Listing,
  type ListingBulkActionAnswer,
  type ListingBulkActionBody,
} from '../../contract/listings';
import { BulkActionBar, BulkProgressModal, type BulkRunState } from '../shared/bulk-action-bar';
import { runInChunks, type BulkItemResult } from '../shared/bulk-run';
import { useCommand } from '../shared/use-command';
import { CommandGate } from '../../src/shell/command-gate';
import { toCents } from './cents';
import listingsModule from './index';
import pricingModule from '../pricing/index';
import { askBelowCost, BulkPriceModal, priceChangeText, readPriceForm, type PriceForm } from '../shared/bulk-price';

type Change = Omit<ListingBulkActionBody, 'ids' | 'confirm_below_cost'>;

const TITLES: Record<ListingBulkActionBody['action'], string> = {
  activate: 'Activating listings',
  pause: 'Pausing listings',
  end: 'Ending listings',
  change_price: 'Changing prices',
  change_quantity_buffer: 'Changing quantity buffers',
};

export function ListingBulkActions({ selected, onClear }: { selected: Listing[]; onClear: (keep?: string[]) => void }) {
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [modal, contextHolder] = Modal.useModal();
  const command = useCommand();
  const [editing, setEditing] = useState<'price' | 'buffer' | null>(null);
  const [run, setRun] = useState<BulkRunState | null>(null);
  const [priceForm] = Form.useForm<PriceForm>();
  const [bufferForm] = Form.useForm<{ buffer: number }>();
  const [labels, setLabels] = useState(new Map<string, string>());
  const count = selected.length;
  const noun = `${count} listing${count === 1 ? '' : 's'}`;

  const send = async (change: Change, ids: string[], confirmBelowCost: boolean): Promise<BulkItemResult[]> => {
    const values: ListingBulkActionBody = { ...change, ids, confirm_below_cost: confirmBelowCost };
    const answer = await command<ListingBulkActionAnswer>('/listings/bulk-actions', values);
    return answer.results;
  };

  const start = async (change: Change, ids: string[], confirmBelowCost = false) => {
    const title = TITLES[change.action];
    setRun({ title, total: ids.length, done: 0, results: [], running: true });
    const results = await runInChunks(ids, (chunk) => send(change, chunk, confirmBelowCost), (done, partial) => setRun((r) => r && { ...r, done, results: partial }));
    setRun((r) => r && { ...r, done: ids.length, results, running: false });
    await invalidate({ resource: 'listings', invalidates: ['list', 'detail'] });
    const failed = results.filter((r) => !r.ok).map((r) => r.id);
    // what failed stays selected, to retry or inspect
    onClear(failed);
    const belowCost = results.filter((r) => !r.ok && r.error?.code === 'below_cost').map((r) => r.id);
    if (change.action === 'change_price' && belowCost.length > 0 && !confirmBelowCost) {
      askBelowCost(modal, {
        count: belowCost.length,
        noun: 'listing',
        content: `${BELOW_COST_MESSAGE}. Apply the new price to ${belowCost.length === 1 ? 'it' : 'them'} anyway?`,
        okText: 'List at a loss',
        onOk: () => void start(change, belowCost, true),
      });
    }
  };

  const confirm = (title: string, content: string, danger: boolean, okText: string, change: Change) => {
    const ids = selected.map((l) => l.id);
    setLabels(new Map(selected.map((l) => [l.id, `${l.title} (${l.sku} · ${l.marketplace_name})`])));
    modal.confirm({ title, content, okText, okButtonProps: { danger }, onOk: () => void start(change, ids) });
  };

  const submitPrice = async () => {
    const v = await readPriceForm(priceForm);
    if (!v) return;
    setEditing(null);
    const change: Change = v.mode === 'set' ? { action: 'change_price', price_cents: toCents(v.value) } : { action: 'change_price', price_delta_pct: v.value };
    confirm(`Change the price of ${noun}?`, `This will ${priceChangeText(v)} on ${noun}; the marketplaces receive it with the next push.`, false, 'Apply', change);
  };

  const submitBuffer = async () => {
    const v = await bufferForm.validateFields().catch(() => null);
    if (!v) return;
    const { buffer } = v;
    setEditing(null);
    confirm(`Change the quantity buffer of ${noun}?`, `They will offer their stock minus ${buffer} unit${buffer === 1 ? '' : 's'} (a fixed quantity becomes this rule).`, false, 'Apply', { action: 'change_quantity_buffer', buffer });
  };

  return (
    <>
      {contextHolder}
      <BulkActionBar count={count} onClear={() => onClear()}>
        <CommandGate command={listingsModule.commands.bulk}>
          <Button icon={<CheckCircleOutlined />} onClick={() => confirm(`Activate ${noun}?`, 'They go on sale on their marketplaces with the next push.', false, 'Activate', { action: 'activate' })}>
            Activate
          </Button>
          <Button icon={<PauseCircleOutlined />} onClick={() => confirm(`Pause ${noun}?`, 'They stay on their marketplaces with quantity 0 until activated again.', false, 'Pause', { action: 'pause' })}>
            Pause
          </Button>
          <Button danger icon={<StopOutlined />} onClick={() => confirm(`End ${noun}?`, 'Ended listings are withdrawn from their marketplaces for good; to sell again, create new ones.', true, 'End listings', { action: 'end' })}>
            End
          </Button>
          <Button icon={<DollarOutlined />} onClick={() => setEditing('price')}>
            Change price
          </Button>
          <Button icon={<InboxOutlined />} onClick={() => setEditing('buffer')}>
            Quantity buffer
          </Button>
        </CommandGate>
        {/* the repricer's rules over the selection, as proposals to approve (docs/repricing.md "Proposals") */}
        <CommandGate command={pricingModule.commands.propose}>
          <Button icon={<ThunderboltOutlined />} onClick={() => navigate('/pricing/propose', { state: { listing_ids: selected.map((l) => l.id) } })}>
            Propose pricing
          </Button>
        </CommandGate>
      </BulkActionBar>
      <BulkPriceModal
        open={editing === 'price'}
        title={`Change the price of ${noun}`}
        form={priceForm}
        percent={LISTING_PRICE_DELTA_PCT}
        onContinue={submitPrice}
        onCancel={() => setEditing(null)}
      />
      <Modal open={editing === 'buffer'} title={`Quantity buffer of ${noun}`} okText="Continue" onOk={submitBuffer} onCancel={() => setEditing(null)} destroyOnHidden>
        <Form form={bufferForm} layout="vertical" preserve={false}>
          <Form.Item name="buffer" label="Offer stock minus" extra="Units held back from the marketplaces so the last ones are not oversold." rules={[{ required: true, message: 'Enter a number of units' }]}>
            <InputNumber min={0} max={BUFFER_MAX} step={1} precision={0} suffix="units" style={{ width: 200 }} />
          </Form.Item>
        </Form>
      </Modal>
      <BulkProgressModal run={run} labelOf={(id) => labels.get(id) ?? id} onClose={() => setRun(null)} />
    </>
  );
}
