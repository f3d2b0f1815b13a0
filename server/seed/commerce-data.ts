/**
 * Deterministic demo catalogue, suppliers and orders — docs/commerce.md A seeded PRNG makes every run the
 * same: realistic titles and SKUs from a few categories, option matrices, supplier quality profiles.
 */
import { orderTotalsCents } from '../domain/fees';
import { percentOf, toCents } from '../../contract/money';
import type { Marketplace, OrderStatus } from '../../contract/orders';
import type { NewOrder, NewOrderItem } from '../api/orders/insert';
import type { MonthPerformance } from '../domain/supplier-score';
import { prng, rngOf, type Rng } from '../domain/prng';
import { plausibleAddress } from '../domain/addresses';
import { demoCustomerEmail } from '../domain/demo-customers';

export { prng, type Rng };

export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: Rng, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const round2 = (n: number) => Math.round(n * 100) / 100;
const price99 = (n: number) => Math.max(0.99, Math.floor(n) + 0.99);

export function uuid(r: Rng): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(r() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ['8', '9', 'a', 'b'][Math.floor(r() * 4)];
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

interface Category {
  code: string;
  type: string;
  adjectives: string[];
  nouns: string[];
  price: [number, number];
  grams: [number, number];
  options: { name: string; values: string[]; codes: string[] }[];
}

const COLORS = { name: 'Color', values: ['Black', 'White', 'Navy', 'Heather Gray', 'Olive', 'Red'], codes: ['BLK', 'WHT', 'NVY', 'GRY', 'OLV', 'RED'] };
const SIZES = { name: 'Size', values: ['S', 'M', 'L', 'XL'], codes: ['S', 'M', 'L', 'XL'] };

const CATEGORIES: Category[] = [
  { code: 'APP', type: 'Apparel', adjectives: ['Classic', 'Vintage', 'Essential', 'Heavyweight', 'Organic', 'Relaxed'], nouns: ['Cotton Tee', 'Pullover Hoodie', 'Crewneck Sweatshirt', 'Jogger Pants', 'Polo Shirt', 'Rain Jacket'], price: [14, 69], grams: [150, 700], options: [COLORS, SIZES] },
  { code: 'HOM', type: 'Home & Kitchen', adjectives: ['Ceramic', 'Stainless', 'Bamboo', 'Nonstick', 'Glass', 'Cast Iron'], nouns: ['Coffee Mug', 'Chef Knife', 'Cutting Board', 'Frying Pan', 'Storage Jar Set', 'French Press'], price: [9, 89], grams: [200, 2500], options: [{ name: 'Color', values: ['Black', 'White', 'Sage', 'Terracotta'], codes: ['BLK', 'WHT', 'SGE', 'TER'] }] },
  { code: 'ELE', type: 'Electronics', adjectives: ['Braided', 'Fast-Charge', 'Wireless', 'Magnetic', 'Compact', 'Dual-Port'], nouns: ['USB-C Cable', 'Wall Charger', 'Power Bank', 'Phone Stand', 'Bluetooth Earbuds', 'Car Mount'], price: [8, 79], grams: [40, 400], options: [{ name: 'Length', values: ['1 m', '2 m', '3 m'], codes: ['1M', '2M', '3M'] }, { name: 'Color', values: ['Black', 'White'], codes: ['BLK', 'WHT'] }] },
  { code: 'OUT', type: 'Outdoor', adjectives: ['Insulated', 'Ultralight', 'Waterproof', 'Trail', 'Collapsible', 'Rugged'], nouns: ['Water Bottle', 'Camping Lantern', 'Daypack', 'Hammock', 'Trekking Poles', 'Dry Bag'], price: [12, 129], grams: [120, 1800], options: [{ name: 'Size', values: ['500 ml', '750 ml', '1 L'], codes: ['500', '750', '1L'] }, { name: 'Color', values: ['Forest', 'Slate', 'Sand'], codes: ['FOR', 'SLT', 'SND'] }] },
  { code: 'PET', type: 'Pet Supplies', adjectives: ['Orthopedic', 'Chew-Proof', 'Reflective', 'Calming', 'Adjustable', 'Washable'], nouns: ['Dog Bed', 'Cat Tree', 'Leash', 'Harness', 'Feeding Bowl', 'Toy Bundle'], price: [7, 99], grams: [100, 5000], options: [{ name: 'Size', values: ['Small', 'Medium', 'Large'], codes: ['SM', 'MD', 'LG'] }] },
  { code: 'BEA', type: 'Beauty', adjectives: ['Hydrating', 'Vitamin C', 'Charcoal', 'Unscented', 'Travel', 'Botanical'], nouns: ['Face Serum', 'Body Lotion', 'Lip Balm Set', 'Shampoo Bar', 'Sheet Masks', 'Hand Cream'], price: [6, 49], grams: [30, 500], options: [] },
];

export interface SeedSupplier {
  id: string; name: string; tier: number; contact_name: string; email: string; phone: string; country: string;
  quality: number; performance: (MonthPerformance & { orders: number })[];
}

const SUPPLIER_NAMES = [
  'Shenzhen Bright Textiles Co.', 'Pacific Rim Housewares', 'Northstar Electronics Supply', 'Ridgeway Outdoor Goods', 'PawPrint Wholesale',
  'Lumen Beauty Labs', 'Anatolia Cotton Mills', 'Guadalajara Ceramics', 'Hanoi Trail Gear', 'Bavaria Kitchen Works',
  'Mumbai Home Textiles', 'Great Lakes Fulfillment', 'Krakow Pet Products', 'Saigon Cable & Power', 'Blue Harbor Imports',
  'Cascade Supply Partners', 'Redwood Direct', 'Atlas Sourcing Group', 'Meridian Goods', 'Evergreen Trading',
];
const COUNTRIES = ['CN', 'US', 'CN', 'US', 'US', 'KR', 'TR', 'MX', 'VN', 'DE', 'IN', 'US', 'PL', 'VN', 'US', 'CA', 'US', 'GB', 'ES', 'CA'];
/** The seed's buyers' first and last names (exported for tests/server/demo-emails-migration.test.ts). */
export const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mason', 'Sophia', 'Lucas', 'Mia', 'Ethan', 'Isabella', 'James', 'Amelia', 'Benjamin', 'Harper', 'Elijah', 'Chloe', 'Daniel', 'Grace', 'Henry', 'Wei', 'Priya', 'Mateo', 'Yuki', 'Fatima', 'Omar', 'Lena', 'Jonas'];
export const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Chen', 'Patel', 'Nguyen', 'Kim', 'Schmidt', 'Rossi', 'Kowalski', "O'Brien"];

export function customerName(r: Rng): string {
  return `${pick(r, FIRST)} ${pick(r, LAST)}`;
}

function monthsBack(now: Date, k: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k, 1));
  return d.toISOString().slice(0, 10);
}

