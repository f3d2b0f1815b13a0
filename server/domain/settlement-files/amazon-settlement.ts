/**
 * Amazon's settlement report, the V2 flat file (GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE) exactly as
 * Seller Central downloads it — docs/reconciliation.md "Uploads". Tab-separated, unquoted, with the
 * header below; the first record of each settlement is its summary (settlement-id, start and end
 * dates, deposit-date, total-amount, currency, everything else empty), then one record per amount
 * of a transaction (an order's Principal, its Commission, a refund's fee back, the reserve…).
 *
 * Two formats: the US one (dates `2024-03-01 07:00:00 UTC` or ISO, amounts `1234.56`) and the
 * European one (dates `01.03.2024 07:00:00 UTC`, amounts `1.234,56`). The file says which by its
 * summary row's date; a file of both is a row error where it changes.
 */
import { isRealDay } from '../../../contract/fields';
import { parseCents } from '../../../contract/money';
import { missingColumns, openDelimited, tooLong, type CsvInput, type ReadProgress, type RowError } from '../csv';
import type { FeeType, LineKind, ParsedLine, ParsedPayout, PayoutsParse } from './lines';

export const AMAZON_SETTLEMENT_COLUMNS = [
  'settlement-id', 'settlement-start-date', 'settlement-end-date', 'deposit-date', 'total-amount', 'currency',
  'transaction-type', 'order-id', 'merchant-order-id', 'adjustment-id', 'shipment-id', 'marketplace-name',
  'amount-type', 'amount-description', 'amount', 'fulfillment-id', 'posted-date', 'posted-date-time',
  'order-item-code', 'merchant-order-item-id', 'merchant-adjustment-item-id', 'sku', 'quantity-purchased', 'promotion-id',
] as const;

const REQUIRED = ['settlement-id', 'settlement-start-date', 'settlement-end-date', 'deposit-date', 'total-amount', 'currency',
  'transaction-type', 'order-id', 'amount-type', 'amount-description', 'amount', 'posted-date'] as const;

export type SettlementFormat = 'us' | 'eu';

const US_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(UTC|GMT|Z|[+-]\d{2}:?\d{2})?$/;
const EU_DATE = /^(\d{2})\.(\d{2})\.(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?\s*(UTC|GMT|Z|[+-]\d{2}:?\d{2})?$/;

/** The format a date cell is written in, or null when it is neither. */
export function dateFormatOf(v: string): SettlementFormat | null {
  if (US_DATE.test(v)) return 'us';
  if (EU_DATE.test(v)) return 'eu';
  return null;
}

/** A settlement date in either format, as a UTC instant (a zone offset moves it); null when not a real date. */
export function parseSettlementDate(v: string, format: SettlementFormat): Date | null {
  const m = (format === 'us' ? US_DATE : EU_DATE).exec(v.trim());
  if (!m) return null;
  const [y, mo, d] = format === 'us' ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
  if (!isRealDay(Number(y), Number(mo), Number(d))) return null;
  const hh = Number(m[4] ?? 0);
  const mm = Number(m[5] ?? 0);
  const ss = Number(m[6] ?? 0);
  if (hh > 23 || mm > 59 || ss > 59) return null;
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), hh, mm, ss);
  const zone = m[7];
  if (zone && zone !== 'UTC' && zone !== 'GMT' && zone !== 'Z') {
    const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
    t -= (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3])) * 60_000;
  }
  return new Date(t);
}

/** An amount in the file's format, in cents: `-1,234.56` (US) or `-1.234,56` (EU); null when it is not one. */
export function parseSettlementAmount(v: string, format: SettlementFormat): number | null {
  const s = v.trim();
  if (format === 'us') return /^-?\d{1,3}(,\d{3})*(\.\d{1,2})?$|^-?\d+(\.\d{1,2})?$/.test(s) ? parseCents(s) : null;
  if (!/^-?\d{1,3}(\.\d{3})*(,\d{1,2})?$|^-?\d+(,\d{1,2})?$/.test(s)) return null;
  return parseCents(s.replace(/\./g, '').replace(',', '.'));
}

const FULFILLMENT_FEES = /^(FBA|Shipping ?Chargeback|ShippingHB|Fulfil|Pick ?&? ?Pack|Weight ?Handling)/i;
const ADVERTISING = /advertis|sponsored/i;

/**
 * What a record is (docs/reconciliation.md "Uploads", the table of Amazon's amount types): the
 * price of an order is a sale and of a refund a refund, its tax and promotions adjustments, the
 * item fees a fee by type (fulfilment for FBA and shipping charge-backs, referral otherwise), the
 * reserve held (`Current Reserve Amount`) or released (`Previous Reserve Amount Balance`),
 * advertising a fee; anything else an adjustment.
 */
export function classifyAmazon(transactionType: string, amountType: string, description: string): { kind: LineKind; feeType: FeeType | null } {
  const t = transactionType.toLowerCase();
  const a = amountType.toLowerCase();
  const d = description.toLowerCase();
  if (d === 'current reserve amount') return { kind: 'reserve_held', feeType: null };
  if (d === 'previous reserve amount balance') return { kind: 'reserve_released', feeType: null };
  if (ADVERTISING.test(transactionType) || ADVERTISING.test(amountType) || ADVERTISING.test(description)) return { kind: 'fee', feeType: 'advertising' };
  if (a === 'itemprice') {
    if (d === 'principal' || d === 'shipping' || d === 'giftwrap') return { kind: t === 'refund' ? 'refund' : 'sale', feeType: null };
    return { kind: 'adjustment', feeType: null }; // Tax, ShippingTax, GiftWrapTax: collected and remitted
  }
  if (a === 'itemfees') return { kind: 'fee', feeType: FULFILLMENT_FEES.test(description) ? 'fulfillment' : 'referral' };
  return { kind: 'adjustment', feeType: null };
}

