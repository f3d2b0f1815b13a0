/**
 * Document numbers per tenant (docs/commerce.md "Document numbers"): returns (RMA-), purchase orders
 * (PO-) and orders (ORD-) made by two tenants in turns get consecutive numbers in each tenant,
 * counting on from the tenant's highest; made concurrently in one tenant they are distinct and
 * consecutive. On PGlite and (TEST_DATABASE_URL) on PostgreSQL, where the parallel requests really
 * run at the same time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { insertOrders, type NewOrder } from '../../server/api/orders/insert';
import { shipToFor } from './ship-to-support';

let h: Harness;
beforeAll(async () => { h = await startServer(); }, 120_000);
afterAll(async () => { await h?.close(); });

const TENANTS = [
  { id: DEMO_TENANT.id, email: 'admin@demo.local' },
  { id: NORTHWIND_TENANT.id, email: 'owner@northwind.local' },
];

const num = (s: string) => Number(s.slice(s.lastIndexOf('-') + 1));
const range = (first: number, n: number) => Array.from({ length: n }, (_, i) => first + i);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

async function highest(tenantId: string, sql: string): Promise<number> {
  const { rows } = await h.db.transaction((tx) => tx.query<{ n: string }>(sql, [tenantId]), { tenantId });
  return Number(rows[0].n);
}
const highestReturn = (t: string) => highest(t, `select coalesce(max(substring(number from 5)::int), 1000) as n from returns where tenant_id = $1`);
const highestPo = (t: string) => highest(t, `select coalesce(max(substring(number from 4)::int), 5000) as n from purchase_orders where tenant_id = $1`);
const highestOrder = (t: string) => highest(t, `select coalesce(max(substring(id from 5)::int), 100000) as n from orders where tenant_id = $1 and id ~ '^ORD-[0-9]+$'`);

/** Delivered orders of the tenant with no return yet (each can be returned whole). */
async function returnable(tenantId: string, n: number): Promise<string[]> {
  const { rows } = await h.db.transaction((tx) => tx.query<{ id: string }>(
    `select o.id from orders o where o.tenant_id = $1 and o.status = 'delivered'
        and not exists (select 1 from returns r where r.tenant_id = o.tenant_id and r.order_id = o.id)
        and exists (select 1 from order_items i where i.tenant_id = o.tenant_id and i.order_id = o.id)
      order by o.id limit $2`, [tenantId, n]), { tenantId });
  expect(rows).toHaveLength(n);
  return rows.map((r) => r.id);
}

async function createReturn(email: string, orderId: string): Promise<string> {
  const r = await callAs(h, email, 'POST', '/api/returns', { order_id: orderId, reason: 'defective' });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.number;
}

/** A purchase order of one of the tenant's orders, its number left to the database. */
async function createPo(tenantId: string, attempt: number): Promise<string> {
  return h.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ number: string }>(
      `insert into purchase_orders (tenant_id, order_id, supplier_id, attempt, total_cents)
       select $1, (select id from orders where tenant_id = $1 order by id limit 1), (select id from suppliers where tenant_id = $1 order by id limit 1), $2, 100
       returning number`, [tenantId, attempt]);
    return rows[0].number;
  }, { tenantId });
}

function order(i: number): NewOrder {
  return {
    marketplace: 'ebay', external_order_id: `DOCNUM-${i}-${Math.random().toString(36).slice(2, 10)}`, customer_name: 'Dana Buyer', ship_to: shipToFor('Dana Buyer'), status: 'pending', currency: 'USD',
    shipping_cents: 0, tax_cents: 0, created_at: new Date(), actor: 'test', items: [{ sku: 'DOC-1', title: 'Doc', quantity: 1, unit_price_cents: 500 }],
  };
}
const createOrders = (tenantId: string, n: number, i = 0) => h.db.transaction((tx) => insertOrders(tx, tenantId, range(i, n).map(order)), { tenantId });

describe('document numbers per tenant', () => {
  it('two tenants making returns, purchase orders and orders in turns each get consecutive numbers', async () => {
    const orders = await Promise.all(TENANTS.map((t) => returnable(t.id, 3)));
    const start = await Promise.all(TENANTS.map(async (t) => ({ rma: await highestReturn(t.id), po: await highestPo(t.id), ord: await highestOrder(t.id) })));
    const got = TENANTS.map(() => ({ rma: [] as number[], po: [] as number[], ord: [] as number[] }));
    for (let k = 0; k < 3; k++) {
      for (let i = 0; i < TENANTS.length; i++) {
        got[i].rma.push(num(await createReturn(TENANTS[i].email, orders[i][k])));
        got[i].po.push(num(await createPo(TENANTS[i].id, 100 + k)));
        // a batch of two ids and then one, as the marketplace intake and the replacement take them
        got[i].ord.push(...(await createOrders(TENANTS[i].id, k === 0 ? 2 : 1, k)).map(num));
      }
    }
    for (let i = 0; i < TENANTS.length; i++) {
      expect(got[i].rma, `${TENANTS[i].email} RMA`).toEqual(range(start[i].rma + 1, 3));
      expect(got[i].po, `${TENANTS[i].email} PO`).toEqual(range(start[i].po + 1, 3));
      expect(got[i].ord, `${TENANTS[i].email} ORD`).toEqual(range(start[i].ord + 1, 4));
    }
    // the printed form is kept: RMA-1xxx, PO-5xxx, ORD-1xxxxx
    const r = await callAs(h, 'admin@demo.local', 'GET', `/api/returns?order_id=${orders[0][0]}`);
    expect(r.body.data[0].number).toMatch(/^RMA-1\d{3,}$/);
  }, 120_000);

  it('ten concurrent creations in one tenant get distinct consecutive numbers', async () => {
    const t = TENANTS[0];
    const ids = await returnable(t.id, 10);
    const rma0 = await highestReturn(t.id);
    const rmas = await Promise.all(ids.map((id) => createReturn(t.email, id)));
    expect(sorted(rmas.map(num))).toEqual(range(rma0 + 1, 10));

    const po0 = await highestPo(t.id);
    const pos = await Promise.all(range(200, 10).map((attempt) => createPo(t.id, attempt)));
    expect(sorted(pos.map(num))).toEqual(range(po0 + 1, 10));

    const ord0 = await highestOrder(t.id);
    const batches = await Promise.all(range(0, 10).map((i) => createOrders(t.id, 1 + (i % 3), i * 10)));
    const all = batches.flat().map(num);
    expect(sorted(all)).toEqual(range(ord0 + 1, all.length));
    // each batch's ids are its own run
    for (const b of batches) expect(b.map(num)).toEqual(range(num(b[0]), b.length));
  }, 120_000);
});