export function makeSuppliers(r: Rng, count: number, now: Date): SeedSupplier[] {
  return Array.from({ length: count }, (_, i) => {
    const name = SUPPLIER_NAMES[i % SUPPLIER_NAMES.length];
    const quality = [0.95, 0.75, 0.45][i % 3] + (r() - 0.5) * 0.1; // a mix of strong, middling and weak suppliers
    const contact = customerName(r);
    const domain = name.toLowerCase().replace(/[^a-z]+/g, '').slice(0, 18);
    const performance = Array.from({ length: 12 }, (_, k) => {
      const q = Math.min(0.999, Math.max(0.3, quality + (r() - 0.5) * 0.08));
      return {
        month: monthsBack(now, 11 - k),
        orders: int(r, 20, 400),
        on_time_rate: round2(Math.min(1, 0.55 + q * 0.44 + (r() - 0.5) * 0.03) * 100) / 100,
        defect_rate: Math.round(Math.max(0, (1 - q) * 0.12 + (r() - 0.5) * 0.01) * 10000) / 10000,
        cancellation_rate: Math.round(Math.max(0, (1 - q) * 0.1 + (r() - 0.5) * 0.01) * 10000) / 10000,
        lead_time_days: Math.round((3 + (1 - q) * 30 + r() * 3) * 10) / 10,
      };
    });
    return {
      id: uuid(r), name, tier: 3, contact_name: contact, email: `${contact.split(' ')[0].toLowerCase()}@${domain}.example`,
      phone: `+1-555-${String(int(r, 100, 999))}-${String(int(r, 1000, 9999))}`, country: COUNTRIES[i % COUNTRIES.length], quality, performance,
    };
  });
}

