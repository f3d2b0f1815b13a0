/**
 * `npm run bench:reconciliation` — docs/reconciliation.md, docs/performance.md: one reconciliation run
 * (server/api/reconciliation/reconcile.ts: match the lines to their orders, find and write every
 * problem) over 100,000 shipped orders of the Demo Store with their payouts and lines (a sale and its
 * fee per order, on every marketplace's account), with the kinds of error the sandbox makes mixed in:
 * 1 % of the orders never paid, 1 % charged a fee above the schedule, 0.5 % refunded with no return,
 * 2 % of the payouts off their lines by a cent. Bulk-inserted set-based, on PGlite and (when reachable,
 * or with `--pg`) PostgreSQL, each in a database of its own dropped afterwards. Target: ≤ 10 s.
 * Env: BENCH_RECONCILE_ORDERS (default 100,000), BENCH_DATABASE_URL (PostgreSQL admin URL).
 * `--pglite` or `--pg` runs one engine only.
 */
import { loadavg } from 'node:os';
import { seed } from '../server/seed';
import { DEMO_TENANT } from '../server/seed/accounts';
import { FEE_SCHEDULES } from '../contract/marketplaces';
import { MARKETPLACES } from '../contract/orders';
import { runReconciliation } from '../server/api/reconciliation/runner';
import { FIND, scheduleParams } from '../server/api/reconciliation/reconcile';
import { SCHEDULED_FEE_TYPES, SHIPPED_STATUSES, TRANSIT_DAYS } from '../server/domain/reconciliation/rules';
import { ownerExec, withDb, onEngines, type Target } from './support/server';

const ORDERS = Number(process.env.BENCH_RECONCILE_ORDERS ?? 100_000);
const TARGET_S = 10;
const T = DEMO_TENANT.id;
const ADDRESS = '{"name":"Bench Buyer","line1":"1 Main St","line2":"","city":"Austin","region":"TX","postal_code":"78701","country":"US"}';

/** The orders, their ship dates, a payout per marketplace and week, and the payouts' lines: one statement each. */
const LOAD = [
  `insert into marketplace_accounts (tenant_id, kind, name, mode, status)
   select $1, k, 'Bench ' || k, 'live', 'paused' from unnest(array['amazon','ebay','walmart','shopify']) k
    where not exists (select 1 from marketplace_accounts a where a.tenant_id = $1 and a.kind = k)`,
  `insert into orders (tenant_id, marketplace, external_order_id, status, subtotal_cents, shipping_cents, total_cents, items_count, created_at, ship_to_country, ship_to)
   select $1, (array['amazon','ebay','walmart','shopify'])[1 + i % 4], 'BENCH-' || i, 'shipped', 1000 + (i * 37) % 20000, (i % 3) * 499,
          1000 + (i * 37) % 20000 + (i % 3) * 499, 1, now() - make_interval(days => 2 + i % 84), 'US', '${ADDRESS}'::jsonb
     from generate_series(1, $2::int) i`,
  `insert into order_status_history (tenant_id, order_id, from_status, to_status, actor, at)
   select $1, o.id, 'ordered_from_supplier', 'shipped', 'bench', o.created_at + interval '1 day'
     from orders o where o.tenant_id = $1 and o.external_order_id like 'BENCH-%'`,
  `insert into marketplace_settlements (tenant_id, marketplace_id, external_id, period_start, period_end, orders_count, gross_cents, fees_cents, net_cents, source, created_at)
   select $1, a.id, 'BENCH-' || a.kind || '-' || b, now() - make_interval(days => (b + 1) * 7), now() - make_interval(days => b * 7), 0, 0, 0, 0, 'connector',
          now() - make_interval(days => b * 7)
     from (select distinct on (kind) id, kind from marketplace_accounts where tenant_id = $1 order by kind, created_at) a, generate_series(0, 12) b`,
];

