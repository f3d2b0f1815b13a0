/**
 * Working orders by hand (docs/dropshipping.md "Routing by hand", "Switching automation on"): a
 * person routes an order through the router (never sets "Routed" themselves), a held order asks for
 * its release first, the hold rules still apply; the bulk route of /orders answers one result per
 * order and writes nothing for a refused one; switching automation on takes in the orders that
 * waited, oldest first; each command takes effect once, also when sent twice at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { fastEventSettings, newStore, openServer } from './events-support';
import { demoSuppliers, mappedVariant, pos, waitForOrder } from './dropship-support';
import { waitFor } from './wait-for';
import { insertOrders } from '../../server/api/orders/insert';
import { demoAutomation, seedAutomationOn } from '../../server/seed/automation';
import { countWaiting } from '../../server/api/fulfillment/intake';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const ADMIN = 'admin@demo.local';
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
let variant: { product_id: string; variant_id: string; sku: string };

const asDemo = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await h.db.transaction((tx) => tx.query<T>(sql, params), { tenantId: DEMO_TENANT.id })).rows;

/** A marketplace order waiting for a person (no `orders.created`: nothing routes it on its own). */
async function waitingOrder(createdAt = new Date()): Promise<string> {
  return h.db.transaction(async (tx) => {
    const [id] = await insertOrders(tx, DEMO_TENANT.id, [{
      marketplace: 'ebay', external_order_id: `HAND-${Math.random().toString(36).slice(2, 10)}`, customer_name: 'Robin Hand', status: 'pending', currency: 'USD',
      shipping_cents: 0, tax_cents: 0, created_at: createdAt, actor: 'test',
      ship_to: { name: 'Robin Hand', line1: '12 Elm Street', city: 'Springfield', region: 'IL', postal_code: '62701', country: 'US' },
      items: [{ sku: variant.sku, title: variant.sku, quantity: 1, unit_price_cents: 6000, product_id: variant.product_id, variant_id: variant.variant_id }],
    }]);
    return id;
  }, { tenantId: DEMO_TENANT.id });
}

const auditsOf = async (id: string, action: string) => (await asDemo<{ n: number }>('select count(*)::int as n from audit_log where resource_id = $1 and action = $2', [id, action]))[0].n;
const eventsOf = async (id: string, subject: string) => (await asDemo<{ n: number }>("select count(*)::int as n from events where subject = $2 and payload->>'order_id' = $1", [id, subject]))[0].n;

