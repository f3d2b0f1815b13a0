/**
 * Amazon and eBay order report imports — docs/commerce.md Validate the whole file, then create new orders
 * (history from pending to the report's status) or update known ones (matched by marketplace + external
 * id: items, totals and ship-to address replaced, status left to the transition rules) in one transaction. New orders go
 * in batches of CREATE_BATCH, so a job reports progress between them.
 */
import type { Tx } from '../../db';
import { orderTotalsCents } from '../../domain/fees';
import { loadFeeBook, STANDARD_BOOK } from '../../domain/fee-book';
import type { Marketplace } from '../../../contract/orders';
import { parseAmazonOrders, parseEbayOrders, type ImportedOrder } from '../../domain/marketplace-orders-csv';
import { insertOrders } from '../orders/insert';
import type { Importer, ImportPlan, WriteCtx } from './importer';

/** New orders per insert call: progress moves between calls. */
const CREATE_BATCH = 1000;

async function plan(tx: Tx, t: string, marketplace: Extract<Marketplace, 'amazon' | 'ebay'>, orders: ImportedOrder[], rowsTotal: number): Promise<ImportPlan> {
  const ext = orders.map((o) => o.external_order_id);
  const known = await tx.query<{ id: string; external_order_id: string }>(
    'select id, external_order_id from orders where tenant_id = $1 and marketplace = $2 and external_order_id = any($3::text[])',
    [t, marketplace, ext],
  );
  const idOf = new Map(known.rows.map((r) => [r.external_order_id, r.id]));
  const summary = { created: orders.length - idOf.size, updated: idOf.size, rows: rowsTotal };
  return { errors: [], summary, write: (w, onRows) => write(w, marketplace, orders, idOf, summary, onRows) };
}

async function write(
  w: WriteCtx, marketplace: Extract<Marketplace, 'amazon' | 'ebay'>, orders: ImportedOrder[], idOf: Map<string, string>,
  summary: { created: number; updated: number; rows: number }, onRows: (rows: number) => void,
): Promise<void> {
  const { tx, auth } = w;
  const t = auth.tenantId;
  let done = 0;
  // link items to the catalogue by SKU (variant first, then product)
  const skus = [...new Set(orders.flatMap((o) => o.items.map((i) => i.sku.toUpperCase())))];
  const links = await tx.query<{ sku: string; product_id: string; variant_id: string | null }>(
    `select upper(sku) as sku, product_id, id as variant_id from product_variants where tenant_id = $1 and upper(sku) = any($2::text[])
     union all
     select upper(sku), id, null from products where tenant_id = $1 and upper(sku) = any($2::text[])`,
    [t, skus],
  );
  const link = new Map<string, { product_id: string; variant_id: string | null }>();
  for (const l of links.rows) if (!link.has(l.sku)) link.set(l.sku, l);
  const itemsOf = (o: ImportedOrder) => o.items.map((i) => ({ ...i, ...(link.get(i.sku.toUpperCase()) ?? {}) }));

  const fresh = orders.filter((o) => !idOf.has(o.external_order_id));
  const ids: string[] = [];
  for (let b = 0; b < fresh.length; b += CREATE_BATCH) {
    const batch = fresh.slice(b, b + CREATE_BATCH);
    const created = await insertOrders(
      tx, t,
      batch.map((o) => ({ ...o, marketplace, items: itemsOf(o), actor: auth.email, stepMs: 0, cancel_reason: o.status === 'cancelled' ? `Cancelled on ${marketplace}` : null })),
    );
    for (const [i, id] of created.entries()) {
      await w.emit('orders.created', { id, marketplace, external_order_id: batch[i].external_order_id, source: `${marketplace}_import` });
    }
    ids.push(...created);
    done += batch.reduce((s, o) => s + o.items.length, 0);
    onRows(done);
  }
  const known = orders.filter((x) => idOf.has(x.external_order_id));
  // the fee on the tenant's schedule at the order's time (docs/settings.md "Fee overrides"), read once
  const fees = known.length ? await loadFeeBook(tx, t) : STANDARD_BOOK;
  for (const o of known) {
    const id = idOf.get(o.external_order_id)!;
    const items = itemsOf(o);
    const totals = orderTotalsCents(marketplace, items, o.shipping_cents, o.tax_cents, fees.at(marketplace, o.created_at));
    await tx.query('delete from order_items where tenant_id = $1 and order_id = $2', [t, id]);
    await tx.query(
      `insert into order_items (tenant_id, order_id, product_id, variant_id, sku, title, quantity, unit_price_cents)
       select $1, $2, u.p, u.v, u.s, u.t, u.q, u.pr from unnest($3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::int[], $8::int8[]) as u(p, v, s, t, q, pr)`,
      [t, id, items.map((i) => i.product_id ?? null), items.map((i) => i.variant_id ?? null), items.map((i) => i.sku), items.map((i) => i.title), items.map((i) => i.quantity), items.map((i) => i.unit_price_cents)],
    );
    await tx.query(
      // an erased customer's order keeps its erased name, address, email and phone (docs/governance.md "Compliance")
      `update orders set customer_name = case when customer_erased_at is null then coalesce($3, customer_name) else customer_name end,
              subtotal_cents = $4, shipping_cents = $5, tax_cents = $6, fees_cents = $7, total_cents = $8, currency = $9,
              items_count = $10, skus = $11, ship_to_country = $12,
              ship_to = case when customer_erased_at is null then $13::jsonb else ship_to || jsonb_build_object('country', $12::text) end,
              customer_email = case when customer_erased_at is null then coalesce($14, customer_email) else null end,
              customer_phone = case when customer_erased_at is null then coalesce($15, customer_phone) else null end, updated_at = now()
        where tenant_id = $1 and id = $2`,
      [t, id, o.customer_name, totals.subtotal_cents, totals.shipping_cents, totals.tax_cents, totals.fees_cents, totals.total_cents, o.currency,
        items.reduce((s, i) => s + i.quantity, 0), items.map((i) => i.sku).join(' '), o.ship_to.country, JSON.stringify(o.ship_to), o.customer_email, o.customer_phone],
    );
    await w.emit('orders.updated', { id, marketplace, external_order_id: o.external_order_id, source: `${marketplace}_import` });
    done += o.items.length;
    onRows(done);
  }
  await w.audit({ action: 'order.import', resource: 'order', resourceId: null, after: { format: marketplace, ...summary, created_ids: ids } });
}

function ordersImporter(marketplace: Extract<Marketplace, 'amazon' | 'ebay'>): Importer {
  return {
    kind: marketplace === 'amazon' ? 'amazon-orders' : 'ebay-orders',
    access: 'write:orders',
    async read(input, onProgress) {
      const parsed = marketplace === 'amazon' ? await parseAmazonOrders(input, onProgress) : await parseEbayOrders(input, onProgress);
      return { errors: parsed.errors, rowsTotal: parsed.rowsTotal, plan: (tx, t) => plan(tx, t, marketplace, parsed.orders, parsed.rowsTotal) };
    },
  };
}

export const amazonImporter = ordersImporter('amazon');
export const ebayImporter = ordersImporter('ebay');
