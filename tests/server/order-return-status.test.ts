/**
 * What returns and voided labels make of an order's status (docs/dropshipping.md "Returns",
 * "Labels"; docs/commerce.md "Order statuses"). A refund or replacement that leaves units to come
 * back makes the order partially returned, still returnable for what is left; the last unit makes it
 * returned. Voiding a shipped order's last live label takes it back to ordered_from_supplier (the
 * parcel never left), and no return is taken for it; a label voided while another is live leaves it
 * shipped. Each move writes its history line, event and audit row once, only when the status
 * changes, also when two requests race (docs/reliability.md "Concurrent duplicates"). On PGlite and
 * (TEST_DATABASE_URL) on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { insertOrders } from '../../server/api/orders/insert';
import { shipToFor } from './ship-to-support';
import type { OrderStatus } from '../../contract/orders';
import type { Tx } from '../../server/db';

let h: Harness;
const SELLER = 'seller@demo.local';
const T = DEMO_TENANT.id;
const call = (method: string, path: string, body?: unknown) => callAs(h, SELLER, method, path, body);
const inTenant = <R>(fn: (tx: Tx) => Promise<R>) => h.db.transaction(fn, { tenantId: T });

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

/** An order of two lines, 2 × $20.00 (A) and 1 × $10.00 (B), in `status`, made a week ago (its history's steps before now). */
async function order(sku: string, status: OrderStatus) {
  const id = await inTenant(async (tx) => (await insertOrders(tx, T, [{
    marketplace: 'ebay', external_order_id: null, customer_name: 'Robin Buyer', ship_to: shipToFor('Robin Buyer'), status, currency: 'USD', shipping_cents: 500, tax_cents: 0, created_at: new Date(Date.now() - 7 * 86_400_000), actor: 'test',
    items: [{ sku, title: sku, quantity: 2, unit_price_cents: 2000 }, { sku: `${sku}-B`, title: `${sku} B`, quantity: 1, unit_price_cents: 1000 }],
  }]))[0]);
  const lines = await inTenant(async (tx) => (await tx.query<{ id: string }>('select id::text from order_items where tenant_id = $1 and order_id = $2 order by id', [T, id])).rows);
  return { id, a: lines[0].id, b: lines[1].id };
}

const detail = async (id: string) => (await call('GET', `/api/orders/${id}`)).body.data as { status: OrderStatus; items: { id: number; quantity: number; returned_quantity: number }[]; status_history: { from: string | null; to: string; reason: string | null; actor: string }[] };

/** The order's status moves as written: history lines, `orders.status_changed` events, and the audit rows (the return's or the void's) that carry the move to `to`. */
const moves = (id: string, to: OrderStatus) => inTenant(async (tx) => (await tx.query<{ history: number; events: number; audits: number }>(
  `select (select count(*) from order_status_history where tenant_id = $1 and order_id = $2 and to_status = $3)::int as history,
          (select count(*) from events where tenant_id = $1 and subject = 'orders.status_changed' and payload->>'id' = $2 and payload->>'to' = $3)::int as events,
          (select count(*) from audit_log where tenant_id = $1 and after->'order'->>'id' = $2 and after->'order'->>'status' = $3)::int as audits`,
  [T, id, to],
)).rows[0]);

const ask = async (orderId: string, items?: { order_item_id: string; quantity: number }[]) => call('POST', '/api/returns', { order_id: orderId, reason: 'defective', ...(items ? { items } : {}) });

/** A return requested, approved (its return label bought) and received, ready for its refund. */
async function received(orderId: string, items?: { order_item_id: string; quantity: number }[]) {
  const r = await ask(orderId, items);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect((await call('POST', `/api/returns/${r.body.data.id}/approve`)).status).toBe(200);
  expect((await call('POST', `/api/returns/${r.body.data.id}/receive`, { condition: 'new' })).status).toBe(200);
  return r.body.data as { id: string; number: string; items: { order_item_id: string; quantity: number }[] };
}

const refund = async (rid: string) => {
  const r = await call('POST', `/api/returns/${rid}/refund`, {});
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r;
};

/** An order shipped on a label bought by hand (POST /api/shipments), its label not scanned yet. */
async function shipped(sku: string) {
  const o = await order(sku, 'ordered_from_supplier');
  const label = await call('POST', '/api/shipments', { order_id: o.id });
  expect(label.status, JSON.stringify(label.body)).toBe(201);
  expect((await detail(o.id)).status).toBe('shipped');
  return { ...o, label: label.body.data as { id: string; tracking_number: string } };
}

