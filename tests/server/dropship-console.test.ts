/**
 * The endpoints behind the dropshipping console (docs/dropshipping.md "Work queue", "Supplier
 * mappings"): the /fulfillment queue lists held orders first with their reason; releasing a hold
 * routes the order again past the hold rules (and says so in the timeline); a supplier's variant
 * mappings; a product's suppliers per variant and their reordering in one call; tenants kept apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs } from './tokens';
import { fastEventSettings } from './events-support';
import { automationOnWithoutIntake, demoSuppliers, mappedVariant, marketplaceOrder, waitForOrder } from './dropship-support';
import { waitFor } from './wait-for';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
let sup: { id: string; name: string }[];

beforeAll(async () => {
  fastEventSettings();
  h = await startServer();
  sup = await demoSuppliers(h, 3);
  // the queue this file reads holds its own orders only
  await automationOnWithoutIntake(h);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('the work queue and releasing a hold', () => {
  it('a held order is first in the queue with its reason; releasing it routes the order past the rule', async () => {
    const v = await mappedVariant(h, 'DS-HOLD-1', 5000, [{ supplierId: sup[0].id, costCents: 1000, stock: 50, handlingDays: 9 }]);
    await call(ADMIN, 'PUT', '/api/fulfillment/settings', { hold_max_handling_days: 5 });
    const id = await marketplaceOrder(h, v, 5000);
    const row = await waitFor(async () => {
      const q = await call(SELLER, 'GET', '/api/fulfillment/queue?limit=50');
      expect(q.status).toBe(200);
      return (q.body.data as { id: string; hold_reason: string | null }[]).find((o) => o.id === id && o.hold_reason) ?? null;
    }, 'the held order in the queue');
    expect(row.hold_reason).toMatch(/^handling days above 5/);
    const q = (await call(SELLER, 'GET', '/api/fulfillment/queue?limit=50')).body;
    // held orders come first
    const firstFree = q.data.findIndex((o: { hold_reason: string | null }) => !o.hold_reason);
    const lastHeld = q.data.map((o: { hold_reason: string | null }) => !!o.hold_reason).lastIndexOf(true);
    expect(firstFree === -1 || lastHeld < firstFree).toBe(true);
    expect((await call(SELLER, 'GET', '/api/fulfillment/queue?held=false&limit=100')).body.data.some((o: { id: string }) => o.id === id)).toBe(false);

    // another tenant neither sees nor releases it
    expect((await call(NW, 'GET', '/api/fulfillment/queue?limit=100')).body.data.some((o: { id: string }) => o.id === id)).toBe(false);
    expect((await call(NW, 'POST', `/api/orders/${id}/release-hold`)).status).toBe(404);

    const rel = await call(AGENT, 'POST', `/api/orders/${id}/release-hold`);
    expect(rel.status).toBe(200);
    expect(rel.body.data.hold_reason).toBeNull();
    // the rule still stands, but a person accepted it: the router places the purchase order
    await waitForOrder(h, SELLER, id, (o) => o.status === 'ordered_from_supplier', 'ordered after the release');
    const tl = (await call(SELLER, 'GET', `/api/orders/${id}/timeline`)).body.data as { subject: string; text: string }[];
    expect(tl.find((e) => e.subject === 'fulfillment.released')!.text).toContain('Hold released by agent@demo.local');
    expect(tl.some((e) => e.subject === 'fulfillment.po_placed')).toBe(true);
    // and it waits in the queue for its label, no longer held
    const again = (await call(SELLER, 'GET', '/api/fulfillment/queue?held=false&limit=100')).body.data.find((o: { id: string }) => o.id === id);
    expect(again).toMatchObject({ hold_reason: null, status: 'ordered_from_supplier' });

    expect((await call(AGENT, 'POST', `/api/orders/${id}/release-hold`)).body.code).toBe('not_held');
    await call(ADMIN, 'PUT', '/api/fulfillment/settings', { hold_max_handling_days: null });
  }, 120_000);

  it('an unmapped SKU is held again after a release: the block is not a rule', async () => {
    const id = await marketplaceOrder(h, { product_id: null as unknown as string, variant_id: null, sku: 'NOPE-405' }, 1000);
    await waitFor(async () => ((await call(SELLER, 'GET', `/api/orders/${id}/timeline`)).body.data as { subject: string }[]).some((e) => e.subject === 'fulfillment.held') || null, 'held');
    expect((await call(SELLER, 'POST', `/api/orders/${id}/release-hold`)).status).toBe(200);
    const tl = await waitFor(async () => {
      const t = (await call(SELLER, 'GET', `/api/orders/${id}/timeline`)).body.data as { subject: string }[];
      return t.filter((e) => e.subject === 'fulfillment.held').length === 2 ? t : null;
    }, 'held again');
    expect(tl.map((e) => e.subject)).toContain('fulfillment.released');
  }, 60_000);
});

describe('supplier mappings', () => {
  it('a supplier lists its variants; a product lists its suppliers; reordering sets priorities 1..n', async () => {
    const v = await mappedVariant(h, 'DS-MAP-1', 4000, [
      { supplierId: sup[0].id, costCents: 1200, stock: 40, priority: 1 },
      { supplierId: sup[1].id, costCents: 1100, stock: 20, priority: 2 },
      { supplierId: sup[2].id, costCents: 1300, stock: 0, priority: 3 },
    ]);
    const m = await call(SELLER, 'GET', `/api/suppliers/${sup[1].id}/mappings?search=DS-MAP-1`);
    expect(m.status).toBe(200);
    expect(m.body.pagination.total).toBe(1);
    expect(m.body.data[0]).toMatchObject({ product_id: v.product_id, variant_id: v.variant_id, variant_sku: 'DS-MAP-1', supplier_sku: 'SUP-DS-MAP-1', cost_cents: 1100, stock: 20, priority: 2, countries_served: ['US'] });

    const p = await call(SELLER, 'GET', `/api/products/${v.product_id}/suppliers`);
    expect(p.status).toBe(200);
    expect(p.body.data.map((r: { supplier_id: string }) => r.supplier_id)).toEqual([sup[0].id, sup[1].id, sup[2].id]);

    const order = [sup[2].id, sup[0].id, sup[1].id];
    const put = await call(AGENT, 'PUT', `/api/products/${v.product_id}/suppliers/order`, { variant_id: v.variant_id, supplier_ids: order });
    expect(put.status).toBe(200);
    expect(put.body.data.map((r: { supplier_id: string; priority: number }) => [r.supplier_id, r.priority])).toEqual(order.map((id, i) => [id, i + 1]));

    // the whole set, once each: a missing or a foreign supplier is refused and nothing changes
    const bad = await call(SELLER, 'PUT', `/api/products/${v.product_id}/suppliers/order`, { variant_id: v.variant_id, supplier_ids: [sup[0].id, sup[1].id] });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('supplier_ids');
    expect((await call(SELLER, 'PUT', `/api/products/${v.product_id}/suppliers/order`, { variant_id: v.variant_id, supplier_ids: [sup[0].id, sup[0].id, sup[1].id] })).status).toBe(400);
    expect((await call(SELLER, 'GET', `/api/products/${v.product_id}/suppliers`)).body.data.map((r: { supplier_id: string }) => r.supplier_id)).toEqual(order);

    // tenants apart
    expect((await call(NW, 'GET', `/api/products/${v.product_id}/suppliers`)).status).toBe(404);
    expect((await call(NW, 'GET', `/api/suppliers/${sup[0].id}/mappings`)).status).toBe(404);
    expect((await call(NW, 'PUT', `/api/products/${v.product_id}/suppliers/order`, { variant_id: v.variant_id, supplier_ids: order })).status).toBe(404);
  }, 60_000);
});
