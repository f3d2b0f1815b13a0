/**
 * Returns never take back more than was sold (docs/dropshipping.md "Returned quantity"): a line is
 * returned at most up to its quantity, over the return's items and the order's other returns that
 * are not rejected; the request is refused with what is left, and the database holds the same bound
 * (order_items.returned_quantity, its CHECK and the trigger on returns), so concurrent requests and
 * writes that skip the handler cannot pass it either. Refunds stay within what the buyer paid and
 * stock rises by no more than came back. On PGlite and (TEST_DATABASE_URL) on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { databaseBefore } from './migration-support';
import { callAs, DEMO_TENANT } from './tokens';
import { mappedVariant } from './dropship-support';
import { insertOrders } from '../../server/api/orders/insert';
import { shipToFor } from './ship-to-support';
import { isOverReturned } from '../../server/api/returns/routes';
import { assertMoneyInvariants, moneyViolations } from './money-invariants';
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

interface Line { id: string; quantity: number; returned_quantity: number }

/** A delivered order of two lines: 2 × $29.99 of a fresh variant (stock 100) and 1 × $10.00; shipping $5, tax $2. */
async function deliveredOrder(sku: string) {
  const v = await mappedVariant(h, sku, 2999, []);
  const id = await inTenant(async (tx) => (await insertOrders(tx, T, [{
    marketplace: 'ebay', external_order_id: null, customer_name: 'Dana Buyer', ship_to: shipToFor('Dana Buyer'), status: 'delivered', currency: 'USD', shipping_cents: 500, tax_cents: 200, created_at: new Date(), actor: 'test',
    items: [
      { sku, title: sku, quantity: 2, unit_price_cents: 2999, product_id: v.product_id, variant_id: v.variant_id },
      { sku: `${sku}-B`, title: `${sku} B`, quantity: 1, unit_price_cents: 1000 },
    ],
  }]))[0]);
  const [a, b] = await lines(id);
  return { id, v, a, b };
}

const lines = (orderId: string) => inTenant(async (tx) => (await tx.query<Line>(
  'select id::text, quantity, returned_quantity from order_items where tenant_id = $1 and order_id = $2 order by id', [T, orderId],
)).rows.map((l) => ({ ...l, quantity: Number(l.quantity), returned_quantity: Number(l.returned_quantity) })));

/** What a command leaves behind for an order: its returns, their audit rows and events. */
const written = (orderId: string) => inTenant(async (tx) => (await tx.query<{ returns: number; audits: number; events: number }>(
  `select (select count(*) from returns where tenant_id = $1 and order_id = $2)::int as returns,
          (select count(*) from audit_log where tenant_id = $1 and action = 'return.request' and after->>'order_id' = $2)::int as audits,
          (select count(*) from events where tenant_id = $1 and subject = 'returns.requested' and payload->>'order_id' = $2)::int as events`,
  [T, orderId],
)).rows[0]);

const stockOf = (variantId: string) => inTenant(async (tx) => Number((await tx.query<{ stock: number }>('select stock from product_variants where id = $1', [variantId])).rows[0].stock));

const ask = (orderId: string, items?: { order_item_id: string; quantity: number }[]) => call('POST', '/api/returns', { order_id: orderId, reason: 'defective', ...(items ? { items } : {}) });

/** A return inserted as the handler inserts it, bypassing the handler's own check. */
const insertReturn = (tx: Tx, orderId: string, items: { order_item_id: string; quantity: number }[]) => tx.query(
  `insert into returns (tenant_id, order_id, reason, items) values ($1, $2, 'defective', $3)`,
  [T, orderId, JSON.stringify(items.map((i) => ({ ...i, sku: 'X', title: 'X', unit_price_cents: 2999, product_id: null, variant_id: null })))],
);