beforeAll(async () => {
  fastEventSettings();
  h = await startServer();
  const [sup] = await demoSuppliers(h, 1);
  variant = await mappedVariant(h, 'HAND-1', 6000, [{ supplierId: sup.id, costCents: 1500, stock: 500 }]);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('routing by hand', () => {
  it('"Routed" is the router\'s: a person asks the router, which places the purchase order, once', async () => {
    const id = await waitingOrder();
    const set = await call(SELLER, 'POST', `/api/orders/${id}/status`, { status: 'routed' });
    expect(set.status).toBe(409);
    expect(set.body).toMatchObject({ code: 'route_instead', details: { from: 'pending', to: 'routed', allowed: ['cancelled'] } });
    expect(set.body.message).toContain('route the order instead');

    const r = await call(SELLER, 'POST', `/api/orders/${id}/route`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id, outcome: 'placed', message: '1 purchase order placed' });
    const o = (await call(SELLER, 'GET', `/api/orders/${id}`)).body.data;
    expect(o.status).toBe('ordered_from_supplier');
    // the history names the person who routed, not the automation
    expect(o.status_history.slice(-2).map((s: { to: string; actor: string }) => [s.to, s.actor])).toEqual([['routed', SELLER], ['ordered_from_supplier', SELLER]]);
    expect(await pos(h, SELLER, id)).toHaveLength(1);

    const again = await call(SELLER, 'POST', `/api/orders/${id}/route`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'invalid_state', message: 'Only a pending order can be routed; this one is ordered from supplier' });
    expect(await pos(h, SELLER, id)).toHaveLength(1);
    expect(await auditsOf(id, 'order.route')).toBe(1);
  });

  it('two clicks at the same moment route the order once', async () => {
    const id = await waitingOrder();
    const both = await Promise.all([call(SELLER, 'POST', `/api/orders/${id}/route`), call(ADMIN, 'POST', `/api/orders/${id}/route`)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await pos(h, SELLER, id)).toHaveLength(1);
    expect(await eventsOf(id, 'fulfillment.po_placed')).toBe(1);
    expect(await auditsOf(id, 'order.route')).toBe(1);
  });

  it('a held order asks for its release first; holding twice is refused', async () => {
    const id = await waitingOrder();
    const held = await call(SELLER, 'POST', `/api/orders/${id}/hold`, { reason: 'Check the address' });
    expect(held.status).toBe(200);
    expect(held.body.data.hold_reason).toBe(`Check the address (held by ${SELLER})`);
    expect((await call(SELLER, 'GET', `/api/orders/${id}`)).body.data.hold_reason).toBe(`Check the address (held by ${SELLER})`);
    expect((await call(SELLER, 'POST', `/api/orders/${id}/hold`, { reason: 'again' })).body.code).toBe('already_held');
    const r = await call(SELLER, 'POST', `/api/orders/${id}/route`);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'on_hold', message: `This order is on hold (Check the address (held by ${SELLER})): release the hold first` });
    expect(await pos(h, SELLER, id)).toHaveLength(0);
    expect((await call(SELLER, 'POST', `/api/orders/${id}/hold`, {})).status).toBe(400);
    // released: the router routes it (past the hold rules, a person accepted them)
    expect((await call(SELLER, 'POST', `/api/orders/${id}/release-hold`)).status).toBe(200);
    await waitForOrder(h, SELLER, id, (o) => o.status === 'ordered_from_supplier', 'routed after the release');
  });

  it('the tenant\'s hold rules apply to routing by hand', async () => {
    expect((await call(ADMIN, 'PUT', '/api/fulfillment/settings', { hold_min_margin_percent: 95 })).status).toBe(200);
    try {
      const id = await waitingOrder();
      const r = await call(SELLER, 'POST', `/api/orders/${id}/route`);
      expect(r.status).toBe(200);
      expect(r.body.data.outcome).toBe('held');
      expect(r.body.data.message).toMatch(/^Held: margin below 95%/);
      const o = (await call(SELLER, 'GET', `/api/orders/${id}`)).body.data;
      expect(o.status).toBe('pending');
      expect(o.hold_reason).toMatch(/^margin/);
      expect(await pos(h, SELLER, id)).toHaveLength(0);
    } finally {
      expect((await call(ADMIN, 'PUT', '/api/fulfillment/settings', { hold_min_margin_percent: null })).status).toBe(200);
    }
  });
});

