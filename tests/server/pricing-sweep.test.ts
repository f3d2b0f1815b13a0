/**
 * The scheduled sweep in pages (docs/repricing.md "Repricer"): cut into keyset pages of a few
 * listings, one transaction each, it decides every active listing exactly once, as one pass over
 * the whole tenant would, writes a proposal for each move, remembers the inputs (a second sweep
 * decides nothing), and never touches another tenant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { evaluateSelection } from '../../server/api/pricing/evaluate';
import { sweep, sweepTenant } from '../../server/api/pricing/sweep';

let h: Harness;
const T: string = DEMO_TENANT.id;
const q = <R>(sql: string, args: unknown[] = [], tenantId = T) => h.db.transaction(async (tx) => (await tx.query<R>(sql, args)).rows, { tenantId });

beforeAll(async () => {
  h = await startServer();
  // a tenant default rule written directly (no rule event, so only the sweep decides), and Acme
  // 1 $ below every active listing so most listings move
  await q(
    `insert into pricing_rules (tenant_id, name, mode, scope_type, scope, strategy, step_unit, step_value, min_margin_bp, no_competition, below_floor, own_buy_box, raise_step_cents, filters)
     values ($1, 'Sweep default', 'proposals', 'tenant', '{}', 'beat_lowest', 'cents', 1, 1000, 'hold', 'floor', 'raise', 1, '{}')`,
    [T],
  );
  await q(
    `update listings set offers = jsonb_build_array(jsonb_build_object('seller', 'Acme', 'price_cents', price_cents - 100, 'shipping_cents', 0, 'rating', 95, 'is_buy_box', true)),
            buy_box_owner = 'Acme', buy_box_price_cents = price_cents - 100, competitors_count = 1
      where tenant_id = $1 and status = 'active' and price_cents > 200`,
    [T],
  );
}, 300_000);
afterAll(async () => h?.close());

describe('repricing sweep', () => {
  it('decides every active listing once, page by page, as one pass over the tenant would', async () => {
    const now = new Date();
    const expected = await h.db.transaction((tx) => evaluateSelection(tx, T, {}, now), { tenantId: T });
    expect(expected.length).toBeGreaterThan(20);
    const nwBefore = await q<{ n: string }>('select count(*) as n from price_decisions', [], NORTHWIND_TENANT.id);

    const r = await sweepTenant(h.db, T, { now, batch: 7 });
    expect(r.evaluated).toBe(expected.length);
    expect(r.decisions).toBe(expected.length);
    const moves = expected.filter((e) => e.decision.new_price_cents != null);
    expect(moves.length).toBeGreaterThan(0);
    expect(r.proposals).toBe(moves.length);

    const rows = await q<{ listing_id: string; new_price_cents: number | null; reason: string; flags: Record<string, boolean>; competitor_prices: unknown; n: string }>(
      `select listing_id, max(new_price_cents) as new_price_cents, max(reason) as reason, (array_agg(flags))[1] as flags,
              (array_agg(competitor_prices))[1] as competitor_prices, count(*) as n
         from price_decisions where trigger = 'sweep' group by listing_id`,
    );
    expect(rows.length).toBe(expected.length);
    const got = new Map(rows.map((x) => [String(x.listing_id), x]));
    for (const e of expected) {
      const row = got.get(e.listing.id);
      expect(Number(row?.n)).toBe(1);
      expect(row?.new_price_cents == null ? null : Number(row.new_price_cents)).toBe(e.decision.new_price_cents);
      expect(row?.reason).toBe(e.decision.reason);
      expect(row?.flags).toEqual(e.decision.flags);
      expect(row?.competitor_prices).toEqual(e.listing.offers.map((o) => ({ seller: o.seller, price_cents: o.price_cents + (o.shipping_cents ?? 0) })));
    }
    expect(expected.some((e) => Object.values(e.decision.flags).some(Boolean))).toBe(true);
    const pending = await q<{ listing_id: string; new_price_cents: number }>(`select listing_id, new_price_cents from price_proposals where status = 'pending'`);
    expect(new Map(pending.map((p) => [String(p.listing_id), Number(p.new_price_cents)]))).toEqual(new Map(moves.map((e) => [e.listing.id, e.decision.new_price_cents])));
    // the other tenant's listings were not swept
    expect(await q<{ n: string }>('select count(*) as n from price_decisions', [], NORTHWIND_TENANT.id)).toEqual(nwBefore);
  });

  it('a second sweep with nothing changed decides nothing', async () => {
    const r = await sweepTenant(h.db, T, { batch: 5 });
    expect(r.evaluated).toBe(0);
    expect(r.decisions).toBe(0);
  });

  it('a tenant without an enabled rule is not swept', async () => {
    const r = await sweepTenant(h.db, NORTHWIND_TENANT.id, { batch: 5 });
    expect(r).toEqual({ evaluated: 0, decisions: 0, proposals: 0, applied: 0, purged: 0 });
  });

  it('the scheduled sweep also takes the pricing agent\'s snapshot of every tenant, one row per account', async () => {
    const count = (tenantId: string) => q<{ n: string }>('select count(*) as n from pricing_agent_snapshots', [], tenantId);
    const accounts = (tenantId: string) => q<{ n: string }>('select count(*) as n from marketplace_accounts', [], tenantId);
    const before = [Number((await count(T))[0].n), Number((await count(NORTHWIND_TENANT.id))[0].n)];
    const r = await sweep(h.db);
    expect(r.tenants).toBeGreaterThanOrEqual(2);
    expect(Number((await count(T))[0].n) - before[0]).toBe(Number((await accounts(T))[0].n));
    expect(Number((await count(NORTHWIND_TENANT.id))[0].n) - before[1]).toBe(Number((await accounts(NORTHWIND_TENANT.id))[0].n));
    // the Acme prices above took the buy box from the demo store since no snapshot was taken: no
    // earlier snapshot to compare with, so no alert yet; a second sweep with nothing changed raises none
    expect((await sweep(h.db)).alerts).toBe(0);
  });
});
