/**
 * Marketplace order reports — docs/commerce.md: Amazon's tab-separated order report (one row per item,
 * grouped by amazon-order-id) and eBay's orders CSV (one row per item, grouped by Order Number).
 * Every bad row is reported; item prices become unit prices (Amazon's item-price is the line total);
 * an order ships to the address of its first row.
 */
import type { OrderStatus } from '../../contract/orders';
import { isRealDay, MONEY_MAX, QUANTITY_MAX } from '../../contract/fields';
import { missingColumns, openDelimited, parseMoney, parseWhole, tooLarge, tooLong, type CsvInput, type CsvRecord, type ReadProgress, type RowError } from './csv';
import { addCents, mulDivRound, multiplyCents, sumCents, toCents } from '../../contract/money';
import { shipToAddress, type AddressField, type ShipTo } from '../../contract/addresses';
import { countryCodeOf } from '../../contract/countries';

/** Amounts in integer cents, read exactly from the file's decimal text (contract/money.ts). */
export interface ImportedItem { row: number; sku: string; title: string; quantity: number; unit_price_cents: number }

export interface ImportedOrder {
  row: number;
  external_order_id: string;
  customer_name: string | null;
  /** the buyer's email and phone when the report has them (docs/governance.md "Compliance") */
  customer_email: string | null;
  customer_phone: string | null;
  /** the address of the order's first row (docs/commerce.md "Ship-to address") */
  ship_to: ShipTo;
  status: OrderStatus;
  currency: string;
  created_at: Date;
  shipping_cents: number;
  tax_cents: number;
  items: ImportedItem[];
}

export interface OrdersParse { orders: ImportedOrder[]; errors: RowError[]; rowsTotal: number }

/**
 * The report's ship-to columns (docs/commerce.md "Ship-to address"): the recipient (the first
 * non-empty of `name`), the street lines (`line2` joins the further ones), city, region, postal code
 * and country (an ISO code or the country's English name).
 */
interface AddressColumns { name: readonly string[]; line1: string; line2: readonly string[]; city: string; region: string; postal_code: string; country: string }

const AMAZON_ADDRESS: AddressColumns = {
  name: ['recipient-name', 'buyer-name'], line1: 'ship-address-1', line2: ['ship-address-2', 'ship-address-3'],
  city: 'ship-city', region: 'ship-state', postal_code: 'ship-postal-code', country: 'ship-country',
};
const EBAY_ADDRESS: AddressColumns = {
  name: ['Ship To Name', 'Buyer Name'], line1: 'Ship To Address 1', line2: ['Ship To Address 2'],
  city: 'Ship To City', region: 'Ship To State', postal_code: 'Ship To Zip', country: 'Ship To Country',
};

/** The address columns a report must have (the name may come from the buyer's column, the second line may be absent). */
const addressRequired = (c: AddressColumns) => [c.line1, c.city, c.region, c.postal_code, c.country];

/**
 * A row's address, checked by the contract's rules; each problem is a row error on the column it
 * came from ("ship-postal-code: Not a US ZIP code …"). Null when the row has one.
 */
function readAddress(r: CsvRecord, c: AddressColumns, err: (column: string, reason: string) => void): ShipTo | null {
  const countryText = r.get(c.country);
  const country = countryCodeOf(countryText);
  if (countryText && !country) {
    err(c.country, `Not a country: "${countryText.slice(0, 60)}" (an ISO code such as US, or its English name)`);
    return null;
  }
  const name = c.name.map((col) => r.get(col)).find((v) => v.trim() !== '') ?? '';
  const line2 = c.line2.map((col) => r.get(col).trim()).filter(Boolean).join(', ');
  const parsed = shipToAddress.safeParse({
    name: name.slice(0, 255), line1: r.get(c.line1), line2, city: r.get(c.city), region: r.get(c.region), postal_code: r.get(c.postal_code), country: country ?? '',
  });
  if (parsed.success) return parsed.data;
  const columnOf: Record<AddressField, string> = {
    name: c.name[0], line1: c.line1, line2: c.line2[0], city: c.city, region: c.region, postal_code: c.postal_code, country: c.country,
  };
  const seen = new Set<string>();
  for (const i of parsed.error.issues) {
    const column = columnOf[i.path[0] as AddressField] ?? c.line1;
    if (seen.has(column)) continue;
    seen.add(column);
    err(column, i.message);
  }
  return null;
}

const AMAZON_REQUIRED = ['amazon-order-id', 'purchase-date', 'sku', 'quantity', 'currency', 'item-price', ...addressRequired(AMAZON_ADDRESS)] as const;
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
/** An email a report gives, lower-cased; anything that is not one is left out (an order needs none). */
const emailOf = (s: string) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim()) && s.trim().length <= 254 ? s.trim().toLowerCase() : null);

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
    // the order's address is its first row's; the rows after it may leave theirs empty
    const shipTo = orders.has(id) ? null : readAddress(r, AMAZON_ADDRESS, err);
    if (errors.length > before) return;
    const existing = orders.get(id);
    if (existing && existing.currency !== currency) {
      err('currency', `Differs from the order's first row (row ${existing.row})`);
      return;
    }
    group(
      orders, id,
      () => ({ row: r.row, external_order_id: id, customer_name: clip(r.get('buyer-name') || r.get('recipient-name')),
        customer_email: emailOf(r.get('buyer-email')), customer_phone: clip(r.get('buyer-phone-number') || r.get('ship-phone-number')), ship_to: shipTo!, status, currency, created_at: created!, shipping_cents: 0, tax_cents: 0, items: [] }),
      // the line total over the quantity, half a cent up (contract/money.ts)
      { row: r.row, sku, title: clip(r.get('product-name')) ?? sku, quantity: qty!, unit_price_cents: mulDivRound(toCents(price!), 1, qty!) },
      { shipping_cents: toCents(shipping), tax_cents: toCents(tax) },
    );
  }, onProgress);
  checkTotals(orders.values(), errors, 'item-price');
  errors.sort((a, b) => a.row - b.row);
  return { orders: headerBad ? [] : [...orders.values()], errors, rowsTotal };
}

const EBAY_REQUIRED = ['Order Number', 'Custom Label', 'Quantity', 'Sold For', 'Sale Date', ...addressRequired(EBAY_ADDRESS)] as const;

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
    // the order's address is its first row's; the rows after it may leave theirs empty
    const shipTo = orders.has(id) ? null : readAddress(r, EBAY_ADDRESS, err);
    if (errors.length > before) return;
    const currency = /^[A-Z]{3}$/.test(r.get('Currency')) ? r.get('Currency') : 'USD';
    group(
      orders, id,
      () => ({ row: r.row, external_order_id: id, customer_name: clip(r.get('Buyer Name') || r.get('Buyer Username')),
        customer_email: emailOf(r.get('Buyer Email')), customer_phone: clip(r.get('Ship To Phone')), ship_to: shipTo!, status: 'pending', currency, created_at: created!, shipping_cents: 0, tax_cents: 0, items: [] }),
      { row: r.row, sku, title: clip(r.get('Item Title')) ?? sku, quantity: qty!, unit_price_cents: toCents(price!) },
      { shipping_cents: toCents(shipping!), tax_cents: 0 },
    );
  }, onProgress);
  checkTotals(orders.values(), errors, 'Sold For');
  errors.sort((a, b) => a.row - b.row);
  // a bad header reports every row read, as the other formats do
  return { orders: headerBad ? [] : [...orders.values()], errors, rowsTotal: headerBad ? rowsRead : rowsTotal };
}
