/**
 * The sandbox marketplace hands over its orders in pages of ORDER_PAGE (1,000) by their number
 * (server/marketplaces/sandbox/connector.ts): following the cursor from the start pulls every order
 * exactly once, in order, also past the numbers where their text would sort differently (9 < 10).
 * A page ordered by the number's text once skipped 799 of 10,000 orders. A sync takes in a backlog of
 * several pages at once (docs/marketplaces.md "A sync takes in the whole backlog"), each order once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { waitFor } from './wait-for';
import { connectorFor, loadAccount } from '../../server/marketplaces/registry';
import { ORDER_PAGE } from '../../server/marketplaces/sandbox/connector';

const T = DEMO_TENANT.id;
let h: Harness;

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('sandbox order pull', () => {
  it('pages through 4,500 orders, each once, in number order', async () => {
    const N = 4_500;
    const pulled = await h.db.transaction(async (tx) => {
      const m = (await tx.query<{ id: string }>(
        `insert into marketplace_accounts (tenant_id, kind, name, mode, status, sandbox_order_rate) values ($1, 'ebay', 'Pull pages', 'sandbox', 'connected', 0) returning id`, [T],
      )).rows[0].id;
      await tx.query(
        `insert into sandbox_orders (tenant_id, marketplace_id, external_id, tick, item_external_id, quantity, unit_price_cents, buyer)
         select $1, $2, 'PULL-' || g, 1, 'PULL-ITEM', 1, 1000, 'Buyer ' || g from generate_series(1, $3) g`, [T, m, N],
      );
      const connector = connectorFor(tx, (await loadAccount(tx, m))!, { dataDir: h.config.dataDir });
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 10; page++) {
        const r = await connector.pullOrders(cursor);
        if (r.orders.length === 0) break;
        expect(r.orders.length).toBeLessThanOrEqual(ORDER_PAGE);
        // a full page says another may wait; the last, short page says none does
        expect(r.more).toBe(r.orders.length === ORDER_PAGE);
        seen.push(...r.orders.map((o) => o.externalId));
        cursor = r.cursor;
      }
      return seen;
    }, { tenantId: T });
    expect(pulled).toHaveLength(N);
    expect(pulled).toEqual(Array.from({ length: N }, (_, i) => `PULL-${i + 1}`));
  }, 60_000);

  it('takes in a backlog of 4,500 orders in one sync, each order once', async () => {
    const N = 4_500;
    const m = await h.db.transaction(async (tx) => {
      const p = (await tx.query<{ id: string }>(
        `insert into products (tenant_id, handle, title, sku, price_cents, stock, weight) values ($1, 'backlog-item', 'Backlog item', 'BACKLOG-1', 3000, 100, 400) returning id`, [T],
      )).rows[0].id;
      const v = (await tx.query<{ id: string }>(
        `insert into product_variants (tenant_id, product_id, sku, price_cents, cost_cents, stock, weight) values ($1, $2, 'BACKLOG-1', 3000, 1000, 100, 400) returning id`, [T, p],
      )).rows[0].id;
      const acc = (await tx.query<{ id: string }>(
        `insert into marketplace_accounts (tenant_id, kind, name, mode, status, sandbox_order_rate) values ($1, 'walmart', 'Backlog', 'sandbox', 'connected', 0) returning id`, [T],
      )).rows[0].id;
      const l = (await tx.query<{ id: string }>(
        `insert into listings (tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents, status, sync_state, external_id)
         values ($1, $2, $3, $4, 'BACKLOG-1', 'Backlog item', 3000, 'active', 'synced', 'BACKLOG-ITEM') returning id`, [T, acc, p, v],
      )).rows[0].id;
      await tx.query(
        `insert into sandbox_items (tenant_id, marketplace_id, external_id, listing_id, title, price_cents, quantity, status, created_tick)
         values ($1, $2, 'BACKLOG-ITEM', $3, 'Backlog item', 3000, $4, 'active', 0)`, [T, acc, l, N * 2],
      );
      await tx.query(
        `insert into sandbox_orders (tenant_id, marketplace_id, external_id, tick, item_external_id, quantity, unit_price_cents, buyer)
         select $1, $2, 'BACKLOG-' || g, 1, 'BACKLOG-ITEM', 1, 3000, 'Buyer ' || g from generate_series(1, $3) g`, [T, acc, N],
      );
      return acc;
    }, { tenantId: T });
    const tick = await callAs(h, 'admin@demo.local', 'POST', `/api/marketplaces/${m}/sandbox/tick`, { ticks: 1 });
    expect(tick.status).toBe(200);
    const count = () => h.db.transaction(async (tx) => Number((await tx.query<{ n: string }>(
      `select count(*) as n from orders where tenant_id = $1 and external_order_id like 'BACKLOG-%'`, [T])).rows[0].n), { tenantId: T });
    await waitFor(async () => (await count()) === N || null, 'every order of the backlog', 60_000);
    const distinct = await h.db.transaction(async (tx) => Number((await tx.query<{ n: string }>(
      `select count(distinct external_order_id) as n from orders where tenant_id = $1 and external_order_id like 'BACKLOG-%'`, [T])).rows[0].n), { tenantId: T });
    expect(distinct).toBe(N);
  }, 120_000);
});
