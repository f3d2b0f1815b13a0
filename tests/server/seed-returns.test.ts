/**
 * The demo's returns (docs/dropshipping.md "Returns", "Demo data"): every seeded order that ended
 * returned has its refunded return, priced from its lines and dated between delivery and return;
 * a few recent deliveries wait for a decision, one was rejected; each tenant sees its own; a seeded
 * request is worked like any other (approving it buys a return label).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs } from './tokens';

let h: Harness;
const SELLER = 'seller@demo.local';
const ADMIN = 'admin@demo.local';
const NW = 'owner@northwind.local';

interface Rma {
  id: string; number: string; order_id: string; status: string; refund_cents: number | null; reject_reason: string | null; condition: string | null; restocked: boolean;
  items: { quantity: number; unit_price_cents: number }[]; history: { at: string; status: string }[]; return_shipment_id: string | null;
}
const get = async <T>(email: string, path: string) => {
  const r = await callAs(h, email, 'GET', path);
  expect(r.status, path).toBe(200);
  return r.body as { data: T; pagination: { total: number } };
};
const returnsOf = (email: string, status: string) => get<Rma[]>(email, `/api/returns?status=${status}&limit=100`);

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

describe('demo returns', () => {
  it('every returned order has its refunded return, priced from its lines, its steps in order before now', async () => {
    const returned = await get<{ id: string }[]>(SELLER, '/api/orders?status=returned&limit=100');
    const refunded = await returnsOf(SELLER, 'refunded');
    expect(returned.pagination.total).toBeGreaterThan(10);
    expect(refunded.pagination.total).toBe(returned.pagination.total);
    expect(new Set(refunded.data.map((r) => r.order_id))).toEqual(new Set(returned.data.map((o) => o.id)));
    for (const r of refunded.data) {
      expect(r.refund_cents).toBe(r.items.reduce((s, i) => s + i.quantity * i.unit_price_cents, 0));
      expect(r.refund_cents).toBeGreaterThan(0);
      expect(r.history.map((s) => s.status)).toEqual(['requested', 'approved', 'in_transit', 'received', 'refunded']);
      const at = r.history.map((s) => Date.parse(s.at));
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      expect(at[at.length - 1]).toBeLessThan(Date.now());
      expect(r.restocked).toBe(r.condition === 'new' || r.condition === 'like_new');
    }
    // the order's own history names the return that ended it
    const one = refunded.data[0];
    const order = await get<{ status_history: { to: string; reason: string | null }[] }>(SELLER, `/api/orders/${one.order_id}`);
    expect(order.data.status_history.find((s) => s.to === 'returned')?.reason).toBe(`${one.number} refunded`);
  });

  it('recent deliveries wait for a decision, one was rejected; each tenant sees its own', async () => {
    const requested = await returnsOf(SELLER, 'requested');
    const rejected = await returnsOf(SELLER, 'rejected');
    expect(requested.pagination.total).toBe(4);
    expect(rejected.pagination.total).toBe(1);
    expect(rejected.data[0].reject_reason).toBe('Outside the 30-day return window');
    for (const r of requested.data) {
      const o = await get<{ status: string }>(SELLER, `/api/orders/${r.order_id}`);
      expect(o.data.status).toBe('delivered');
    }
    // numbered in the order they were requested
    const all = (await get<Rma[]>(SELLER, '/api/returns?limit=100&sort=created_at&order=asc')).data.map((r) => Number(r.number.slice(4)));
    expect(all).toEqual([...all].sort((a, b) => a - b));
    const nw = await get<Rma[]>(NW, '/api/returns?limit=100');
    const nwReturned = await get<unknown[]>(NW, '/api/orders?status=returned&limit=100');
    expect(nw.pagination.total).toBeGreaterThan(nwReturned.pagination.total);
    const demoIds = new Set((await get<Rma[]>(SELLER, '/api/returns?limit=100')).data.map((r) => r.id));
    expect(nw.data.some((r) => demoIds.has(r.id))).toBe(false);
  });

  it('a seeded request is worked like any other: approving it buys a return label', async () => {
    const [r] = (await returnsOf(SELLER, 'requested')).data;
    const res = await callAs(h, ADMIN, 'POST', `/api/returns/${r.id}/approve`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as { data: Rma }).data.status).toBe('approved');
    expect((res.body as { data: Rma }).data.return_shipment_id).toBeTruthy();
  });
});
