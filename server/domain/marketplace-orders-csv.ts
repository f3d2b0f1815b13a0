/**
 * Marketplace order reports — docs/commerce.md: Amazon's tab-separated order report (one row per item,
 * grouped by amazon-order-id) and eBay's orders CSV (one row per item, grouped by Order Number).
 * Every bad row is reported; item prices become unit prices (Amazon's item-price is the line total).
 */
import type { OrderStatus } from '../../contract/orders';
import { isRealDay, MONEY_MAX, QUANTITY_MAX } from '../../contract/fields';
import { missingColumns, openDelimited, parseMoney, parseWhole, tooLarge, tooLong, type CsvInput, type ReadProgress, type RowError } from './csv';
import { addCents, mulDivRound, multiplyCents, sumCents, toCents } from '../../contract/money';

/** Amounts in integer cents, read exactly from the file's decimal text (contract/money.ts). */
export interface ImportedItem { row: number; sku: string; title: string; quantity: number; unit_price_cents: number }

export interface ImportedOrder {
  row: number;
  external_order_id: string;
  customer_name: string | null;
  status: OrderStatus;
  currency: string;
  created_at: Date;
  shipping_cents: number;
  tax_cents: number;
  items: ImportedItem[];
}

export interface OrdersParse { orders: ImportedOrder[]; errors: RowError[]; rowsTotal: number }

const AMAZON_REQUIRED = ['amazon-order-id', 'purchase-date', 'sku', 'quantity', 'currency', 'item-price'] as const;
const AMAZON_STATUS: Record<string, OrderStatus> = {
  pending: 'pending', unshipped: 'pending', 'pending - waiting for pick up': 'pending', shipping: 'ordered_from_supplier',
  shipped: 'shipped', 'shipped - delivered to buyer': 'delivered', delivered: 'delivered', cancelled: 'cancelled', canceled: 'cancelled',
};

/**
 * ISO 8601 only (date, or date and time with an optional zone): the Date parser alone accepts
 * nonsense and moves Feb 31 to March 2, so the day must exist and the year be 1970–9999.
 */