/** Amounts in integer cents, as stored (docs/commerce.md "Money"). */
export interface SeedVariant {
  id: string; sku: string; price_cents: number; cost_cents: number; map_price_cents: number | null; stock: number; weight: number; position: number;
  options: { name: string; value: string }[];
}
export interface SeedProduct {
  id: string; sku: string; handle: string; title: string; status: string; vendor: string; product_type: string; tags: string;
  description: string; price_cents: number; cost_cents: number; map_price_cents: number | null; stock: number; weight: number; supplier_id: string;
  variants: SeedVariant[]; links: { supplier_id: string; supplier_cost_cents: number; supplier_stock: number }[];
}

function stockFor(r: Rng): number {
  const x = r();
  if (x < 0.08) return 0;
  if (x < 0.2) return int(r, 1, 10);
  return int(r, 11, 300);
}

export function makeProducts(r: Rng, count: number, suppliers: SeedSupplier[], skuPrefix: string): SeedProduct[] {
  return Array.from({ length: count }, (_, i) => {
    const cat = CATEGORIES[i % CATEGORIES.length];
    const sku = `${skuPrefix}${cat.code}-${String(i + 1).padStart(4, '0')}`;
    const title = `${pick(r, cat.adjectives)} ${pick(r, cat.nouns)}`;
    const base = price99(cat.price[0] + r() * (cat.price[1] - cat.price[0]));
    const costRatio = 0.35 + r() * 0.25;
    const hasMap = r() < 0.3;
    const weight = Math.round(cat.grams[0] + r() * (cat.grams[1] - cat.grams[0]));
    // choose 1–3 values of each option, so products have 1–12 variants
    const dims = cat.options.map((o) => {
      const n = int(r, 1, Math.min(3, o.values.length));
      const start = int(r, 0, o.values.length - n);
      return o.values.slice(start, start + n).map((v, k) => ({ name: o.name, value: v, code: o.codes[start + k] }));
    });
    let combos: { name: string; value: string; code: string }[][] = [[]];
    for (const d of dims) combos = combos.flatMap((c) => d.map((x) => [...c, x]));
    const variants: SeedVariant[] = combos.map((c, k) => {
      const price = round2(base + (c.some((x) => x.value === 'XL' || x.value === '3 m' || x.value === 'Large' || x.value === '1 L') ? 2 : 0));
      return {
        id: uuid(r), sku: c.length ? `${sku}-${c.map((x) => x.code).join('-')}` : `${sku}-STD`, price_cents: toCents(price), cost_cents: toCents(round2(price * costRatio)),
        map_price_cents: hasMap ? toCents(round2(price * 0.9)) : null, stock: stockFor(r), weight, position: k + 1, options: c.map(({ name, value }) => ({ name, value })),
      };
    });
    const supplier = suppliers[i % suppliers.length];
    const second = suppliers[(i * 7 + 3) % suppliers.length];
    const status = r() < 0.9 ? 'active' : r() < 0.5 ? 'draft' : 'archived';
    const cost = round2(base * costRatio);
    return {
      id: uuid(r), sku, handle: sku.toLowerCase(), title, status, vendor: supplier.name, product_type: cat.type,
      tags: [cat.type.toLowerCase(), title.split(' ')[0].toLowerCase()].join(', '),
      description: `<p>${title} from our ${cat.type.toLowerCase()} range.</p>`,
      price_cents: Math.min(...variants.map((v) => v.price_cents)), cost_cents: toCents(cost), map_price_cents: hasMap ? toCents(round2(base * 0.9)) : null,
      stock: variants.reduce((s, v) => s + v.stock, 0), weight, supplier_id: supplier.id, variants,
      links: [...new Set([supplier.id, second.id])].map((sid) => ({ supplier_id: sid, supplier_cost_cents: toCents(round2(cost * (0.95 + r() * 0.1))), supplier_stock: int(r, 0, 500) })),
    };
  });
}