describe('bulk actions of /orders', () => {
  it('one result per order, in the order asked; a refused order writes nothing', async () => {
    const [free, onHold] = [await waitingOrder(), await waitingOrder()];
    expect((await call(SELLER, 'POST', `/api/orders/${onHold}/hold`, { reason: 'Fraud check' })).status).toBe(200);
    const shipped = (await call(SELLER, 'GET', '/api/me/orders?status=shipped&limit=1')).body.data[0].id as string;
    const heldEvents = await eventsOf(onHold, 'fulfillment.held');
    const r = await call(SELLER, 'POST', '/api/orders/bulk', { action: 'route', ids: [free, onHold, shipped, 'ORD-1'] });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { id: free, ok: true, message: '1 purchase order placed' },
      { id: onHold, ok: false, error: { code: 'on_hold', message: expect.stringContaining('release the hold first') } },
      { id: shipped, ok: false, error: { code: 'invalid_state', message: 'Only a pending order can be routed; this one is shipped' } },
      { id: 'ORD-1', ok: false, error: { code: 'not_found', message: 'Order not found' } },
    ]);
    expect(await auditsOf(free, 'order.route')).toBe(1);
    expect(await auditsOf(onHold, 'order.route')).toBe(0);
    expect(await eventsOf(onHold, 'fulfillment.held')).toBe(heldEvents);
    expect(await pos(h, SELLER, onHold)).toHaveLength(0);

    // labels for the routed one; the pending one cannot have one yet
    const other = await waitingOrder();
    const labels = await call(SELLER, 'POST', '/api/orders/bulk', { action: 'buy_label', ids: [free, other] });
    expect(labels.body.data[0]).toMatchObject({ id: free, ok: true, message: expect.stringMatching(/^Label bought: \S+/) });
    expect(labels.body.data[1]).toMatchObject({ id: other, ok: false, error: { code: 'invalid_state' } });
    expect((await call(SELLER, 'GET', `/api/orders/${free}`)).body.data.status).toBe('shipped');
  });

  it('hold, release and cancel in bulk; a reason is required to hold or cancel', async () => {
    const [a, b] = [await waitingOrder(), await waitingOrder()];
    const noReason = await call(SELLER, 'POST', '/api/orders/bulk', { action: 'cancel', ids: [a] });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'reason', message: 'A reason is required to hold or cancel orders' })]));
    expect((await call(SELLER, 'POST', '/api/orders/bulk', { action: 'route', ids: [] })).status).toBe(400);
    expect((await call(SELLER, 'POST', '/api/orders/bulk', { action: 'route', ids: Array.from({ length: 51 }, (_, i) => `ORD-${i}`) })).status).toBe(400);

    const hold = await call(SELLER, 'POST', '/api/orders/bulk', { action: 'hold', ids: [a, b], reason: 'Stock check' });
    expect(hold.body.data.map((x: { ok: boolean }) => x.ok)).toEqual([true, true]);
    const release = await call(SELLER, 'POST', '/api/orders/bulk', { action: 'release', ids: [a] });
    expect(release.body.data).toEqual([{ id: a, ok: true, message: 'Hold released: the router routes it again' }]);
    const cancel = await call(SELLER, 'POST', '/api/orders/bulk', { action: 'cancel', ids: [b], reason: 'Buyer asked' });
    expect(cancel.body.data).toEqual([{ id: b, ok: true, message: 'Cancelled' }]);
    const o = (await call(SELLER, 'GET', `/api/orders/${b}`)).body.data;
    expect(o).toMatchObject({ status: 'cancelled', cancel_reason: 'Buyer asked' });
    expect(o.status_history.at(-1)).toMatchObject({ from: 'pending', to: 'cancelled', actor: SELLER });
  });

  it('another tenant\'s orders are not found, and not changed', async () => {
    const id = await waitingOrder();
    const r = await call(NW, 'POST', '/api/orders/bulk', { action: 'cancel', ids: [id], reason: 'not mine' });
    expect(r.body.data).toEqual([{ id, ok: false, error: { code: 'not_found', message: 'Order not found' } }]);
    expect((await call(NW, 'POST', `/api/orders/${id}/route`)).status).toBe(404);
    expect((await call(SELLER, 'GET', `/api/orders/${id}`)).body.data.status).toBe('pending');
  });
});

