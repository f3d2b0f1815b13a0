/**
 * Returns (RMA) on the sandbox (docs/dropshipping.md "Returns"): request → approve (return label) →
 * in transit (carrier scan) → received (restock when resellable) → refund; the tenant's default
 * "replace" creates a replacement order the automation routes; refused transitions; roles and tenants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { fastEventSettings } from './events-support';
import { demoSuppliers, mappedVariant, marketplaceOrder, waitForOrder } from './dropship-support';
import { waitFor } from './wait-for';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
let supplier: { id: string };

beforeAll(async () => {
  fastEventSettings();
  h = await startServer();
  [supplier] = await demoSuppliers(h, 1);
  expect((await call(ADMIN, 'PUT', '/api/fulfillment/settings', { automation_enabled: true })).status).toBe(200);
}, 120_000);
afterAll(async () => h?.close());

async function shippedOrder(sku: string) {
  const v = await mappedVariant(h, sku, 2500, [{ supplierId: supplier.id, costCents: 800, stock: 50 }]);
  const id = await marketplaceOrder(h, v, 2500);
  await waitForOrder(h, SELLER, id, (o) => o.status === 'ordered_from_supplier', 'ordered');
  expect((await call(AGENT, 'POST', '/api/fulfillment/sandbox/tick', { ticks: 1 })).status).toBe(200);
  await waitForOrder(h, SELLER, id, (o) => o.status === 'shipped', 'shipped');
  return { id, v };
}
const stockOf = async (variantId: string) => h.db.transaction(async (tx) => Number((await tx.query<{ stock: number }>('select stock from product_variants where id = $1', [variantId])).rows[0].stock), { tenantId: DEMO_TENANT.id });

describe('returns lifecycle', () => {
  it('a return of every line lists the lines by their number, not by the text of their ids', async () => {
    const { id, v } = await shippedOrder('DS-RET-ORDER');
    // two more lines whose ids sort differently as text ('10000000000' < '9999999999')
    await h.db.transaction(async (tx) => {
      for (const lineId of ['10000000000', '9999999999']) {
        await tx.query(
          `insert into order_items (id, tenant_id, order_id, product_id, variant_id, sku, title, quantity, unit_price_cents) values ($1, $2, $3, $4, $5, 'DS-RET-ORDER', 'Line', 1, 2500)`,
          [lineId, DEMO_TENANT.id, id, v.product_id, v.variant_id],
        );
      }
    }, { tenantId: DEMO_TENANT.id });
    const r = await call(SELLER, 'POST', '/api/returns', { order_id: id, reason: 'defective' });
    expect(r.status).toBe(201);
    const ids = (r.body.data.items as { order_item_id: string }[]).map((i) => BigInt(i.order_item_id));
    expect(ids).toHaveLength(3);
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  }, 120_000);

  it('request → approve with a return label → in transit → received and restocked → refunded', async () => {
    const { id, v } = await shippedOrder('DS-RET-1');
    const bad = await call(SELLER, 'POST', '/api/returns', { order_id: id, reason: 'bored' });
    expect(bad.status).toBe(400);
    const r = await call(SELLER, 'POST', '/api/returns', { order_id: id, reason: 'defective', note: 'Stopped working' });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ status: 'requested', order_id: id, reason: 'defective' });
    expect(r.body.data.number).toMatch(/^RMA-\d+$/);
    const rid = r.body.data.id;

    const early = await call(SELLER, 'POST', `/api/returns/${rid}/refund`, {});
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Cannot refund a return that is requested (needs received)');

    const ap = await call(SELLER, 'POST', `/api/returns/${rid}/approve`);
    expect(ap.status).toBe(200);
    expect(ap.body.data.status).toBe('approved');
    const label = (await call(SELLER, 'GET', `/api/shipments?order_id=${id}`)).body.data.find((s: { direction: string }) => s.direction === 'return');
    expect(label).toMatchObject({ return_id: rid, status: 'label_created' });

    await call(AGENT, 'POST', '/api/fulfillment/sandbox/tick', { ticks: 1 });
    await waitFor(async () => (await call(SELLER, 'GET', `/api/returns/${rid}`)).body.data.status === 'in_transit', 'the return in transit');

    const before = await stockOf(v.variant_id);
    const rec = await call(SELLER, 'POST', `/api/returns/${rid}/receive`, { condition: 'like_new' });
    expect(rec.status).toBe(200);
    expect(rec.body.data).toMatchObject({ status: 'received', condition: 'like_new', restocked: true });
    expect(await stockOf(v.variant_id)).toBe(before + 1);

    const ref = await call(SELLER, 'POST', `/api/returns/${rid}/refund`, {});
    expect(ref.status).toBe(200);
    expect(ref.body.data).toMatchObject({ status: 'refunded', resolution: 'refund', refund_cents: 2500 });
    expect((await call(SELLER, 'GET', `/api/orders/${id}`)).body.data.status).toBe('returned');
    expect(ref.body.data.history.map((x: { status: string }) => x.status)).toEqual(['requested', 'approved', 'in_transit', 'received', 'refunded']);
  }, 120_000);

  it('the tenant default "replace" creates a replacement order routed as usual; damaged items are not restocked', async () => {
    expect((await call(ADMIN, 'PUT', '/api/fulfillment/settings', { return_default_resolution: 'replace' })).status).toBe(200);
    const { id, v } = await shippedOrder('DS-RET-2');
    const rid = (await call(SELLER, 'POST', '/api/returns', { order_id: id, reason: 'damaged' })).body.data.id;
    expect((await call(SELLER, 'POST', `/api/returns/${rid}/approve`)).status).toBe(200);
    const before = await stockOf(v.variant_id);
    const rec = await call(SELLER, 'POST', `/api/returns/${rid}/receive`, { condition: 'damaged' });
    expect(rec.body.data.restocked).toBe(false);
    expect(await stockOf(v.variant_id)).toBe(before);
    const res = await call(SELLER, 'POST', `/api/returns/${rid}/resolve`, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'replaced', resolution: 'replace' });
    const newId = res.body.data.replacement_order_id;
    expect(newId).toMatch(/^ORD-/);
    await waitForOrder(h, SELLER, newId, (o) => o.status === 'ordered_from_supplier', 'the replacement routed');
    expect((await call(SELLER, 'GET', `/api/orders/${id}`)).body.data.status).toBe('returned');
    await call(ADMIN, 'PUT', '/api/fulfillment/settings', { return_default_resolution: 'refund' });
  }, 120_000);

  it('refuses a return of an order not yet shipped and keeps other tenants out', async () => {
    const v = await mappedVariant(h, 'DS-RET-3', 2500, []);
    const id = await marketplaceOrder(h, v, 2500);
    const early = await call(SELLER, 'POST', '/api/returns', { order_id: id, reason: 'other' });
    expect(early.status).toBe(400);
    expect(early.body.errors.order_id).toMatch(/^Only a shipped, delivered or partially returned order can be returned, not one that is /);
    const any = (await call(SELLER, 'GET', '/api/returns?limit=1')).body.data[0];
    expect(any).toBeTruthy();
    expect((await call(NW, 'GET', `/api/returns/${any.id}`)).status).toBe(404);
    expect((await call(NW, 'GET', '/api/returns')).body.data.map((x: { id: string }) => x.id)).not.toContain(any.id);
    expect((await call(NW, 'POST', `/api/returns/${any.id}/approve`)).status).toBe(404);
  }, 60_000);
});