/** The order's live return label, after its return was approved. */
const returnLabel = async (orderId: string) => ((await call('GET', `/api/shipments?order_id=${orderId}`)).body.data as { id: string; direction: string; status: string }[])
  .find((s) => s.direction === 'return' && s.status !== 'voided')!;

describe('a partial return keeps the order returnable', () => {
  it('1 of 2 units refunded: partially returned, found by the return search, the rest still offered; the last unit makes it returned', async () => {
    const { id, a, b } = await order('ORS-PART', 'delivered');
    const r1 = await received(id, [{ order_item_id: a, quantity: 1 }]);
    await refund(r1.id);

    const o = await detail(id);
    expect(o.status).toBe('partially_returned');
    expect(o.items.map((i) => [i.quantity, i.returned_quantity])).toEqual([[2, 1], [1, 0]]);
    expect(o.status_history.at(-1)).toMatchObject({ from: 'delivered', to: 'partially_returned', reason: `${r1.number} refunded`, actor: SELLER });
    expect(await moves(id, 'partially_returned')).toEqual({ history: 1, events: 1, audits: 1 });
    expect(await moves(id, 'returned')).toEqual({ history: 0, events: 0, audits: 0 });
    // the "Create return" search: returnable statuses, this order among them
    const search = await call('GET', `/api/orders?status=shipped,delivered,partially_returned&id=${id}`);
    expect(search.body.data.map((x: { id: string }) => x.id)).toEqual([id]);
    // only what is left can be asked for
    const over = await ask(id, [{ order_item_id: a, quantity: 2 }]);
    expect(over.status).toBe(400);
    expect(over.body.errors['items.0.quantity']).toBe('Only 1 of this line can still be returned (2 sold, 1 already returned)');

    // a second partial refund: the status stays, nothing more is written for the order
    const r2 = await received(id, [{ order_item_id: b, quantity: 1 }]);
    await refund(r2.id);
    expect((await detail(id)).status).toBe('partially_returned');
    expect(await moves(id, 'partially_returned')).toEqual({ history: 1, events: 1, audits: 1 });

    // without items, a return takes what is left: the last unit of A; its refund returns the order
    const r3 = await received(id);
    expect(r3.items.map((i) => [i.order_item_id, i.quantity])).toEqual([[a, 1]]);
    await refund(r3.id);
    const done = await detail(id);
    expect(done.status).toBe('returned');
    expect(done.status_history.at(-1)).toMatchObject({ from: 'partially_returned', to: 'returned', reason: `${r3.number} refunded` });
    expect(await moves(id, 'returned')).toEqual({ history: 1, events: 1, audits: 1 });
    const after = await ask(id);
    expect(after.status).toBe(400);
    expect(after.body.errors.order_id).toBe('Only a shipped, delivered or partially returned order can be returned, not one that is returned');
  });

  it('a whole-order return resolved at once makes it returned in one step', async () => {
    const { id } = await order('ORS-WHOLE', 'shipped');
    const r = await received(id);
    await refund(r.id);
    expect((await detail(id)).status).toBe('returned');
    expect(await moves(id, 'partially_returned')).toEqual({ history: 0, events: 0, audits: 0 });
    expect(await moves(id, 'returned')).toEqual({ history: 1, events: 1, audits: 1 });
  });

  it('every unit in a return but one still open: partially returned until that one is resolved; rejected, the rest is returnable again', async () => {
    const { id, a, b } = await order('ORS-OPEN', 'delivered');
    const r1 = await received(id, [{ order_item_id: a, quantity: 2 }]);
    const r2 = (await ask(id, [{ order_item_id: b, quantity: 1 }])).body.data;
    await refund(r1.id);
    expect((await detail(id)).status).toBe('partially_returned');
    expect((await call('POST', `/api/returns/${r2.id}/reject`, { reason: 'Outside the window' })).status).toBe(200);
    expect((await detail(id)).status).toBe('partially_returned');
    const r3 = await received(id);
    expect(r3.items.map((i) => [i.order_item_id, i.quantity])).toEqual([[b, 1]]);
    await refund(r3.id);
    expect((await detail(id)).status).toBe('returned');
  });

  it('two returns of the order refunded at once: partially returned once, then returned once', async () => {
    const { id, a, b } = await order('ORS-RACE', 'delivered');
    const r1 = await received(id, [{ order_item_id: a, quantity: 2 }]);
    const r2 = await received(id, [{ order_item_id: b, quantity: 1 }]);
    const answers = await Promise.all([r1, r2].map((r) => call('POST', `/api/returns/${r.id}/refund`, {})));
    expect(answers.map((x) => x.status)).toEqual([200, 200]);
    expect((await detail(id)).status).toBe('returned');
    expect(await moves(id, 'partially_returned')).toEqual({ history: 1, events: 1, audits: 1 });
    expect(await moves(id, 'returned')).toEqual({ history: 1, events: 1, audits: 1 });
  });
});