function parseDate(v: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})([T ](\d{2}):(\d{2})(:(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(v);
  if (!m || !isRealDay(Number(m[1]), Number(m[2]), Number(m[3]))) return null;
  if (m[4] && (Number(m[5]) > 23 || Number(m[6]) > 59 || Number(m[8] ?? 0) > 59)) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** eBay writes "Mar-15-24" or "Mar-15-2024"; ISO dates are accepted too. */
function parseEbayDate(v: string): Date | null {
  const m = v.match(/^([A-Za-z]{3})-(\d{1,2})-(\d{2}|\d{4})$/);
  if (!m) return parseDate(v);
  const month = MONTHS.indexOf(m[1].toLowerCase());
  if (month < 0) return null;
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  if (!isRealDay(year, month + 1, Number(m[2]))) return null;
  return new Date(Date.UTC(year, month, Number(m[2]), 12));
}

/** Names and titles are kept to 255 characters, as the order form's (a report's long title is not an error). */
const clip = (s: string) => (s === '' ? null : s.slice(0, 255));

/**
 * An order whose lines add up to more than an amount column holds is a row error on its first row
 * (MONEY_MAX; docs/commerce.md "Imports"), not a database error when it is written.
 */
function checkTotals(orders: Iterable<ImportedOrder>, errors: RowError[], priceColumn: string): void {
  for (const o of orders) {
    const total = sumCents([...o.items.map((i) => multiplyCents(i.unit_price_cents, i.quantity)), o.shipping_cents, o.tax_cents]);
    if (total > MONEY_MAX * 100) errors.push({ row: o.row, column: priceColumn, reason: `The order's total exceeds ${MONEY_MAX.toLocaleString('en-US')}` });
  }
}

function group(orders: Map<string, ImportedOrder>, key: string, make: () => ImportedOrder, item: ImportedItem, extra: { shipping_cents: number; tax_cents: number }) {
  const o = orders.get(key) ?? make();
  o.items.push(item);
  o.shipping_cents = addCents(o.shipping_cents, extra.shipping_cents);
  o.tax_cents = addCents(o.tax_cents, extra.tax_cents);
  orders.set(key, o);
}

export async function parseAmazonOrders(input: CsvInput, onProgress?: (p: ReadProgress) => void): Promise<OrdersParse> {
  // Amazon's flat-file reports are unquoted: a quote inside a product name is a plain character
  const file = await openDelimited(input, { delimiter: '\t', quoteChar: '\u0000' });
  const errors: RowError[] = missingColumns(file.header, AMAZON_REQUIRED);
  const headerBad = errors.length > 0;
  const orders = new Map<string, ImportedOrder>();
  const rowsTotal = await file.each(errors, (r) => {
    if (headerBad) return;
    const before = errors.length;
    const err = (column: string, reason: string) => errors.push({ row: r.row, column, reason });
    const id = r.get('amazon-order-id');
    if (!id) err('amazon-order-id', 'Required');
    else if (tooLong(id, 100)) err('amazon-order-id', tooLong(id, 100)!);
    const created = parseDate(r.get('purchase-date'));
    if (!created) err('purchase-date', 'Must be a date (ISO 8601)');
    const sku = r.get('sku');
    if (!sku) err('sku', 'Required');
    else if (tooLong(sku, 100)) err('sku', tooLong(sku, 100)!);
    const qty = parseWhole(r.get('quantity'));
    if (qty === null || qty < 1) err('quantity', 'Must be a whole number ≥ 1');
    else if (tooLarge(qty, QUANTITY_MAX)) err('quantity', tooLarge(qty, QUANTITY_MAX)!);
    const currency = r.get('currency').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) err('currency', 'Must be a three-letter currency code');
    const price = parseMoney(r.get('item-price'));
    if (price === null || price < 0) err('item-price', 'Must be a number ≥ 0');
    else if (tooLarge(price, MONEY_MAX)) err('item-price', tooLarge(price, MONEY_MAX)!);
    const optMoney = (column: string) => {
      const t = r.get(column);
      if (t === '') return 0;
      const v = parseMoney(t);
      if (v === null || v < 0) err(column, 'Must be a number ≥ 0');
      else if (tooLarge(v, MONEY_MAX)) err(column, tooLarge(v, MONEY_MAX)!);
      return v ?? 0;
    };
    const shipping = optMoney('shipping-price');
    const tax = optMoney('item-tax');
    const statusText = r.get('order-status').toLowerCase();
    const status = statusText === '' ? 'pending' : AMAZON_STATUS[statusText];
    if (!status) err('order-status', `Unknown Amazon order status "${r.get('order-status')}"`);
    if (errors.length > before) return;
    const existing = orders.get(id);
    if (existing && existing.currency !== currency) {
      err('currency', `Differs from the order's first row (row ${existing.row})`);
      return;
    }
    group(
      orders, id,
      () => ({ row: r.row, external_order_id: id, customer_name: clip(r.get('buyer-name') || r.get('recipient-name')), status, currency, created_at: created!, shipping_cents: 0, tax_cents: 0, items: [] }),
      // the line total over the quantity, half a cent up (contract/money.ts)
      { row: r.row, sku, title: clip(r.get('product-name')) ?? sku, quantity: qty!, unit_price_cents: mulDivRound(toCents(price!), 1, qty!) },
      { shipping_cents: toCents(shipping), tax_cents: toCents(tax) },
    );
  }, onProgress);
  checkTotals(orders.values(), errors, 'item-price');
  errors.sort((a, b) => a.row - b.row);
  return { orders: headerBad ? [] : [...orders.values()], errors, rowsTotal };
}

const EBAY_REQUIRED = ['Order Number', 'Custom Label', 'Quantity', 'Sold For', 'Sale Date'] as const;

export async function parseEbayOrders(input: CsvInput, onProgress?: (p: ReadProgress) => void): Promise<OrdersParse> {
  const file = await openDelimited(input);
  // eBay names the SKU column "Custom Label" or "Custom Label (SKU)"
  const header = file.header.map((h) => (h.toLowerCase().startsWith('custom label') ? 'Custom Label' : h));
  const errors: RowError[] = missingColumns(header, EBAY_REQUIRED);
  const headerBad = errors.length > 0;
  const skuColumn = file.header.find((h) => h.toLowerCase().startsWith('custom label')) ?? 'Custom Label';
  const orders = new Map<string, ImportedOrder>();
  let rowsTotal = 0;
  const rowsRead = await file.each(errors, (r) => {
    if (headerBad) return;
    const id = r.get('Order Number');
    // eBay appends summary lines ("3 record(s) downloaded …") that carry no order number and no SKU
    if (!id && !r.get(skuColumn) && !r.get('Quantity')) return;
    rowsTotal++;
    const before = errors.length;
    const err = (column: string, reason: string) => errors.push({ row: r.row, column, reason });
    if (!id) err('Order Number', 'Required');
    else if (tooLong(id, 100)) err('Order Number', tooLong(id, 100)!);
    const sku = r.get(skuColumn);
    if (!sku) err(skuColumn, 'Required');
    else if (tooLong(sku, 100)) err(skuColumn, tooLong(sku, 100)!);
    const qty = parseWhole(r.get('Quantity'));
    if (qty === null || qty < 1) err('Quantity', 'Must be a whole number ≥ 1');
    else if (tooLarge(qty, QUANTITY_MAX)) err('Quantity', tooLarge(qty, QUANTITY_MAX)!);
    const price = parseMoney(r.get('Sold For'));
    if (price === null || price < 0) err('Sold For', 'Must be an amount ≥ 0');
    else if (tooLarge(price, MONEY_MAX)) err('Sold For', tooLarge(price, MONEY_MAX)!);
    const shipText = r.get('Shipping And Handling');
    const shipping = shipText === '' ? 0 : parseMoney(shipText);
    if (shipping === null || shipping < 0) err('Shipping And Handling', 'Must be an amount ≥ 0');
    else if (tooLarge(shipping, MONEY_MAX)) err('Shipping And Handling', tooLarge(shipping, MONEY_MAX)!);
    const totalText = r.get('Total Price');
    if (totalText !== '' && parseMoney(totalText) === null) err('Total Price', 'Must be an amount');
    const created = parseEbayDate(r.get('Sale Date'));
    if (!created) err('Sale Date', 'Must be a date like Mar-15-24 or 2024-03-15');
    if (errors.length > before) return;
    const currency = /^[A-Z]{3}$/.test(r.get('Currency')) ? r.get('Currency') : 'USD';
    group(
      orders, id,
      () => ({ row: r.row, external_order_id: id, customer_name: clip(r.get('Buyer Name') || r.get('Buyer Username')), status: 'pending', currency, created_at: created!, shipping_cents: 0, tax_cents: 0, items: [] }),
      { row: r.row, sku, title: clip(r.get('Item Title')) ?? sku, quantity: qty!, unit_price_cents: toCents(price!) },
      { shipping_cents: toCents(shipping!), tax_cents: 0 },
    );
  }, onProgress);
  checkTotals(orders.values(), errors, 'Sold For');
  errors.sort((a, b) => a.row - b.row);
  // a bad header reports every row read, as the other formats do
  return { orders: headerBad ? [] : [...orders.values()], errors, rowsTotal: headerBad ? rowsRead : rowsTotal };
}