/** $2–$4: the fee schedule by marketplace. Lines carry the marketplace's order id only: the run matches them. */
const LINES = `
with sched as (select * from unnest($2::text[], $3::int[], $4::int[]) as s(kind, rate_bp, fixed_cents)),
o as (
  select o.id, o.marketplace, o.external_order_id, o.subtotal_cents + o.shipping_cents as base, o.created_at + interval '1 day' as shipped_at,
         substr(o.external_order_id, 7)::int as i
    from orders o where o.tenant_id = $1 and o.external_order_id like 'BENCH-%'
), placed as (
  select o.*, s.id as payout_id, s.marketplace_id, ((o.base * k.rate_bp + 5000) / 10000 + k.fixed_cents) as fee
    from o join sched k on k.kind = o.marketplace
    join marketplace_accounts a on a.tenant_id = $1 and a.kind = o.marketplace
    join marketplace_settlements s on s.tenant_id = $1 and s.marketplace_id = a.id
     and s.external_id = 'BENCH-' || o.marketplace || '-' || floor(extract(epoch from now() - o.shipped_at) / 86400 / 7)::int
   where o.i % 100 <> 0
), l as (
  select payout_id, marketplace_id, external_order_id, 'sale' as kind, null as fee_type, base as amount, shipped_at from placed
  union all
  select payout_id, marketplace_id, external_order_id, 'fee', case when marketplace = 'shopify' then 'payment_processing' else 'referral' end,
         -(fee + case when i % 97 = 0 then 50 else 0 end), shipped_at from placed
  union all
  select payout_id, marketplace_id, external_order_id, 'refund', null, -(base / 2), shipped_at from placed where i % 200 = 7
)
insert into payout_lines (tenant_id, payout_id, marketplace_id, line_no, external_order_id, kind, fee_type, amount_cents, posted_at)
select $1, payout_id, marketplace_id, row_number() over (partition by payout_id order by external_order_id, kind), external_order_id, kind, fee_type, amount, shipped_at from l`;

const TOTALS = `
update marketplace_settlements s set net_cents = t.total + case when t.n % 50 = 0 then 1 else 0 end, lines_count = t.lines
  from (select payout_id, sum(amount_cents) as total, count(*)::int as lines, row_number() over (order by payout_id) as n
          from payout_lines where tenant_id = $1 group by payout_id) t
 where s.id = t.payout_id`;

async function benchEngine(t: Target, out: string[]): Promise<void> {
  const t0 = Date.now();
  await withDb(t, async (db) => {
    await seed(db);
    await db.transaction(async (tx) => {
      for (const sql of LOAD) await tx.query(sql, sql.includes('$2') ? [T, ORDERS] : [T]);
      await tx.query(LINES, [T, [...MARKETPLACES], MARKETPLACES.map((m) => FEE_SCHEDULES[m].rate_bp), MARKETPLACES.map((m) => FEE_SCHEDULES[m].fixed_cents)]);
      await tx.query(TOTALS, [T]);
    }, { tenantId: T });
  });
  await ownerExec(t, 'vacuum analyze orders, order_status_history, marketplace_settlements, payout_lines, returns, reconciliation_problems');
  const counts = await withDb(t, (db) => db.transaction(async (tx) => (await tx.query<{ orders: number; lines: number; payouts: number }>(
    `select (select count(*)::int from orders where tenant_id = $1 and status in ('shipped', 'delivered', 'returned')) as orders,
            (select count(*)::int from payout_lines where tenant_id = $1) as lines,
            (select count(*)::int from marketplace_settlements where tenant_id = $1) as payouts`, [T])).rows[0], { tenantId: T }));
  console.log(`${t.engine}: ${counts.orders} shipped orders, ${counts.payouts} payouts, ${counts.lines} lines loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  await withDb(t, async (db) => {
    for (const run of ['first run', 'rerun']) {
      const load = loadavg()[0].toFixed(1);
      const s = performance.now();
      const r = await runReconciliation(db, T, { trigger: 'manual' });
      const secs = (performance.now() - s) / 1000;
      const line = `${t.engine.padEnd(8)} ${run.padEnd(9)} ${counts.orders} orders, ${counts.lines} lines: ${secs.toFixed(2)} s (target ≤ ${TARGET_S} s: ${secs <= TARGET_S ? 'OK' : 'MISS'}) — matched ${r.matched}, opened ${r.opened}, resolved ${r.resolved}, open ${r.open}; load average ${load}`;
      console.log(line);
      out.push(line);
    }
    // BENCH_EXPLAIN=1: where the finding statement spends its time (a run that changes nothing)
    if (process.env.BENCH_EXPLAIN) {
      const plan = await db.transaction((tx) => tx.query<Record<string, string>>(`explain (analyze, costs off) ${FIND}`, [T, new Date(), ...scheduleParams(), TRANSIT_DAYS, [...SCHEDULED_FEE_TYPES], [...SHIPPED_STATUSES]]), { tenantId: T });
      console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
    }
  });
}

async function main(): Promise<void> {
  const only = process.argv.includes('--pg') ? 'postgres' : process.argv.includes('--pglite') ? 'pglite' : null;
  await onEngines(only ? [only] : ['pglite', 'postgres'], benchEngine);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
