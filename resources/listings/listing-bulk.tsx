/**
 * Bulk actions on selected listings (docs/marketplaces-ui.md "Bulk actions"): activate, pause, end,
 * change price (a new price or a change in %) and change the quantity buffer — confirmation first,
 * progress while it runs (`POST /api/listings/bulk-actions`, a chunk at a time), one result per listing.
 * A new price below a listing's cost fails for that listing alone (below_cost); the page then offers
 * to apply it to those listings anyway, as a separate, confirmed step.
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
import { money } from '../shared/format';
import listingsModule from './index';
import pricingModule from '../pricing/index';
import { PriceChangeFields } from '../shared/price-change-fields';

type Change = Omit<ListingBulkActionBody, 'ids' | 'confirm_below_cost'>;
interface PriceForm { mode: 'set' | 'percent'; value: number }

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
      modal.confirm({
        title: `${belowCost.length} listing${belowCost.length === 1 ? '' : 's'} would sell below cost`,
        content: `${BELOW_COST_MESSAGE}. Apply the new price to ${belowCost.length === 1 ? 'it' : 'them'} anyway?`,
        okText: 'List at a loss',
        okButtonProps: { danger: true },
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
    const v = await priceForm.validateFields().catch(() => null);
    if (!v) return;
    const { mode, value } = v;
    setEditing(null);
    const change: Change = mode === 'set' ? { action: 'change_price', price_cents: toCents(value) } : { action: 'change_price', price_delta_pct: value };
    const what = mode === 'set' ? `set the price to ${money(value)}` : `change the price by ${value > 0 ? '+' : ''}${value}%`;
    confirm(`Change the price of ${noun}?`, `This will ${what} on ${noun}; the marketplaces receive it with the next push.`, false, 'Apply', change);
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
      <Modal open={editing === 'price'} title={`Change the price of ${noun}`} okText="Continue" onOk={submitPrice} onCancel={() => setEditing(null)} destroyOnHidden>
        <Form form={priceForm} layout="vertical" initialValues={{ mode: 'percent' }} preserve={false}>
          <PriceChangeFields first="percent" percent={LISTING_PRICE_DELTA_PCT} />
        </Form>
      </Modal>
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