describe('switching automation on', () => {
  it('takes in the waiting orders, oldest first, through the router and its hold rules; a held one stays', async () => {
    const t0 = Date.now() - 3 * 3600_000;
    const ids = [await waitingOrder(new Date(t0 + 2000)), await waitingOrder(new Date(t0)), await waitingOrder(new Date(t0 + 1000))];
    const kept = await waitingOrder(new Date(t0 - 1000));
    expect((await call(SELLER, 'POST', `/api/orders/${kept}/hold`, { reason: 'Keep me' })).status).toBe(200);
    const on = await call(ADMIN, 'PUT', '/api/fulfillment/settings', { automation_enabled: true });
    expect(on.status).toBe(200);
    const [intake] = await asDemo<{ payload: { by: string; waiting: number } }>("select payload from events where subject = 'fulfillment.intake' order by seq desc limit 1");
    expect(intake.payload.by).toBe(ADMIN);
    expect(intake.payload.waiting).toBeGreaterThanOrEqual(3);
    for (const id of ids) await waitForOrder(h, SELLER, id, (o) => o.status === 'ordered_from_supplier', 'taken in');
    // oldest first: the purchase orders were placed in the orders' age order
    const numbers = await asDemo<{ order_id: string; n: number }>(
      "select order_id, replace(number, 'PO-', '')::int as n from purchase_orders where order_id = any($1::text[])", [ids],
    );
    const byOrder = new Map(numbers.map((r) => [r.order_id, Number(r.n)]));
    expect(byOrder.get(ids[1])!).toBeLessThan(byOrder.get(ids[2])!);
    expect(byOrder.get(ids[2])!).toBeLessThan(byOrder.get(ids[0])!);
    const k = (await call(SELLER, 'GET', `/api/orders/${kept}`)).body.data;
    expect(k).toMatchObject({ status: 'pending', hold_reason: `Keep me (held by ${SELLER})` });

    // saving the same settings again changes nothing: no audit row, no event, no second intake
    const intakes = async () => (await asDemo<{ n: number }>("select count(*)::int as n from events where subject = 'fulfillment.intake'"))[0].n;
    const audits = async () => (await asDemo<{ n: number }>("select count(*)::int as n from audit_log where action = 'fulfillment_settings.update'"))[0].n;
    const [i0, a0] = [await intakes(), await audits()];
    expect((await call(ADMIN, 'PUT', '/api/fulfillment/settings', { automation_enabled: true })).status).toBe(200);
    expect([await intakes(), await audits()]).toEqual([i0, a0]);
    // off, then on again: taken in again (what arrived meanwhile)
    expect((await call(ADMIN, 'PUT', '/api/fulfillment/settings', { automation_enabled: false })).status).toBe(200);
    const late = await waitingOrder();
    expect((await call(ADMIN, 'PUT', '/api/fulfillment/settings', { automation_enabled: true })).status).toBe(200);
    expect(await intakes()).toBe(i0 + 1);
    await waitForOrder(h, SELLER, late, (o) => o.status === 'ordered_from_supplier', 'taken in the second time');
    expect((await call(ADMIN, 'PUT', '/api/fulfillment/settings', { automation_enabled: false })).status).toBe(200);
  });

  it('a freshly seeded Demo Store starts with automation on (off under the test runner and the end-to-end server)', async () => {
    expect(demoAutomation({})).toBe(true);
    expect(demoAutomation({ VITEST: 'true' })).toBe(false);
    expect(demoAutomation({ DEMO_AUTOMATION: 'off' })).toBe(false);
    expect(demoAutomation({ VITEST: 'true', DEMO_AUTOMATION: 'on' })).toBe(true);
    // the seed's switch is the seller's: settings on, and the waiting orders taken in
    await seedAutomationOn(h.db, NORTHWIND_TENANT.id);
    expect((await call(NW, 'GET', '/api/fulfillment/settings')).body.data.automation_enabled).toBe(true);
    await waitFor(async () => {
      const rows = (await h.db.transaction((tx) => tx.query<{ n: number }>(
        "select count(*)::int as n from orders o where o.status = 'pending' and o.route_attempt = 0 and o.hold_reason is null", [],
      ), { tenantId: NORTHWIND_TENANT.id })).rows;
      return rows[0].n === 0 ? true : null;
    }, 'Northwind\'s waiting orders taken in', 60_000);
  });

  it('a fresh `npm start` takes in the seed\'s waiting orders: the intake asked before the consumers existed is not missed', async () => {
    const store = await newStore({ fresh: true });
    process.env.DEMO_AUTOMATION = 'on';
    try {
      const srv = await openServer(store);
      try {
        const settings = await srv.db.transaction((tx) => tx.query<{ automation_enabled: boolean }>('select automation_enabled from fulfillment_settings where tenant_id = $1', [DEMO_TENANT.id]), { tenantId: DEMO_TENANT.id });
        expect(settings.rows[0].automation_enabled).toBe(true);
        await waitFor(async () => ((await srv.db.transaction((tx) => countWaiting(tx, DEMO_TENANT.id), { tenantId: DEMO_TENANT.id })) === 0 ? true : null), 'the seeded waiting orders taken in', 90_000);
      } finally {
        await srv.close();
      }
    } finally {
      delete process.env.DEMO_AUTOMATION;
      await store.drop();
    }
  }, 180_000);
});
