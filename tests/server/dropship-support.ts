/** Helpers of the dropshipping suites: supplier mappings, marketplace orders as the intake creates them, waiting on orders. */
import type { Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { insertOrders } from '../../server/api/orders/insert';
import { shipToFor } from './ship-to-support';
import { appendEvent } from '../../server/events/outbox';
import { waitFor } from './wait-for';

export interface Mapping { supplierId: string; costCents: number; stock: number; score?: number | null; countries?: string[]; handlingDays?: number; priority?: number }

export async function demoSuppliers(h: Harness, n: number, tenantId = DEMO_TENANT.id): Promise<{ id: string; name: string }[]> {
  return h.db.transaction(async (tx) => (await tx.query<{ id: string; name: string }>('select id, name from suppliers where tenant_id = $1 order by name, id limit $2', [tenantId, n])).rows, { tenantId });
}

/** A fresh variant of its own product (so no seeded link interferes), with the given supplier mappings. */
export async function mappedVariant(h: Harness, sku: string, priceCents: number, mappings: Mapping[], tenantId = DEMO_TENANT.id): Promise<{ product_id: string; variant_id: string; sku: string }> {
  return h.db.transaction(async (tx) => {
    const p = await tx.query<{ id: string }>(
      `insert into products (tenant_id, handle, title, sku, price_cents, stock, weight) values ($1, $2, $3, $4, $5, 100, 400) returning id`,
      [tenantId, sku.toLowerCase(), `Dropship ${sku}`, sku, priceCents],
    );
    const v = await tx.query<{ id: string }>(
      `insert into product_variants (tenant_id, product_id, sku, price_cents, stock, weight) values ($1, $2, $3, $4, 100, 400) returning id`,
      [tenantId, p.rows[0].id, sku, priceCents],
    );
    for (const m of mappings) {
      if (m.score !== undefined) await tx.query('update suppliers set score = $2 where id = $1', [m.supplierId, m.score]);
      await tx.query(
        `insert into product_suppliers (tenant_id, product_id, variant_id, supplier_id, supplier_cost_cents, supplier_stock, supplier_sku, handling_days, ship_from, countries_served, priority)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'US', $9, $10)`,
        [tenantId, p.rows[0].id, v.rows[0].id, m.supplierId, m.costCents, m.stock, `SUP-${sku}`, m.handlingDays ?? 2, m.countries ?? ['US'], m.priority ?? 1],
      );
    }
    return { product_id: p.rows[0].id, variant_id: v.rows[0].id, sku };
  }, { tenantId });
}

/** An order as the marketplace intake creates it (insert + `orders.created` from the marketplace). */
export async function marketplaceOrder(h: Harness, v: { product_id: string; variant_id: string | null; sku: string }, priceCents: number, tenantId = DEMO_TENANT.id, externalId = `EXT-${Math.random().toString(36).slice(2, 10)}`): Promise<string> {
  return h.db.transaction(async (tx) => {
    const [id] = await insertOrders(tx, tenantId, [{
      marketplace: 'ebay', external_order_id: externalId, customer_name: 'Dana Buyer', ship_to: shipToFor('Dana Buyer'), status: 'pending', currency: 'USD', shipping_cents: 0, tax_cents: 0,
      created_at: new Date(), actor: 'test', items: [{ sku: v.sku, title: v.sku, quantity: 1, unit_price_cents: priceCents, product_id: v.product_id, variant_id: v.variant_id }],
    }]);
    await appendEvent(tx, tenantId, 'orders.created', { id, marketplace: 'ebay', external_order_id: externalId, source: 'marketplace' });
    return id;
  }, { tenantId });
}

/**
 * Automation on for the test's own orders: the setting written as `PUT /fulfillment/settings` writes
 * it, without the intake that switching it on starts (docs/dropshipping.md "Switching automation
 * on"), so the seed's waiting orders do not move through the queue and the counts a test reads are
 * its own. The intake itself: tests/server/orders-by-hand.test.ts.
 */
export async function automationOnWithoutIntake(h: Harness, tenantId = DEMO_TENANT.id): Promise<void> {
  await h.db.transaction((tx) => tx.query(
    `insert into fulfillment_settings (tenant_id, automation_enabled) values ($1, true)
     on conflict (tenant_id) do update set automation_enabled = true, updated_at = now()`,
    [tenantId],
  ), { tenantId });
}

export async function reemitCreated(h: Harness, id: string, tenantId = DEMO_TENANT.id): Promise<void> {
  await h.db.transaction((tx) => appendEvent(tx, tenantId, 'orders.created', { id, marketplace: 'ebay', source: 'marketplace' }), { tenantId });
}

export async function waitForOrder(h: Harness, email: string, id: string, ok: (o: Record<string, unknown>) => boolean, what: string): Promise<Record<string, unknown>> {
  return waitFor(async () => {
    const r = await callAs(h, email, 'GET', `/api/orders/${id}`);
    return r.status === 200 && ok(r.body.data) ? r.body.data : null;
  }, `${id} ${what}`, 30_000);
}

export async function pos(h: Harness, email: string, orderId: string): Promise<Record<string, unknown>[]> {
  return (await callAs(h, email, 'GET', `/api/purchase-orders?order_id=${orderId}&order=asc`)).body.data;
}
