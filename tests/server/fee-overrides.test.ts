/**
 * Marketplace fee overrides (docs/settings.md "Fee overrides") over HTTP on a real database:
 * `GET/PUT /settings/fees` for administrators only, a 400 naming each bad field, one audit entry and
 * one `settings.fees_updated` for a double submit (one after the other or at once), tenants kept
 * apart; and the money rule: with an override in force, a new order's stored fee, its sale posting,
 * the sandbox marketplace's payout and reconciliation agree to the cent (no payout adjustment, no
 * reconciliation problem), while an order placed before the change keeps the standard fee. The
 * override is above the standard schedule on purpose, so that a place still computing the standard
 * fee shows: a fee adjustment in the ledger or a "fee above schedule" problem. PGlite, and
 * (TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, headersFor, NORTHWIND_TENANT } from './tokens';
import { variantsWithMap } from './listings-support';
import { mappedVariant, marketplaceOrder, demoSuppliers } from './dropship-support';
import { waitFor } from './wait-for';
import type { Tx } from '../../server/db';
import { appendEvents, newEvent } from '../../server/events/outbox';
import { runReconciliation } from '../../server/api/reconciliation/runner';
import { loadInputs } from '../../server/api/pricing/inputs';
import { effectiveSchedule } from '../../contract/fee-overrides';
import { FEE_SCHEDULES, feeCents } from '../../contract/marketplaces';
import { LEDGER_ACCOUNTS, receivableAccount } from '../../contract/ledger';
import { toCents } from '../../contract/money';

let h: Harness;
const T = DEMO_TENANT.id;
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
const call = (method: string, path: string, body?: unknown, email = ADMIN) => callAs(h, email, method, path, body);
const inTenant = <R>(fn: (tx: Tx) => Promise<R>, tenantId: string = T) => h.db.transaction(fn, { tenantId });
const count = (sql: string, args: unknown[]) => inTenant(async (tx) => Number((await tx.query<{ n: string }>(sql, args)).rows[0].n));
const audits = () => count(`select count(*) as n from audit_log where tenant_id = $1 and action = 'fee_override.update'`, [T]);
const events = () => count(`select count(*) as n from events where tenant_id = $1 and subject = 'settings.fees_updated'`, [T]);

interface Row { kind: string; standard: { rate_bp: number; fixed_cents: number }; override: { rate_bp: number; fixed_cents: number } | null; in_force_since: string | null; changed_at: string | null; changed_by: string | null }
const rowOf = (body: { data: { marketplaces: Row[] } }, kind: string) => body.data.marketplaces.find((m) => m.kind === kind)!;

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

describe('GET/PUT /settings/fees', () => {
  it('lists every marketplace with its standard schedule and no override until one is set; administrators only', async () => {
    const r = await call('GET', '/api/settings/fees');
    expect(r.status).toBe(200);
    expect(r.body.data.marketplaces.map((m: Row) => m.kind)).toEqual(['amazon', 'ebay', 'walmart', 'shopify']);
    expect(rowOf(r.body, 'ebay')).toMatchObject({ standard: { rate_bp: 1325, fixed_cents: 30, payout_every_days: 1 }, override: null, in_force_since: null, changed_at: null });
    expect(r.body.data.updated_at).toBeNull();
    for (const who of [AGENT, SELLER]) {
      expect((await call('GET', '/api/settings/fees', undefined, who)).status).toBe(403);
      const w = await call('PUT', '/api/settings/fees', { overrides: { ebay: { rate_bp: 1150, fixed_cents: 30 } } }, who);
      expect(w.status).toBe(403);
      expect(w.body.code).toBe('forbidden');
    }
    expect(rowOf((await call('GET', '/api/settings/fees')).body, 'ebay').override).toBeNull();
  });

  it('answers 400 naming each bad field, and saves nothing', async () => {
    const before = await audits();
    const bad = await call('PUT', '/api/settings/fees', {
      overrides: { ebay: { rate_bp: 10_001, fixed_cents: -1 }, amazon: { rate_bp: 1250.5, fixed_cents: 30 }, walmart: { rate_bp: 1200 } },
    });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries((bad.body.details as { field: string; message: string }[]).map((d) => [d.field, d.message]));
    expect(fields).toMatchObject({
      'overrides.ebay.rate_bp': 'The rate is at most 100 %',
      'overrides.ebay.fixed_cents': 'The fixed fee cannot be negative',
      'overrides.amazon.rate_bp': 'The rate has at most two decimals (a whole number of basis points)',
      'overrides.walmart.fixed_cents': 'Enter the fixed fee',
    });
    const unknown = await call('PUT', '/api/settings/fees', { overrides: { etsy: null } });
    expect(unknown.status).toBe(400);
    expect((unknown.body.details as { field: string }[]).some((d) => d.field.startsWith('overrides'))).toBe(true);
    const big = await call('PUT', '/api/settings/fees', { overrides: { shopify: { rate_bp: 290, fixed_cents: 10_001 } } });
    expect(big.body.details).toEqual([expect.objectContaining({ field: 'overrides.shopify.fixed_cents', message: 'The fixed fee is at most $100.00 per order' })]);
    expect(await audits()).toBe(before);
    const r = await call('GET', '/api/settings/fees');
    expect(r.body.data.marketplaces.every((m: Row) => m.override === null)).toBe(true);
  });

  it('a double submit changes once: one audit entry and one event, also for two at once', async () => {
    const [a0, e0] = [await audits(), await events()];
    const body = { overrides: { walmart: { rate_bp: 1200, fixed_cents: 0 } } };
    const first = await call('PUT', '/api/settings/fees', body);
    expect(first.status).toBe(200);
    expect(rowOf(first.body, 'walmart')).toMatchObject({ override: { rate_bp: 1200, fixed_cents: 0 }, changed_by: ADMIN });
    expect(rowOf(first.body, 'walmart').in_force_since).not.toBeNull();
    const second = await call('PUT', '/api/settings/fees', body);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect([await audits(), await events()]).toEqual([a0 + 1, e0 + 1]);

    const both = await Promise.all([1, 2].map(() => call('PUT', '/api/settings/fees', { overrides: { walmart: { rate_bp: 1100, fixed_cents: 25 } } })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect([await audits(), await events()]).toEqual([a0 + 2, e0 + 2]);
    const entry = await inTenant(async (tx) => (await tx.query<{ before: unknown; after: unknown; resource: string }>(
      `select before, after, resource from audit_log where tenant_id = $1 and action = 'fee_override.update' order by id desc limit 1`, [T],
    )).rows[0]);
    expect(entry).toEqual({ resource: 'fee_override', before: { walmart: { rate_bp: 1200, fixed_cents: 0 } }, after: { walmart: { rate_bp: 1100, fixed_cents: 25 } } });

    // "Use standard": a row that says standard from now on; the history keeps every change
    const cleared = await call('PUT', '/api/settings/fees', { overrides: { walmart: null } });
    expect(rowOf(cleared.body, 'walmart')).toMatchObject({ override: null, in_force_since: null, changed_by: ADMIN });
    expect(await audits()).toBe(a0 + 3);
    expect(await count(`select count(*) as n from marketplace_fee_overrides where tenant_id = $1 and marketplace = 'walmart'`, [T])).toBe(3);
    // a change is a new row: the stored history cannot be rewritten
    await expect(inTenant((tx) => tx.query(`update marketplace_fee_overrides set rate_bp = 1 where tenant_id = $1`, [T]))).rejects.toThrow(/not changed/);
  });

  it('keeps tenants apart', async () => {
    expect((await call('PUT', '/api/settings/fees', { overrides: { amazon: { rate_bp: 800, fixed_cents: 0 } } }, NW)).status).toBe(200);
    expect(rowOf((await call('GET', '/api/settings/fees', undefined, NW)).body, 'amazon').override).toEqual({ rate_bp: 800, fixed_cents: 0 });
    expect(rowOf((await call('GET', '/api/settings/fees')).body, 'amazon').override).toBeNull();
    // the demo tenant's orders do not see Northwind's rows (row-level security), nor the other way round
    expect(await count('select count(*) as n from marketplace_fee_overrides', [])).toBe(await count('select count(*) as n from marketplace_fee_overrides where tenant_id = $1', [T]));
    const nwSees = await inTenant(async (tx) => Number((await tx.query<{ n: string }>(`select count(*) as n from marketplace_fee_overrides where tenant_id = $1`, [T])).rows[0].n), NORTHWIND_TENANT.id);
    expect(nwSees).toBe(0);
    // a header naming another tenant is refused
    const res = await fetch(`${h.url}/api/settings/fees`, { method: 'GET', headers: { ...(await headersFor(h, ADMIN)), 'x-tenant-id': NORTHWIND_TENANT.id } });
    expect(res.status).toBe(403);
  });
});

describe('the money rule: one schedule of the order\'s time everywhere', () => {
  const NEGOTIATED = { rate_bp: 1450, fixed_cents: 45 };
  const ebayNow = effectiveSchedule('ebay', NEGOTIATED);

  async function ship(ids: string[]) {
    await inTenant(async (tx) => {
      await tx.query(`update orders set status = 'shipped', updated_at = now() where tenant_id = $1 and id = any($2::text[])`, [T, ids]);
      await tx.query(
        `insert into order_status_history (tenant_id, order_id, from_status, to_status, reason, actor, at)
         select $1, u.id, 'pending', 'shipped', null, 'test', now() from unnest($2::text[]) as u(id)`, [T, ids],
      );
      await appendEvents(tx, T, ids.map((id) => newEvent('orders.status_changed', { id, from: 'pending', to: 'shipped', reason: null })));
    });
  }

  it('an order after the change pays the negotiated fee in its order, ledger, payout and reconciliation; one before keeps the standard fee', async () => {
    const acc = await call('POST', '/api/marketplaces', { kind: 'ebay', name: 'Fee override eBay', sandbox_order_rate: 0 });
    expect(acc.status).toBe(201);
    const m = acc.body.data.id as string;
    const [v] = await variantsWithMap(h, 1, 0);
    const item = 'FEEOVITEM';
    const sandboxOrder = (ext: string, quantity: number, unit: number) => inTenant((tx) => tx.query(
      `insert into sandbox_orders (tenant_id, marketplace_id, external_id, tick, item_external_id, quantity, unit_price_cents, buyer) values ($1, $2, $3, 1, $4, $5, $6, 'Buyer')`,
      [T, m, ext, item, quantity, unit],
    ));
    await inTenant(async (tx) => {
      const l = (await tx.query<{ id: string }>(
        `insert into listings (tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents, status, sync_state, external_id)
         values ($1, $2, $3, $4, $5, 'Fee override', 2500, 'active', 'synced', $6) returning id`, [T, m, v.product_id, v.id, v.sku, item],
      )).rows[0].id;
      await tx.query(
        `insert into sandbox_items (tenant_id, marketplace_id, external_id, listing_id, title, price_cents, quantity, status, created_tick)
         values ($1, $2, $3, $4, 'Fee override', 2500, 1000, 'active', 0)`, [T, m, item, l],
      );
    });
    // placed before the change: the standard schedule (13.25 % of $25.00 = 331.25 → 331, + 30)
    await sandboxOrder('FEEOVOLD', 1, 2500);
    const put = await call('PUT', '/api/settings/fees', { overrides: { ebay: NEGOTIATED } });
    expect(put.status).toBe(200);
    const since = rowOf(put.body, 'ebay').in_force_since!;
    // placed after: 14.5 % of $25.00 = 362.5 → 363 (half up), + 45
    await sandboxOrder('FEEOVNEW', 2, 1250);
    const feeOld = feeCents('ebay', 2500);
    const feeNew = feeCents(ebayNow, 2500);
    expect([feeOld, feeNew]).toEqual([361, 408]);

    // the account shows the schedule a sale pays today; the repricer prices with it
    expect((await call('GET', `/api/marketplaces/${m}`)).body.data.fee_schedule).toMatchObject({ rate_bp: 1450, fixed_cents: 45, payout_every_days: 1 });
    const inputs = await inTenant((tx) => loadInputs(tx, T, { marketplaceId: m }));
    expect(inputs).toHaveLength(1);
    expect(inputs[0].fee_schedule).toMatchObject({ rate_bp: 1450, fixed_cents: 45 });

    // one simulated day: the marketplace pays both orders in one payout
    const tick = await call('POST', `/api/marketplaces/${m}/sandbox/tick`, { ticks: 1 }, AGENT);
    expect(tick.status).toBe(200);
    expect(tick.body.data.settlements_created).toBe(1);
    const orders = await waitFor(async () => {
      const r = await call('GET', '/api/orders?search=feeov&limit=10', undefined, SELLER);
      return r.body.data.length === 2 ? r.body.data as { id: string; external_order_id: string; fees: number; created_at: string }[] : null;
    }, 'the pulled orders', 60_000);
    const byExt = new Map(orders.map((o) => [o.external_order_id, o]));
    const [oldOrder, newOrder] = [byExt.get('FEEOVOLD')!, byExt.get('FEEOVNEW')!];
    expect(new Date(oldOrder.created_at).getTime()).toBeLessThan(new Date(since).getTime());
    expect(new Date(newOrder.created_at).getTime()).toBeGreaterThanOrEqual(new Date(since).getTime());
    // the stored fees
    expect([toCents(oldOrder.fees), toCents(newOrder.fees)]).toEqual([feeOld, feeNew]);

    // the marketplace's payout charged exactly those fees, order by order
    const settlement = await waitFor(async () => {
      const r = await call('GET', `/api/marketplaces/${m}/settlements`);
      return r.body.data[0] as { id: string; gross_cents: number; fees_cents: number; net_cents: number } | undefined;
    }, 'the settlement', 60_000);
    expect(settlement).toMatchObject({ gross_cents: 5000, fees_cents: feeOld + feeNew, net_cents: 5000 - feeOld - feeNew });
    const detail = await waitFor(async () => {
      const r = await call('GET', `/api/payouts/${settlement.id}?lines_limit=100`);
      const lines = r.body.data?.lines as { kind: string; order_id: string | null; external_order_id: string | null; amount_cents: number }[] | undefined;
      return lines && lines.length ? lines : null;
    }, 'the payout lines', 60_000);
    const charged = (ext: string) => -detail.filter((l) => l.kind === 'fee' && l.external_order_id === ext).reduce((s, l) => s + l.amount_cents, 0);
    expect([charged('FEEOVOLD'), charged('FEEOVNEW')]).toEqual([feeOld, feeNew]);

    // shipped: each sale posts its own fee; with the payout, the marketplace owes nothing more for them
    await ship([oldOrder.id, newOrder.id]);
    const entries = await inTenant(async (tx) => (await tx.query<{ key: string; kind: string; object_id: string; account: string; amount: string }>(
      `select e.idempotency_key as key, e.kind, e.object_id, p.account, p.amount_cents as amount
         from ledger_entries e join ledger_postings p on p.entry_id = e.id
        where e.tenant_id = $1 and (e.object_id = any($2::text[]) or e.object_id = $3)`,
      [T, [oldOrder.id, newOrder.id], settlement.id],
    )).rows);
    const posted = (key: string, account: string) => entries.filter((e) => e.key === key && e.account === account).reduce((s, e) => s + Number(e.amount), 0);
    expect(posted(`order:${oldOrder.id}:sale:1`, LEDGER_ACCOUNTS.marketplaceFees.code)).toBe(feeOld);
    expect(posted(`order:${newOrder.id}:sale:1`, LEDGER_ACCOUNTS.marketplaceFees.code)).toBe(feeNew);
    // the payout posted its settlement and nothing else: no fee above or below the schedule
    expect([...new Set(entries.filter((e) => e.object_id === settlement.id).map((e) => e.kind))]).toEqual(['settlement']);
    const receivable = receivableAccount('ebay').code;
    expect(entries.filter((e) => e.account === receivable).reduce((s, e) => s + Number(e.amount), 0)).toBe(0);

    // reconciliation expects the fee of each order's time: no problem about these orders
    await runReconciliation(h.db, T, { trigger: 'manual' });
    const problems = await call('GET', '/api/payouts/reconciliation?limit=100&status=open');
    expect(problems.status).toBe(200);
    const mine = (problems.body.data as { kind: string; order_id: string | null }[]).filter((p) => p.order_id === oldOrder.id || p.order_id === newOrder.id);
    expect(mine).toEqual([]);
  }, 180_000);

  it('"Use standard" applies to orders placed from then on; orders placed under the override keep its fee', async () => {
    const [s] = await demoSuppliers(h, 1);
    const v = await mappedVariant(h, 'FEEOV-STD', 2500, [{ supplierId: s.id, costCents: 800, stock: 10 }]);
    expect((await call('PUT', '/api/settings/fees', { overrides: { ebay: NEGOTIATED } })).status).toBe(200);
    const during = await marketplaceOrder(h, v, 2500);
    const cleared = await call('PUT', '/api/settings/fees', { overrides: { ebay: null } });
    expect(rowOf(cleared.body, 'ebay').override).toBeNull();
    const after = await marketplaceOrder(h, v, 2500);
    const fee = async (id: string) => toCents((await call('GET', `/api/orders/${id}`, undefined, SELLER)).body.data.fees);
    expect([await fee(during), await fee(after)]).toEqual([feeCents(ebayNow, 2500), feeCents(FEE_SCHEDULES.ebay, 2500)]);
    // the repricer prices with today's schedule: the standard one again
    const inputs = await inTenant((tx) => loadInputs(tx, T, {}));
    const ebay = inputs.find((l) => l.kind === 'ebay');
    expect(ebay?.fee_schedule).toMatchObject({ rate_bp: 1325, fixed_cents: 30 });
  }, 60_000);
});