describe('a line is returned at most up to its quantity', () => {
  it('refuses a line listed twice in one return, writing nothing', async () => {
    const { id, a } = await deliveredOrder('RQ-DUP');
    const r = await ask(id, [{ order_item_id: a.id, quantity: 1 }, { order_item_id: a.id, quantity: 1 }]);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('validation_failed');
    expect(r.body.details).toEqual([expect.objectContaining({ field: 'items.1.order_item_id', code: 'duplicate' })]);
    expect(r.body.errors['items.1.order_item_id']).toMatch(/already items\.0/);
    expect(await written(id)).toEqual({ returns: 0, audits: 0, events: 0 });
    expect((await lines(id))[0].returned_quantity).toBe(0);
  });

  it('refuses more than is left, naming what is left; the rest may come back once, then nothing more', async () => {
    const { id, a, b } = await deliveredOrder('RQ-OVER');
    const over = await ask(id, [{ order_item_id: b.id, quantity: 1 }, { order_item_id: a.id, quantity: 3 }]);
    expect(over.status).toBe(400);
    expect(over.body.details).toEqual([{ field: 'items.1.quantity', message: 'Only 2 of this line can still be returned (2 sold, 0 already returned)', code: 'too_big' }]);
    expect(over.body.message).toContain('Only 2 of this line');
    expect(await written(id)).toEqual({ returns: 0, audits: 0, events: 0 });

    const first = await ask(id, [{ order_item_id: a.id, quantity: 1 }]);
    expect(first.status).toBe(201);
    const again = await ask(id, [{ order_item_id: a.id, quantity: 2 }]);
    expect(again.status).toBe(400);
    expect(again.body.errors['items.0.quantity']).toBe('Only 1 of this line can still be returned (2 sold, 1 already returned)');

    // without items: whatever is left of every line
    const rest = await ask(id);
    expect(rest.status).toBe(201);
    expect(rest.body.data.items.map((i: { order_item_id: string; quantity: number }) => [i.order_item_id, i.quantity])).toEqual([[a.id, 1], [b.id, 1]]);
    expect((await lines(id)).map((l) => l.returned_quantity)).toEqual([2, 1]);

    const third = await ask(id, [{ order_item_id: a.id, quantity: 1 }]);
    expect(third.status).toBe(400);
    expect(third.body.errors['items.0.quantity']).toBe('None of this line can still be returned (all 2 already returned)');
    const none = await ask(id);
    expect(none.status).toBe(400);
    expect(none.body.details).toEqual([expect.objectContaining({ field: 'items', message: 'Every line of this order has already been returned' })]);
    expect(await written(id)).toEqual({ returns: 2, audits: 2, events: 2 });
  });

  it('a rejected return frees its quantity; one rejected after it was restocked takes its items out of stock again', async () => {
    const { id, v, a } = await deliveredOrder('RQ-REJECT');
    const before = await stockOf(v.variant_id);
    const r1 = (await ask(id, [{ order_item_id: a.id, quantity: 2 }])).body.data;
    expect((await ask(id, [{ order_item_id: a.id, quantity: 1 }])).status).toBe(400);
    expect((await call('POST', `/api/returns/${r1.id}/reject`, { reason: 'Outside the window' })).status).toBe(200);
    expect((await lines(id))[0].returned_quantity).toBe(0);

    const r2 = await ask(id, [{ order_item_id: a.id, quantity: 2 }]);
    expect(r2.status).toBe(201);
    expect((await call('POST', `/api/returns/${r2.body.data.id}/approve`)).status).toBe(200);
    const rec = await call('POST', `/api/returns/${r2.body.data.id}/receive`, { condition: 'new' });
    expect(rec.body.data).toMatchObject({ status: 'received', restocked: true });
    expect(await stockOf(v.variant_id)).toBe(before + 2);
    // refused after all: the goods go back to the buyer, out of stock, and the line is free again
    const rej = await call('POST', `/api/returns/${r2.body.data.id}/reject`, { reason: 'Not the item sold' });
    expect(rej.status).toBe(200);
    expect(rej.body.data).toMatchObject({ status: 'rejected', restocked: false });
    expect(await stockOf(v.variant_id)).toBe(before);
    expect((await lines(id))[0].returned_quantity).toBe(0);

    const r3 = (await ask(id, [{ order_item_id: a.id, quantity: 2 }])).body.data;
    expect((await call('POST', `/api/returns/${r3.id}/approve`)).status).toBe(200);
    expect((await call('POST', `/api/returns/${r3.id}/receive`, { condition: 'like_new' })).status).toBe(200);
    expect(await stockOf(v.variant_id)).toBe(before + 2);
    await assertMoneyInvariants(h);
  });

  it('10 concurrent returns of the whole line: exactly one is made, with one audit row and one event', async () => {
    const { id, v, a } = await deliveredOrder('RQ-RACE');
    const before = await stockOf(v.variant_id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(id, [{ order_item_id: a.id, quantity: 2 }])));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201 || s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 400 || s === 409), statuses.join()).toBe(true);
    for (const r of answers.filter((x) => x.status === 400)) expect(r.body.errors['items.0.quantity']).toBe('None of this line can still be returned (all 2 already returned)');
    expect(await written(id)).toEqual({ returns: 1, audits: 1, events: 1 });
    expect((await lines(id))[0].returned_quantity).toBe(2);

    // worked to the end: refunded what the line is worth, within what was paid; stock up by the 2 that came back
    const rid = answers.find((r) => r.status === 201)!.body.data.id;
    expect((await call('POST', `/api/returns/${rid}/approve`)).status).toBe(200);
    expect((await call('POST', `/api/returns/${rid}/receive`, { condition: 'new' })).status).toBe(200);
    const ref = await call('POST', `/api/returns/${rid}/refund`, {});
    expect(ref.status).toBe(200);
    expect(ref.body.data.refund_cents).toBe(5998);
    expect(await stockOf(v.variant_id)).toBe(before + 2);
    const order = (await call('GET', `/api/orders/${id}`)).body.data;
    expect(ref.body.data.refund_cents).toBeLessThanOrEqual(Math.round(Number(order.total) * 100));
  });

  it('the database holds the bound itself: writes that skip the handler are refused (23514), concurrent ones too', async () => {
    const { id, a, b } = await deliveredOrder('RQ-DB');
    // a line listed twice is counted twice
    const dup = await inTenant((tx) => insertReturn(tx, id, [{ order_item_id: a.id, quantity: 2 }, { order_item_id: a.id, quantity: 1 }])).catch((e: unknown) => e);
    expect(isOverReturned(dup)).toBe(true);
    const bad = await inTenant((tx) => insertReturn(tx, id, [{ order_item_id: a.id, quantity: 0 }])).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: '23514', constraint: 'returns_items_valid' });
    const other = await deliveredOrder('RQ-DB-OTHER');
    const foreign = await inTenant((tx) => insertReturn(tx, id, [{ order_item_id: other.a.id, quantity: 1 }])).catch((e: unknown) => e);
    expect(foreign).toMatchObject({ code: '23503' });

    // two transactions each taking the whole line, neither checking first: one commits, one is refused
    const both = await Promise.allSettled([0, 1].map(() => inTenant((tx) => insertReturn(tx, id, [{ order_item_id: a.id, quantity: 2 }, { order_item_id: b.id, quantity: 1 }]))));
    expect(both.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const lost = both.find((x) => x.status === 'rejected') as PromiseRejectedResult;
    expect(isOverReturned(lost.reason)).toBe(true);
    expect((await lines(id)).map((l) => l.returned_quantity)).toEqual([2, 1]);
    expect((await written(id)).returns).toBe(1);

    // rejecting in SQL frees the lines as the API does; a line's counter never passes what was sold
    await inTenant((tx) => tx.query(`update returns set status = 'rejected' where tenant_id = $1 and order_id = $2`, [T, id]));
    expect((await lines(id)).map((l) => l.returned_quantity)).toEqual([0, 0]);
    const direct = await inTenant((tx) => tx.query('update order_items set returned_quantity = 3 where id = $1', [a.id])).catch((e: unknown) => e);
    expect(isOverReturned(direct)).toBe(true);
  });

  it('a refund never brings the order past what was paid', async () => {
    const { id, a } = await deliveredOrder('RQ-PAID');
    const rid = (await ask(id, [{ order_item_id: a.id, quantity: 2 }])).body.data.id;
    expect((await call('POST', `/api/returns/${rid}/approve`)).status).toBe(200);
    expect((await call('POST', `/api/returns/${rid}/receive`, { condition: 'used' })).status).toBe(200);
    // the order's lines no longer match what was paid (as after an import that changed it)
    await inTenant((tx) => tx.query('update orders set total_cents = 5000 where id = $1', [id]));
    const ref = await call('POST', `/api/returns/${rid}/refund`, {});
    expect(ref.status).toBe(409);
    expect(ref.body).toMatchObject({ code: 'refund_exceeds_paid', message: `A refund of $59.98 would bring the refunds of ${id} to $59.98, more than the $50.00 paid` });
    expect((await call('GET', `/api/returns/${rid}`)).body.data).toMatchObject({ status: 'received', refund_cents: null });
    await inTenant((tx) => tx.query('update orders set total_cents = 6698 where id = $1', [id]));
    expect((await call('POST', `/api/returns/${rid}/refund`, {})).status).toBe(200);
  });

  it('the invariant check holds over everything above and the seeded returns, and sees a refund past what was paid', async () => {
    await assertMoneyInvariants(h);
    const { id, a } = await deliveredOrder('RQ-CHECK');
    const rid = (await ask(id, [{ order_item_id: a.id, quantity: 1 }])).body.data.id;
    await inTenant((tx) => tx.query('update returns set refund_cents = 999999 where id = $1', [rid]));
    const v = await moneyViolations(h);
    expect(v.some((x) => x.includes(`order ${id} refunded 999999 cents`))).toBe(true);
    expect(v.some((x) => x.includes('refunded 999999 cents for items worth 2999'))).toBe(true);
    await inTenant((tx) => tx.query('update returns set refund_cents = null where id = $1', [rid]));
    await assertMoneyInvariants(h);
  });
});

