/**
 * The bulk price edit of a list's selection, shared by products and listings (docs/commerce-ui.md
 * "Bulk product edit", docs/marketplaces-ui.md "Bulk actions"): the same dialog, opening on "Change by %",
 * the same sentence in the confirmation with amounts written by the money module (contract/money.ts,
 * `$2.00`, never `2.00`), and the same question when a new price would sell below cost — asked before
 * the products are sent (their rows carry price and cost), after the server's `below_cost` answers for
 * listings.
 */
import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { addPercent, formatCents, toCents, type Cents } from '../../contract/money';
import { PriceChangeFields } from './price-change-fields';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

export type PriceMode = 'set' | 'percent';
export interface PriceForm { mode: PriceMode; value: number }

/** The mode a bulk price edit opens with: a change in %, the edit a seller makes most. */
export const DEFAULT_PRICE_MODE: PriceMode = 'percent';

export interface BulkPriceModalProps {
  open: boolean;
  title: string;
  form: FormInstance<PriceForm>;
  /** Bounds of the percentage the API accepts. */
  percent: { min: number; max: number };
  onContinue: () => void;
  onCancel: () => void;
}

/** The dialog asking for the change: a new price or a change in %, "Change by %" first. */
export function BulkPriceModal({ open, title, form, percent, onContinue, onCancel }: BulkPriceModalProps) {
  return (
    <Modal open={open} title={title} okText="Continue" onOk={onContinue} onCancel={onCancel} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ mode: DEFAULT_PRICE_MODE }} preserve={false}>
        <PriceChangeFields first={DEFAULT_PRICE_MODE} percent={percent} />
      </Form>
    </Modal>
  );
}

/** The dialog's values, or null when a field is not valid (the field says why). */
export async function readPriceForm(form: FormInstance<PriceForm>): Promise<PriceForm | null> {
  return form.validateFields().catch(() => null);
}

/** A price in dollars as the money module writes it: `$1,234.50`. */
export const dollars = (amount: number): string => formatCents(toCents(amount));

/** "set the price to $2.00" / "change the price by -10%": what the confirmation says the change does. */
export function priceChangeText({ mode, value }: PriceForm): string {
  return mode === 'set' ? `set the price to ${dollars(value)}` : `change the price by ${value > 0 ? '+' : ''}${value}%`;
}

/** The new price of an item at `oldCents` (a % change rounded by the money module's rule, as the server does). */
export function newPriceCents(oldCents: Cents, { mode, value }: PriceForm): Cents {
  return mode === 'set' ? toCents(value) : addPercent(oldCents, value);
}

export interface PricedItem {
  id: string;
  label: string;
  price: Cents;
  cost: Cents | null;
}

export interface BelowCost { item: PricedItem; price: Cents }

/** The items the change would price below their cost, with their new price. */
export function belowCost(items: readonly PricedItem[], change: PriceForm): BelowCost[] {
  return items.flatMap((item) => {
    if (item.cost === null) return [];
    const price = newPriceCents(item.price, change);
    return price < item.cost ? [{ item, price }] : [];
  });
}

/** "Desk Lamp (LAMP) at $2.00, cost $5.00", the first few, then "and 3 more". */
export function belowCostLines(found: readonly BelowCost[], shown = 5): string[] {
  const lines = found.slice(0, shown).map(({ item, price }) => `${item.label} at ${formatCents(price)}, cost ${formatCents(item.cost!)}`);
  return found.length > shown ? [...lines, `and ${found.length - shown} more`] : lines;
}

export interface BelowCostQuestion {
  /** How many items would sell below cost, and what they are ("listing", "product"). */
  count: number;
  noun: string;
  content: ReactNode;
  /** The button that applies the price anyway ("List at a loss", "Sell at a loss"). */
  okText: string;
  onOk: () => void;
}

/** "N products would sell below cost": nothing is sent below cost unless the seller says so here. */
export function askBelowCost(modal: ModalApi, { count, noun, content, okText, onOk }: BelowCostQuestion) {
  modal.confirm({
    title: `${count} ${noun}${count === 1 ? '' : 's'} would sell below cost`,
    content,
    okText,
    okButtonProps: { danger: true },
    onOk,
  });
}