describe('voiding a label', () => {
  it('voiding the only label takes the order back to ordered_from_supplier, and no return is taken for it', async () => {
    const { id, label } = await shipped('ORS-VOID');
    const v = await call('POST', `/api/shipments/${label.id}/void`);
    expect(v.status).toBe(200);
    const o = await detail(id);
    expect(o.status).toBe('ordered_from_supplier');
    expect(o.status_history.at(-1)).toMatchObject({ from: 'shipped', to: 'ordered_from_supplier', reason: `label ${label.tracking_number} voided`, actor: SELLER });
    expect(await moves(id, 'ordered_from_supplier')).toMatchObject({ events: 1, audits: 1 });
    // awaiting a new label: in the work queue
    const queue = await call('GET', `/api/fulfillment/queue?search=${id}`);
    expect(queue.body.data.map((x: { id: string }) => x.id)).toContain(id);

    const r = await ask(id);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('validation_failed');
    expect(r.body.errors.order_id).toBe(`${id} has not shipped: its label was voided, so the parcel never left and there is nothing to return`);
    expect((await call('GET', `/api/returns?order_id=${id}`)).body.data).toEqual([]);

    // a new label ships it again
    expect((await call('POST', '/api/shipments', { order_id: id })).status).toBe(201);
    expect((await detail(id)).status).toBe('shipped');
  });

  it('a label voided while another stays live leaves the order shipped', async () => {
    const { id, label } = await shipped('ORS-TWO');
    // a return approved on the shipped order: its return label is the order's second live label
    const r = (await ask(id, undefined)).body.data;
    expect((await call('POST', `/api/returns/${r.id}/approve`)).status).toBe(200);
    const back = await returnLabel(id);
    expect(back).toBeDefined();
    expect((await call('POST', `/api/shipments/${label.id}/void`)).status).toBe(200);
    expect((await detail(id)).status).toBe('shipped');
    expect(await moves(id, 'ordered_from_supplier')).toMatchObject({ events: 0, audits: 0 });
  });

  it('voiding a return label leaves a shipped order as it is', async () => {
    const { id } = await shipped('ORS-RETLBL');
    const r = (await ask(id, undefined)).body.data;
    expect((await call('POST', `/api/returns/${r.id}/approve`)).status).toBe(200);
    expect((await call('POST', `/api/shipments/${(await returnLabel(id)).id}/void`)).status).toBe(200);
    expect((await detail(id)).status).toBe('shipped');
  });

  it('its two live labels voided at once: the order goes back once', async () => {
    const { id, label } = await shipped('ORS-VOID-RACE');
    const r = (await ask(id, undefined)).body.data;
    expect((await call('POST', `/api/returns/${r.id}/approve`)).status).toBe(200);
    const back = await returnLabel(id);
    const answers = await Promise.all([label.id, back.id].map((s) => call('POST', `/api/shipments/${s}/void`)));
    expect(answers.map((x) => x.status)).toEqual([200, 200]);
    expect((await detail(id)).status).toBe('ordered_from_supplier');
    expect(await moves(id, 'ordered_from_supplier')).toMatchObject({ events: 1, audits: 1 });
  });

  it('a shipped order whose every label was voided before the status went back with the void is not returned either', async () => {
    const { id, label } = await shipped('ORS-LEGACY');
    // as a void before this rule left it: the label voided, the order still shipped
    await inTenant((tx) => tx.query(`update shipments set status = 'voided', voided_at = now() where id = $1`, [label.id]));
    const r = await ask(id);
    expect(r.status).toBe(400);
    expect(r.body.errors.order_id).toMatch(/its label was voided/);
  });
});