describe('migration 0026', () => {
  it('counts the returns made before it, clamped to what was sold, and a rejection never takes a line below zero', async () => {
    // an owner's connection to an empty database, migrated up to the migration before 0026
    const db = await databaseBefore('0026');
    const { conn } = db;
    try {
      const tenant = '00000000-0000-4000-8000-00000000a026';
      await conn.exec(`insert into tenants (id, name) values ('${tenant}', 'Before 0026');
        insert into orders (id, tenant_id, marketplace, status) values ('ORD-A026', '${tenant}', 'ebay', 'delivered');
        insert into order_items (id, tenant_id, order_id, sku, title, quantity, unit_price) values
          (90000001, '${tenant}', 'ORD-A026', 'A', 'A', 3, 10), (90000002, '${tenant}', 'ORD-A026', 'B', 'B', 1, 10), (90000003, '${tenant}', 'ORD-A026', 'C', 'C', 1, 10);`);
      const ret = (status: string, items: [number, number][]) => conn.query(
        'insert into returns (tenant_id, order_id, status, reason, items) values ($1, $2, $3, $4, $5)',
        [tenant, 'ORD-A026', status, 'defective', JSON.stringify(items.map(([id, quantity]) => ({ order_item_id: String(id), quantity, unit_price_cents: 1000 })))],
      );
      await ret('refunded', [[90000001, 1], [90000002, 1]]);
      await ret('requested', [[90000001, 1]]);
      await ret('rejected', [[90000001, 1], [90000003, 1]]);
      // made before the bound: the one B sold came back three times
      await ret('requested', [[90000002, 1]]);
      await ret('requested', [[90000002, 1]]);

      expect(await db.next()).toEqual(['0026_returned_quantity']);
      const counts = async () => (await conn.query<{ id: string; returned_quantity: number }>('select id::text, returned_quantity from order_items order by id')).map((r) => Number(r.returned_quantity));
      expect(await counts()).toEqual([2, 1, 0]);
      await conn.exec(`update returns set status = 'rejected' where order_id = 'ORD-A026' and status = 'requested'`);
      expect(await counts()).toEqual([1, 0, 0]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
