/**
 * One fee schedule (docs/marketplaces.md "Fee schedules"): an order pulled from a sandbox
 * marketplace stores the fee its settlement later deducts, to the cent, on every marketplace —
 * amounts chosen so that the fee lands on half a cent (the one rounding rule, contract/money.ts),
 * with the fixed fee of eBay and Shopify, and quantities above one. The repricer's margin uses the
 * same fee (server/api/pricing/inputs.ts `feeOf`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { variantsWithMap } from './listings-support';
import { waitFor } from './wait-for';
import { FEE_SCHEDULES, feeCents, MARKETPLACE_KINDS, type MarketplaceKind } from '../../contract/marketplaces';
import { toCents } from '../../contract/money';
import { feeOf } from '../../server/api/pricing/inputs';
import { marginCents } from '../../server/domain/repricing';

const T = DEMO_TENANT.id;
const ADMIN = 'admin@demo.local';
const SELLER = 'seller@demo.local';
let h: Harness;

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** [quantity, unit price in cents]: half-cent fees at 15 % (10 ¢), 13.25 % (200 ¢) and 2.9 % (500 ¢), and ordinary ones. */
const SALES: [number, number][] = [[1, 10], [1, 200], [1, 500], [3, 1999], [2, 2599], [1, 1], [7, 333], [1, 100_000], [4, 1250]];

describe('an order stores the fee its settlement deducts', () => {
  it.each(MARKETPLACE_KINDS.map((k) => [k]))('%s', async (kind: MarketplaceKind) => {
    const acc = await callAs(h, ADMIN, 'POST', '/api/marketplaces', { kind, name: `Fees agree ${kind}`, sandbox_order_rate: 0 });
    expect(acc.status).toBe(201);
    const m = acc.body.data.id as string;
    const [v] = await variantsWithMap(h, 1, MARKETPLACE_KINDS.indexOf(kind));
    const item = `FEEAGREE${kind.toUpperCase()}-ITEM`;
    await h.db.transaction(async (tx) => {
      const l = (await tx.query<{ id: string }>(
        `insert into listings (tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents, status, sync_state, external_id)
         values ($1, $2, $3, $4, $5, 'Fees agree', 1000, 'active', 'synced', $6) returning id`, [T, m, v.product_id, v.id, v.sku, item],
      )).rows[0].id;
      await tx.query(
        `insert into sandbox_items (tenant_id, marketplace_id, external_id, listing_id, title, price_cents, quantity, status, created_tick)
         values ($1, $2, $3, $4, 'Fees agree', 1000, 1000, 'active', 0)`, [T, m, item, l],
      );
      for (const [n, [q, p]] of SALES.entries()) {
        await tx.query(
          `insert into sandbox_orders (tenant_id, marketplace_id, external_id, tick, item_external_id, quantity, unit_price_cents, buyer)
           values ($1, $2, $3, 1, $4, $5, $6, 'Buyer')`, [T, m, `FEEAGREE${kind.toUpperCase()}-${n + 1}`, item, q, p],
        );
      }
    }, { tenantId: T });
    // one payout after `payout_every_days` simulated days settles every order taken so far
    const tick = await callAs(h, ADMIN, 'POST', `/api/marketplaces/${m}/sandbox/tick`, { ticks: FEE_SCHEDULES[kind].payout_every_days });
    expect(tick.status).toBe(200);
    expect(tick.body.data.settlements_created).toBe(1);

    const orders = await waitFor(async () => {
      const r = await callAs(h, SELLER, 'GET', `/api/orders?search=feeagree${kind}&limit=100`);
      return r.body.data.length === SALES.length ? r.body.data as { external_order_id: string; subtotal: number; shipping: number; tax: number; fees: number; total: number }[] : null;
    }, 'the pulled orders', 60_000);
    const settlement = await waitFor(async () => {
      const r = await callAs(h, SELLER, 'GET', `/api/marketplaces/${m}/settlements`);
      return r.body.data[0] as { orders_count: number; gross_cents: number; fees_cents: number; net_cents: number } | undefined;
    }, 'the settlement', 60_000);

    const byId = new Map(orders.map((o) => [o.external_order_id, o]));
    let fees = 0;
    let gross = 0;
    for (const [n, [q, p]] of SALES.entries()) {
      const o = byId.get(`FEEAGREE${kind.toUpperCase()}-${n + 1}`)!;
      expect(o).toBeDefined();
      const stored = toCents(o.fees);
      // the order's fee is THE schedule's fee of its base (items + shipping; sandbox orders ship free)
      expect([n, stored]).toEqual([n, feeCents(kind, q * p)]);
      expect(toCents(o.subtotal)).toBe(q * p);
      expect(toCents(o.total)).toBe(q * p);
      // the repricer's margin at this price takes exactly that fee
      const f = feeOf(kind);
      expect(marginCents(q * p, 0, 0, f.rateBp, f.fixed)).toBe(q * p - stored);
      fees += stored;
      gross += toCents(o.subtotal) + toCents(o.shipping);
    }
    expect(settlement).toEqual(expect.objectContaining({ orders_count: SALES.length, gross_cents: gross, fees_cents: fees, net_cents: gross - fees }));
  }, 120_000);
});
