/**
 * Automation never ships at a loss without a word (docs/dropshipping.md "Hold rules", "Labels";
 * docs/commerce.md "Order profit"): the margin rule compares the order's result after the marketplace
 * fee, the supplier and the postage estimate — the "39.3 %" order is held at −2.5 % — and an automatic
 * label that would make the order a loss holds it instead; a person releases it and buys by hand,
 * and the order page's profit shows the loss. Both engines (TEST_DATABASE_URL for PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { fastEventSettings } from './events-support';
import { demoSuppliers, mappedVariant } from './dropship-support';
import { insertOrders } from '../../server/api/orders/insert';
import { shipToFor } from './ship-to-support';
import { appendEvent } from '../../server/events/outbox';
import { LABEL_LOSS_REASON } from '../../server/api/fulfillment/buy-label';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
let A: { id: string; name: string };

/** An Amazon order (15 % fee) of one $52.06 lamp whose supplier asks $31.60 and whose 3 kg parcel costs $13.95 domestic. */
async function lampOrder(sku: string): Promise<string> {
  const v = await mappedVariant(h, sku, 5206, [{ supplierId: A.id, costCents: 3160, stock: 100 }]);
  return h.db.transaction(async (tx) => {
    await tx.query('update product_variants set weight = 3000 where id = $1', [v.variant_id]);
    const ext = `EXT-${sku}`;
    const [id] = await insertOrders(tx, DEMO_TENANT.id, [{
      marketplace: 'amazon', external_order_id: ext, customer_name: 'Dana Buyer', ship_to: shipToFor('Dana Buyer'), status: 'pending', currency: 'USD', shipping_cents: 0, tax_cents: 0,
      created_at: new Date(), actor: 'test', items: [{ sku, title: sku, quantity: 1, unit_price_cents: 5206, product_id: v.product_id, variant_id: v.variant_id }],
    }]);
    await appendEvent(tx, DEMO_TENANT.id, 'orders.created', { id, marketplace: 'amazon', external_order_id: ext, source: 'marketplace' });
    return id;
  }, { tenantId: DEMO_TENANT.id });
}

beforeAll(async () => {
  fastEventSettings();
  h = await startServer();
  [A] = await demoSuppliers(h, 1);
  expect((await call(ADMIN, 'PUT', '/api/fulfillment/settings', { automation_enabled: true })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('automation and the order\'s true margin', () => {
  it('holds the "39.3 %" order under a 40 % rule with its true margin after fees and postage', async () => {
    expect((await call(ADMIN, 'PUT', '/api/fulfillment/settings', { hold_min_margin_percent: 40 })).status).toBe(200);
    const id = await lampOrder('LOSS-MARGIN');
    const held = await waitForHeld(id);
    expect(held).toBe('margin below 40% (-2.5% after fees, supplier cost and postage)');
    expect((await call(ADMIN, 'PUT', '/api/fulfillment/settings', { hold_min_margin_percent: null })).status).toBe(200);
  }, 120_000);

  it('holds instead of buying a label that makes a loss; a person releases it and buys by hand', async () => {
    const id = await lampOrder('LOSS-LABEL');
    let reason: string | null = null;
    for (let i = 0; i < 40 && !reason; i++) {
      await call(AGENT, 'POST', '/api/fulfillment/sandbox/tick', { ticks: 1 });
      reason = await holdOf(id);
      if (!reason) await new Promise((r) => setTimeout(r, 250));
    }
    expect(reason).toBe(`${LABEL_LOSS_REASON} (USPS Ground advantage $13.95)`);
    const ships = (await call(SELLER, 'GET', `/api/shipments?order_id=${id}`)).body.data;
    expect(ships).toHaveLength(0);
    const queue = (await call(SELLER, 'GET', '/api/fulfillment/queue?held=true&limit=100')).body.data;
    expect(queue.map((q: { id: string }) => q.id)).toContain(id);
    const before = (await call(SELLER, 'GET', `/api/orders/${id}`)).body.data;
    expect(before.status).toBe('ordered_from_supplier');
    expect(before.profit).toMatchObject({ sale_cents: 5206, fees_cents: 781, supplier_cents: 3160, postage_cents: null, result_cents: null });

    expect((await call(SELLER, 'POST', `/api/orders/${id}/release-hold`)).status).toBe(200);
    const bought = await call(SELLER, 'POST', '/api/shipments', { order_id: id, carrier: 'usps', service: 'ground_advantage' });
    expect(bought.status).toBe(201);
    const after = (await call(SELLER, 'GET', `/api/orders/${id}`)).body.data;
    expect(after.profit).toMatchObject({ postage_cents: 1395, refunds_cents: 0, result_cents: -130, margin_percent: -2.5 });
  }, 120_000);
});

async function holdOf(id: string): Promise<string | null> {
  return h.db.transaction(async (tx) => (await tx.query<{ hold_reason: string | null }>('select hold_reason from orders where id = $1', [id])).rows[0]?.hold_reason ?? null, { tenantId: DEMO_TENANT.id });
}

async function waitForHeld(id: string): Promise<string | null> {
  for (let i = 0; i < 100; i++) {
    const r = await holdOf(id);
    if (r) return r;
    await new Promise((res) => setTimeout(res, 200));
  }
  return null;
}