interface Open extends ParsedPayout { format: SettlementFormat }

/** Reads a settlement report; each settlement of the file (usually one) is a payout with its lines. */
export async function parseAmazonSettlement(input: CsvInput, onProgress?: (p: ReadProgress) => void): Promise<PayoutsParse & { format: SettlementFormat | null }> {
  const file = await openDelimited(input, { delimiter: '\t', quoteChar: '\u0000' });
  const errors: RowError[] = missingColumns(file.header, REQUIRED);
  const headerBad = errors.length > 0;
  const payouts = new Map<string, Open>();
  let format: SettlementFormat | null = null;
  const rowsTotal = await file.each(errors, (r) => {
    if (headerBad) return;
    const err = (column: string, reason: string) => errors.push({ row: r.row, column, reason });
    const id = r.get('settlement-id');
    if (!id) return err('settlement-id', 'Required: the settlement this line belongs to');
    if (tooLong(id, 100)) return err('settlement-id', tooLong(id, 100)!);
    const type = r.get('transaction-type');
    const total = r.get('total-amount');
    if (!type && total) {
      // the summary row of a settlement
      const start = r.get('settlement-start-date');
      const f = dateFormatOf(start);
      if (!f) return err('settlement-start-date', `Not a date: "${start.slice(0, 40)}" (2024-03-01 07:00:00 UTC, or 01.03.2024 07:00:00 UTC in European reports)`);
      if (format && f !== format) return err('settlement-start-date', 'This settlement is written in another date format than the one before it: upload one report per file');
      format = f;
      const periodStart = parseSettlementDate(start, f);
      const periodEnd = parseSettlementDate(r.get('settlement-end-date'), f);
      const deposit = r.get('deposit-date') ? parseSettlementDate(r.get('deposit-date'), f) : null;
      const depositCents = parseSettlementAmount(total, f);
      const before = errors.length;
      if (!periodStart) err('settlement-start-date', 'Not a real date');
      if (!periodEnd) err('settlement-end-date', `Not a date in the report's format: "${r.get('settlement-end-date').slice(0, 40)}"`);
      if (r.get('deposit-date') && !deposit) err('deposit-date', `Not a date in the report's format: "${r.get('deposit-date').slice(0, 40)}"`);
      if (depositCents === null) err('total-amount', `Not an amount: "${total.slice(0, 40)}" (${f === 'us' ? '1234.56' : '1234,56 in European reports'})`);
      if (periodStart && periodEnd && periodEnd < periodStart) err('settlement-end-date', 'The settlement ends before it starts');
      if (payouts.has(id)) return err('settlement-id', `Settlement ${id} has a second summary row`);
      if (errors.length > before) return;
      const currency = r.get('currency').toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency)) return err('currency', 'Must be a currency code such as USD or EUR');
      payouts.set(id, { row: r.row, externalId: id, periodStart: periodStart!, periodEnd: periodEnd!, depositDate: deposit, depositCents: depositCents!, currency, status: 'paid', lines: [], format: f });
      return;
    }
    const p = payouts.get(id);
    if (!p) return err('settlement-id', `Settlement ${id} has no summary row before this line (the first line of a settlement carries its total-amount)`);
    if (!type) return err('transaction-type', 'Required');
    const amountText = r.get('amount');
    const amount = parseSettlementAmount(amountText, p.format);
    if (amount === null) return err('amount', `Not an amount: "${amountText.slice(0, 40)}" (${p.format === 'us' ? '-12.34' : '-12,34 in European reports'})`);
    const postedText = r.get('posted-date-time') || r.get('posted-date');
    const postedAt = postedText ? parseSettlementDate(postedText, p.format) : null;
    if (postedText && !postedAt) return err(r.get('posted-date-time') ? 'posted-date-time' : 'posted-date', `Not a date in the report's format: "${postedText.slice(0, 40)}"`);
    const orderId = r.get('order-id');
    if (tooLong(orderId, 100)) return err('order-id', tooLong(orderId, 100)!);
    if (amount === 0) return; // Amazon lists zero amounts (a promotion of 0.00): nothing moves
    const description = r.get('amount-description');
    const c = classifyAmazon(type, r.get('amount-type'), description);
    const line: ParsedLine = { row: r.row, ...c, externalOrderId: orderId || null, amountCents: amount, description: (description || type).slice(0, 255), postedAt };
    p.lines.push(line);
  }, onProgress);
  if (!headerBad && rowsTotal > 0 && payouts.size === 0 && errors.length === 0) errors.push({ row: 2, column: 'total-amount', reason: 'No settlement summary row (the first line after the header carries settlement-id, dates and total-amount)' });
  return { payouts: [...payouts.values()].map(({ format: _f, ...p }) => p), errors, rowsTotal, notes: [], format };
}
