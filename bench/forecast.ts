/**
 * `npm run bench:forecast` — docs/agents.md "Benchmark": a demand forecasting run
 * (server/agents/demand/worker.ts `runDemand`, exactly what the `demand-forecasting` consumer runs)
 * for BENCH_FORECAST_VARIANTS variants (default 10,000) over BENCH_FORECAST_DAYS days of daily sales
 * (default 730: two years, read whole: `history_days` = the span) on PGlite, in a database of its own
 * (a temporary directory, seeded, then removed). The sales are inserted set-based: each day 100
 * orders, each holding the day's sales of 1/100 of the variants — a variant sells on a day with
 * probability BENCH_FORECAST_DENSITY (default 0.3), more at weekends and more as the months go by —
 * half of the variants stocked (with stock and open purchase orders none), half dropshipped (no stock,
 * a supplier with stock). Target: ≤ 30 s for the run. BENCH_FORECAST_DIR keeps the database there
 * and reuses it on the next run (the set-up takes minutes), for measuring changes to the run alone.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db';
import { seed } from '../server/seed';
import { DEMO_TENANT } from '../server/seed/accounts';
import { runDemand } from '../server/agents/demand/worker';
import { SETTINGS_DEFAULTS } from '../contract/agents';

const VARIANTS = Number(process.env.BENCH_FORECAST_VARIANTS ?? 10_000);
const DAYS = Number(process.env.BENCH_FORECAST_DAYS ?? 730);
const DENSITY = Number(process.env.BENCH_FORECAST_DENSITY ?? 0.3);
const ORDERS_PER_DAY = 100;
const TARGET_S = 30;
const T = DEMO_TENANT.id;

async function main(): Promise<void> {
  const kept = process.env.BENCH_FORECAST_DIR;
  const dir = kept ?? mkdtempSync(join(tmpdir(), 'bench-forecast-'));
  if (kept) mkdirSync(kept, { recursive: true });
  const ready = kept !== undefined && existsSync(join(kept, 'BENCH_READY'));
  const opened = await openDatabase({ dataDir: dir });
  const db = opened.db;
  try {
    if (!ready) await setUp(db);
    if (kept && !ready) writeFileSync(join(kept, 'BENCH_READY'), '');
    const lines = await db.transaction(async (tx) => Number((await tx.query<{ n: number }>(
      `select count(*)::int as n from order_items where tenant_id = $1 and sku like 'BENCH-FC-%'`, [T])).rows[0].n), { tenantId: T });
    console.log(`data: ${VARIANTS.toLocaleString('en-US')} bench variants, ${lines.toLocaleString('en-US')} sale lines over ${DAYS} days`);

    const settings = { ...SETTINGS_DEFAULTS.demand, history_days: DAYS };
    const t1 = performance.now();
    const r = await runDemand(db, T, settings, null);
    const s = (performance.now() - t1) / 1000;
    console.log(`pglite   demand forecast run: ${r.outputs.variants.toLocaleString('en-US')} variants (${r.outputs.stocked} stocked, ${r.outputs.dropship} dropshipped) over ${DAYS} days of sales: ${s.toFixed(1)} s (target ≤ ${TARGET_S} s) — reorder now ${r.outputs.reorder_now}, running out at suppliers ${r.outputs.stockout_risks}, slow movers ${r.outputs.slow_movers}; load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
    if (s > TARGET_S) process.exitCode = 1;
  } finally {
    await opened.close();
    if (!kept) rmSync(dir, { recursive: true, force: true });
  }
}

/** The seed, then the bench variants, their suppliers and two years of sales, set-based. */
async function setUp(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<void> {
  {
    await seed(db);
    const t0 = performance.now();
    await db.transaction(async (tx) => {
      const supplier = (await tx.query<{ id: string }>('select id from suppliers where tenant_id = $1 order by name limit 1', [T])).rows[0].id;
      await tx.query(
        `insert into products (tenant_id, handle, title, sku, stock)
         select $1, 'bench-fc-' || g, 'Bench product ' || g, 'BENCH-FC-' || lpad(g::text, 6, '0'), case when g % 2 = 0 then 40 else 0 end
           from generate_series(1, $2) g`,
        [T, VARIANTS],
      );
      await tx.query(
        `insert into product_variants (tenant_id, product_id, sku, price_cents, stock)
         select $1, p.id, p.sku, 1999, p.stock from products p where p.tenant_id = $1 and p.sku like 'BENCH-FC-%'`,
        [T],
      );
      await tx.query(
        `insert into product_suppliers (tenant_id, product_id, variant_id, supplier_id, supplier_stock, pack_size, min_order_qty)
         select $1, v.product_id, v.id, $2, 25 + (abs(hashtext(v.sku)) % 400), 6, 12 from product_variants v where v.tenant_id = $1 and v.sku like 'BENCH-FC-%'`,
        [T, supplier],
      );
    }, { tenantId: T });
    const variants = await db.transaction(async (tx) => (await tx.query<{ id: string; product_id: string; sku: string }>(
      `select id, product_id, sku from product_variants where tenant_id = $1 and sku like 'BENCH-FC-%' order by sku`, [T])).rows, { tenantId: T });
    const today = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));
    const start = new Date(today.getTime() - DAYS * 86_400_000);
    const block = Math.ceil(variants.length / ORDERS_PER_DAY);
    let lines = 0;
    // a month of days per transaction: orders first, then their lines from the variants of each order's block
    for (let d0 = 0; d0 < DAYS; d0 += 30) {
      const d1 = Math.min(DAYS, d0 + 30) - 1;
      lines += await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ n: number }>(
          `with o as (
             insert into orders (tenant_id, marketplace, status, ship_to, created_at, updated_at, items_count)
             select $1, 'amazon', 'delivered', '{"name":"Bench Buyer","line1":"1 Main St","city":"Austin","region":"TX","postal_code":"78701","country":"US"}'::jsonb, $2::timestamptz + make_interval(days => d, mins => k * 7), $2::timestamptz + make_interval(days => d, mins => k * 7), 0
               from generate_series($3::int, $4::int) d, generate_series(0, $5::int - 1) k
             returning id, created_at),
           ok as (select o.id, floor(extract(epoch from (o.created_at - $2::timestamptz)) / 86400)::int as d,
                         ((extract(epoch from (o.created_at - $2::timestamptz)) / 60)::int % 1440) / 7 as k from o),
           v as (select id, product_id, sku, (row_number() over (order by sku) - 1)::int as i from product_variants where tenant_id = $1 and sku like 'BENCH-FC-%'),
           ins as (
             insert into order_items (tenant_id, order_id, product_id, variant_id, sku, title, quantity, unit_price_cents)
             select $1, ok.id, v.product_id, v.id, v.sku, v.sku,
                    1 + (abs(hashtext(v.sku || ':' || ok.d)) % 3) + case when extract(dow from $2::timestamptz + make_interval(days => ok.d)) in (0, 6) then 1 else 0 end,
                    1999
               from ok join v on v.i / $6::int = ok.k
              where (abs(hashtext(v.id::text || ':' || ok.d)) % 1000) < $7::int * (0.6 + 0.8 * ok.d / $8::numeric)
             returning 1)
           select count(*)::int as n from ins`,
          [T, start.toISOString(), d0, d1, ORDERS_PER_DAY, block, Math.round(DENSITY * 1000), DAYS],
        );
        return Number(rows[0].n);
      }, { tenantId: T });
      process.stdout.write(`\r  sales inserted: day ${d1 + 1} / ${DAYS}, ${lines.toLocaleString('en-US')} lines`);
    }
    console.log(`\nset-up: ${variants.length.toLocaleString('en-US')} variants, ${lines.toLocaleString('en-US')} sale lines over ${DAYS} days in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
}

void main();
