/**
 * Shopify's payout transactions export (Shopify admin → Finance → Payouts → Export transactions) —
 * docs/reconciliation.md "Uploads". A CSV of balance transactions, one per row, each naming the
 * payout that paid it (Payout ID, Payout Date, Payout Status) with its Amount, Fee and Net
 * (Amount − Fee = Net). The rows of a payout become its lines: a charge is a sale plus its payment
 * processing fee, a refund a refund, reserved funds a reserve held or released, a dispute or an
 * adjustment an adjustment. Shopify's file carries no separate deposit figure: a payout's deposit is
 * the sum of its Net. Transactions not in a payout yet (no Payout ID, or status pending) are read and
 * left out, and the report says how many.
 */
import { parseCents, subtractCents, addCents } from '../../../contract/money';
import { isRealDay } from '../../../contract/fields';
import { missingColumns, openDelimited, tooLong, type CsvInput, type ReadProgress, type RowError } from '../csv';
import type { ParsedLine, ParsedPayout, PayoutsParse } from './lines';

export const SHOPIFY_PAYOUT_COLUMNS = [
  'Transaction Date', 'Type', 'Order', 'Card Brand', 'Card Source', 'Payout Status', 'Payout Date', 'Payout ID', 'Available On',
  'Amount', 'Fee', 'Net', 'Checkout', 'Payment Method Name', 'Presentment Amount', 'Presentment Currency', 'Currency',
] as const;

const REQUIRED = ['Transaction Date', 'Type', 'Order', 'Payout Status', 'Payout Date', 'Payout ID', 'Amount', 'Fee', 'Net', 'Currency'] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$/;

/** Shopify's `2024-03-01 10:22:33 -0500` (or a day, `2024-03-04`) as a UTC instant; null when not a real date. */
export function parseShopifyDate(v: string): Date | null {
  const m = DATE.exec(v.trim());
  if (!m || !isRealDay(Number(m[1]), Number(m[2]), Number(m[3]))) return null;
  const hh = Number(m[4] ?? 0);
  const mm = Number(m[5] ?? 0);
  const ss = Number(m[6] ?? 0);
  if (hh > 23 || mm > 59 || ss > 59) return null;
  let t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hh, mm, ss);
  const z = m[7] && /^([+-])(\d{2}):?(\d{2})$/.exec(m[7]);
  if (z) t -= (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3])) * 60_000;
  return new Date(t);
}

const amount = (v: string) => (/^-?\$?\d{1,3}(,\d{3})*(\.\d{1,2})?$|^-?\$?\d+(\.\d{1,2})?$/.test(v.trim()) ? parseCents(v.trim().replace('$', '')) : null);

const PAID = new Set(['paid']);
const IN_TRANSIT = new Set(['in_transit', 'in transit', 'scheduled']);

export async function parseShopifyPayouts(input: CsvInput, onProgress?: (p: ReadProgress) => void): Promise<PayoutsParse> {
  const file = await openDelimited(input, { delimiter: ',' });
  const errors: RowError[] = missingColumns(file.header, REQUIRED);
  const headerBad = errors.length > 0;
  const payouts = new Map<string, ParsedPayout>();
  let unpaid = 0;
  const rowsTotal = await file.each(errors, (r) => {
    if (headerBad) return;
    const err = (column: string, reason: string) => errors.push({ row: r.row, column, reason });
    const payoutId = r.get('Payout ID');
    const status = r.get('Payout Status').toLowerCase();
    if (!payoutId || (!PAID.has(status) && !IN_TRANSIT.has(status))) {
      unpaid++;
      return;
    }
    if (tooLong(payoutId, 100)) return err('Payout ID', tooLong(payoutId, 100)!);
    const before = errors.length;
    const at = parseShopifyDate(r.get('Transaction Date'));
    if (!at) err('Transaction Date', `Not a date: "${r.get('Transaction Date').slice(0, 40)}" (2024-03-01 10:22:33 -0500)`);
    const payoutDate = parseShopifyDate(r.get('Payout Date'));
    if (!payoutDate) err('Payout Date', `Not a date: "${r.get('Payout Date').slice(0, 40)}" (2024-03-04)`);
    const gross = amount(r.get('Amount'));
    const fee = amount(r.get('Fee'));
    const net = amount(r.get('Net'));
    if (gross === null) err('Amount', `Not an amount: "${r.get('Amount').slice(0, 40)}"`);
    if (fee === null) err('Fee', `Not an amount: "${r.get('Fee').slice(0, 40)}"`);
    if (net === null) err('Net', `Not an amount: "${r.get('Net').slice(0, 40)}"`);
    if (gross !== null && fee !== null && net !== null && subtractCents(gross, fee) !== net) err('Net', `Amount − Fee is ${((gross - fee) / 100).toFixed(2)}, not the Net ${(net / 100).toFixed(2)}`);
    const currency = r.get('Currency').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) err('Currency', 'Must be a currency code such as USD');
    const order = r.get('Order').replace(/^#/, '');
    if (tooLong(order, 100)) err('Order', tooLong(order, 100)!);
    if (errors.length > before) return;
    const p = payouts.get(payoutId) ?? {
      row: r.row, externalId: payoutId, periodStart: at!, periodEnd: at!, depositDate: payoutDate, depositCents: 0, currency,
      status: PAID.has(status) ? 'paid' as const : 'in_transit' as const, lines: [],
    };
    if (p.currency !== currency) return err('Currency', `Payout ${payoutId} is in ${p.currency}; this transaction is in ${currency}`);
    payouts.set(payoutId, p);
    if (at! < p.periodStart) p.periodStart = at!;
    if (at! > p.periodEnd) p.periodEnd = at!;
    p.depositCents = addCents(p.depositCents, net!);
    const type = r.get('Type').toLowerCase();
    const base = { row: r.row, externalOrderId: order || null, postedAt: at, description: type.slice(0, 255) };
    const add = (l: Omit<ParsedLine, 'row' | 'externalOrderId' | 'postedAt' | 'description'>) => {
      if (l.amountCents !== 0) p.lines.push({ ...base, ...l });
    };
    if (type === 'charge') add({ kind: 'sale', feeType: null, amountCents: gross! });
    else if (type === 'refund') add({ kind: 'refund', feeType: null, amountCents: gross! });
    else if (type === 'reserved_funds' || type === 'reserve') add({ kind: gross! < 0 ? 'reserve_held' : 'reserve_released', feeType: null, amountCents: gross! });
    else add({ kind: 'adjustment', feeType: null, amountCents: gross! });
    add({ kind: 'fee', feeType: 'payment_processing', amountCents: -fee! });
  }, onProgress);
  const notes = unpaid ? [`${unpaid} transaction(s) not in a payout yet (no Payout ID, or pending) were left out`] : [];
  return { payouts: [...payouts.values()], errors, rowsTotal, notes };
}
