/**
 * The sandbox marketplace hands over its orders in pages of 2,000 by their number
 * (server/marketplaces/sandbox/connector.ts): following the cursor from the start pulls every order
 * exactly once, in order, also past the numbers where their text would sort differently (9 < 10).
 * A page ordered by the number's text once skipped 799 of 10,000 orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { DEMO_TENANT } from './tokens';
import { connectorFor, loadAccount } from '../../server/marketplaces/registry';

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
        expect(r.orders.length).toBeLessThanOrEqual(2_000);
        seen.push(...r.orders.map((o) => o.externalId));
        cursor = r.cursor;
      }
      return seen;
    }, { tenantId: T });
    expect(pulled).toHaveLength(N);
    expect(pulled).toEqual(Array.from({ length: N }, (_, i) => `PULL-${i + 1}`));
  }, 60_000);
});
