/**
 * Bulk order insert — used by the seed, the volume CLI and the marketplace imports. Columns travel as
 * arrays through unnest(), so thousands of orders cost a handful of statements (first start < 10 s).
 */
import type { Tx } from '../../db';
import { orderTotalsCents } from '../../domain/fees';
import { loadFeeBook, type FeeBook } from '../../domain/fee-book';
import { pathTo, type Marketplace, type OrderStatus } from '../../../contract/orders';
import type { ShipTo } from '../../../contract/addresses';

/** Amounts in integer cents (docs/commerce.md "Money"). */
export interface NewOrderItem { sku: string; title: string; quantity: number; unit_price_cents: number; product_id?: string | null; variant_id?: string | null }

export interface NewOrder {
  marketplace: Marketplace;
  external_order_id: string | null;
  customer_name: string | null;
  /** The buyer's email (lower-cased) and phone when the marketplace or report gives them (docs/governance.md "Compliance"). */
  customer_email?: string | null;
  customer_phone?: string | null;
  /** Where it ships: a valid address (contract/addresses.ts); its country is the order's `ship_to_country`. */
  ship_to: ShipTo;
  status: OrderStatus;
  currency: string;
  shipping_cents: number;
  tax_cents: number;
  cancel_reason?: string | null;
  created_at: Date;
  items: NewOrderItem[];
  /** Who the status history names (seed: "system", imports: the importing user). */
  actor: string;
  /** Spacing of the history steps after created_at. */
  stepMs?: number;
}

const CHUNK = 5000;

export async function insertOrders(tx: Tx, tenantId: string, orders: NewOrder[]): Promise<string[]> {
  const ids: string[] = [];
  if (orders.length === 0) return ids;
  // each order's fee on the tenant's schedule at its time (docs/settings.md "Fee overrides"), read once
  const fees = await loadFeeBook(tx, tenantId);
  for (let i = 0; i < orders.length; i += CHUNK) ids.push(...(await insertChunk(tx, tenantId, orders.slice(i, i + CHUNK), fees)));
  return ids;
}

async function insertChunk(tx: Tx, tenantId: string, orders: NewOrder[], fees: FeeBook): Promise<string[]> {
  // the tenant's next ids, taken together (docs/commerce.md "Document numbers")
  const last = Number((await tx.query<{ n: number }>('select next_document_numbers($1::uuid, $2, $3::int) as n', [tenantId, 'order', orders.length])).rows[0].n);
  const ids = orders.map((_, i) => `ORD-${last - orders.length + 1 + i}`);
  const o = {
    id: [] as string[], mp: [] as string[], ext: [] as (string | null)[], cust: [] as (string | null)[], status: [] as string[],
    sub: [] as number[], ship: [] as number[], tax: [] as number[], fees: [] as number[], total: [] as number[], cur: [] as string[],
    reason: [] as (string | null)[], count: [] as number[], skus: [] as string[], created: [] as string[], updated: [] as string[],
    country: [] as string[], shipTo: [] as string[], email: [] as (string | null)[], phone: [] as (string | null)[],
  };
  const it = { order: [] as string[], product: [] as (string | null)[], variant: [] as (string | null)[], sku: [] as string[], title: [] as string[], qty: [] as number[], price: [] as number[] };
  const h = { order: [] as string[], from: [] as (string | null)[], to: [] as string[], reason: [] as (string | null)[], actor: [] as string[], at: [] as string[] };
  orders.forEach((ord, i) => {
    const id = ids[i];
    const t = orderTotalsCents(ord.marketplace, ord.items, ord.shipping_cents, ord.tax_cents, fees.at(ord.marketplace, ord.created_at));
    const path = pathTo(ord.status);
    const step = ord.stepMs ?? 6 * 3600_000;
    const last = new Date(ord.created_at.getTime() + (path.length - 1) * step);
    o.id.push(id); o.mp.push(ord.marketplace); o.ext.push(ord.external_order_id); o.cust.push(ord.customer_name); o.status.push(ord.status);
    o.sub.push(t.subtotal_cents); o.ship.push(t.shipping_cents); o.tax.push(t.tax_cents); o.fees.push(t.fees_cents); o.total.push(t.total_cents); o.cur.push(ord.currency);
    o.reason.push(ord.status === 'cancelled' ? ord.cancel_reason ?? 'Cancelled by buyer' : null);
    o.count.push(ord.items.reduce((s, x) => s + x.quantity, 0));
    o.skus.push(ord.items.map((x) => x.sku).join(' '));
    o.created.push(ord.created_at.toISOString()); o.updated.push(last.toISOString());
    o.country.push(ord.ship_to.country); o.shipTo.push(JSON.stringify(ord.ship_to));
    o.email.push(ord.customer_email?.trim().toLowerCase() || null); o.phone.push(ord.customer_phone?.trim() || null);
    for (const x of ord.items) {
      it.order.push(id); it.product.push(x.product_id ?? null); it.variant.push(x.variant_id ?? null); it.sku.push(x.sku);
      it.title.push(x.title); it.qty.push(x.quantity); it.price.push(x.unit_price_cents);
    }
    path.forEach((to, k) => {
      h.order.push(id); h.from.push(k === 0 ? null : path[k - 1]); h.to.push(to);
      h.reason.push(to === 'cancelled' ? o.reason[o.reason.length - 1] : null); h.actor.push(ord.actor);
      h.at.push(new Date(ord.created_at.getTime() + k * step).toISOString());
    });
  });
  await tx.query(
    `insert into orders (id, tenant_id, marketplace, external_order_id, customer_name, status, subtotal_cents, shipping_cents, tax_cents, fees_cents, total_cents,
       currency, cancel_reason, items_count, skus, created_at, updated_at, ship_to_country, ship_to, customer_email, customer_phone)
     select u.id, $1, u.mp, u.ext, u.cust, u.status, u.sub, u.ship, u.tax, u.fees, u.total, u.cur, u.reason, u.cnt, u.skus, u.created, u.updated, u.country, u.ship_to::jsonb, u.email, u.phone
       from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int8[], $8::int8[], $9::int8[], $10::int8[],
                   $11::int8[], $12::text[], $13::text[], $14::int[], $15::text[], $16::timestamptz[], $17::timestamptz[], $18::text[], $19::text[], $20::text[], $21::text[])
         as u(id, mp, ext, cust, status, sub, ship, tax, fees, total, cur, reason, cnt, skus, created, updated, country, ship_to, email, phone)`,
    [tenantId, o.id, o.mp, o.ext, o.cust, o.status, o.sub, o.ship, o.tax, o.fees, o.total, o.cur, o.reason, o.count, o.skus, o.created, o.updated, o.country, o.shipTo, o.email, o.phone],
  );
  await tx.query(
    `insert into order_items (tenant_id, order_id, product_id, variant_id, sku, title, quantity, unit_price_cents)
     select $1, u.o, u.p, u.v, u.s, u.t, u.q, u.pr
       from unnest($2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::int[], $8::int8[]) as u(o, p, v, s, t, q, pr)`,
    [tenantId, it.order, it.product, it.variant, it.sku, it.title, it.qty, it.price],
  );
  await tx.query(
    `insert into order_status_history (tenant_id, order_id, from_status, to_status, reason, actor, at)
     select $1, u.o, u.f, u.t, u.r, u.a, u.at
       from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[]) as u(o, f, t, r, a, at)`,
    [tenantId, h.order, h.from, h.to, h.reason, h.actor, h.at],
  );
  return ids;
}
