/**
 * Who an order's status history names (docs/commerce.md "Order statuses"): a label bought by hand in
 * the console ships the order by the person who bought it (their email, as the audit log names
 * them), not by the automation; an order arriving from a marketplace is received by the account's
 * name, without an internal prefix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { waitFor } from './wait-for';

const T = DEMO_TENANT.id;
let h: Harness;
beforeAll(async () => { h = await startServer(); }, 120_000);
afterAll(async () => { await h?.close(); });

const history = async (id: string) => (await callAs(h, 'admin@demo.local', 'GET', `/api/orders/${id}`)).body.data.status_history as { from: string | null; to: string; actor: string }[];

describe('status history actor', () => {
  it('a label bought by hand ships the order by the person who bought it', async () => {
    const { rows } = await h.db.transaction((tx) => tx.query<{ id: string; status: string }>(
      `select o.id, o.status from orders o where o.tenant_id = $1 and o.status in ('routed', 'ordered_from_supplier')
          and not exists (select 1 from shipments s where s.tenant_id = o.tenant_id and s.order_id = o.id and s.direction = 'outbound' and s.status <> 'voided')
        order by o.id limit 1`, [T]), { tenantId: T });
    expect(rows).toHaveLength(1);
    const r = await callAs(h, 'admin@demo.local', 'POST', '/api/shipments', { order_id: rows[0].id });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const last = (await history(rows[0].id)).at(-1)!;
    expect(last).toMatchObject({ to: 'shipped', actor: 'admin@demo.local' });
  }, 60_000);

  it("an arrival is received by the marketplace account's name", async () => {
    const acc = await h.db.transaction(async (tx) => {
      const p = (await tx.query<{ id: string }>(
        `insert into products (tenant_id, handle, title, sku, price_cents, stock, weight) values ($1, 'actor-item', 'Actor item', 'ACTOR-1', 3000, 100, 400) returning id`, [T],
      )).rows[0].id;
      const v = (await tx.query<{ id: string }>(
        `insert into product_variants (tenant_id, product_id, sku, price_cents, cost_cents, stock, weight) values ($1, $2, 'ACTOR-1', 3000, 1000, 100, 400) returning id`, [T, p],
      )).rows[0].id;
      const m = (await tx.query<{ id: string }>(
        `insert into marketplace_accounts (tenant_id, kind, name, mode, status, sandbox_order_rate) values ($1, 'ebay', 'Actor Store', 'sandbox', 'connected', 0) returning id`, [T],
      )).rows[0].id;
      const l = (await tx.query<{ id: string }>(
        `insert into listings (tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents, status, sync_state, external_id)
         values ($1, $2, $3, $4, 'ACTOR-1', 'Actor item', 3000, 'active', 'synced', 'ACTOR-ITEM') returning id`, [T, m, p, v],
      )).rows[0].id;
      await tx.query(
        `insert into sandbox_items (tenant_id, marketplace_id, external_id, listing_id, title, price_cents, quantity, status, created_tick)
         values ($1, $2, 'ACTOR-ITEM', $3, 'Actor item', 3000, 10, 'active', 0)`, [T, m, l],
      );
      await tx.query(
        `insert into sandbox_orders (tenant_id, marketplace_id, external_id, tick, item_external_id, quantity, unit_price_cents, buyer)
         values ($1, $2, 'ACTOR-ORDER-1', 1, 'ACTOR-ITEM', 1, 3000, 'Dana Buyer')`, [T, m],
      );
      return m;
    }, { tenantId: T });
    expect((await callAs(h, 'admin@demo.local', 'POST', `/api/marketplaces/${acc}/sandbox/tick`, { ticks: 1 })).status).toBe(200);
    const id = await waitFor(async () => (await h.db.transaction((tx) => tx.query<{ id: string }>(
      `select id from orders where tenant_id = $1 and external_order_id = 'ACTOR-ORDER-1'`, [T]), { tenantId: T })).rows[0]?.id ?? null, 'the arrival', 30_000);
    expect((await history(id))[0]).toMatchObject({ from: null, to: 'pending', actor: 'Actor Store' });
  }, 60_000);
});