const MARKETS: { m: Marketplace; w: number }[] = [
  { m: 'amazon', w: 0.45 }, { m: 'ebay', w: 0.2 }, { m: 'walmart', w: 0.15 }, { m: 'shopify', w: 0.2 },
];

function marketplace(r: Rng): Marketplace {
  let x = r();
  for (const { m, w } of MARKETS) {
    if (x < w) return m;
    x -= w;
  }
  return 'shopify';
}

function externalId(m: Marketplace, n: number, r: Rng): string {
  const d = (len: number) => Array.from({ length: len }, () => Math.floor(r() * 10)).join('');
  switch (m) {
    case 'amazon':
      return `${int(r, 111, 114)}-${d(7)}-${String(n).padStart(7, '0')}`;
    case 'ebay':
      return `${int(r, 10, 27)}-${d(5)}-${String(n).padStart(5, '0')}`;
    case 'walmart':
      return `${d(8)}${String(n).padStart(7, '0')}`;
    case 'shopify':
      return `#${1000 + n}`;
  }
}

/** Older orders have travelled further; a few are cancelled or returned. */
function statusFor(r: Rng, ageDays: number): OrderStatus {
  const x = r();
  if (x < 0.05) return 'cancelled';
  if (ageDays > 20 && x < 0.08) return 'returned';
  if (ageDays > 12) return 'delivered';
  if (ageDays > 5) return r() < 0.7 ? 'delivered' : 'shipped';
  if (ageDays > 2) return pick(r, ['routed', 'ordered_from_supplier', 'shipped'] as const);
  return pick(r, ['pending', 'pending', 'routed'] as const);
}

export function makeOrders(r: Rng, count: number, products: { id: string; title: string; variants: { id: string; sku: string; price_cents: number }[] }[], now: Date, startIndex: number, days = 180): NewOrder[] {
  const out: NewOrder[] = [];
  for (let i = 0; i < count; i++) {
    const ageDays = Math.pow(r(), 1.3) * days; // more recent orders than old ones
    const created = new Date(now.getTime() - ageDays * 86_400_000);
    const m = marketplace(r);
    const lines = r() < 0.7 ? 1 : int(r, 2, 3);
    const items: NewOrderItem[] = [];
    for (let k = 0; k < lines; k++) {
      const p = pick(r, products);
      const v = pick(r, p.variants);
      if (items.some((x) => x.sku === v.sku)) continue;
      items.push({ sku: v.sku, title: p.title, quantity: r() < 0.8 ? 1 : int(r, 2, 4), unit_price_cents: v.price_cents, product_id: p.id, variant_id: v.id });
    }
    const subtotal = orderTotalsCents(m, items, 0, 0).subtotal_cents;
    const shipping = subtotal >= 3500 || m === 'amazon' ? 0 : pick(r, [499, 599, 799, 999]);
    const status = statusFor(r, ageDays);
    const external = externalId(m, startIndex + i, r);
    const customer = customerName(r);
    out.push({
      marketplace: m, external_order_id: external, customer_name: customer, status, currency: 'USD',
      // from the name, drawing nothing: a name on several orders is one repeat customer (docs/commerce.md "Customer emails")
      customer_email: demoCustomerEmail(customer),
      // the buyer's address in the US, drawn apart from `r` so every other seeded value stays as it was (docs/commerce.md "Ship-to address")
      ship_to: plausibleAddress(rngOf('ship-to', external, customer), 'US', customer),
      shipping_cents: shipping, tax_cents: percentOf(subtotal, pick(r, [0, 625, 700, 825])),
      cancel_reason: status === 'cancelled' ? pick(r, ['Buyer requested cancellation', 'Out of stock at supplier', 'Payment not received', 'Address could not be verified']) : null,
      created_at: created, items, actor: 'system', stepMs: Math.min(ageDays / 6, 1.5) * 86_400_000,
    });
  }
  return out;
}
