/**
 * `npm run bench:analytics` — docs/analytics.md, docs/performance.md "Analytics": GET
 * /api/analytics/summary (the last 30 days, compared with the 30 before; and 12 months) and a
 * 12-month /timeseries (monthly buckets) over HTTP against a real server process, with about
 * 1,000,000 order lines in the Demo Store, bulk-inserted set-based (server/seed/cli.ts
 * `addDemoOrders`: one unnest statement per table per batch, then the analytics rollup rebuilt, as
 * the orders come without events), on PGlite and (when reachable) PostgreSQL, in a database of its
 * own that is dropped afterwards. Targets (p95): ≤ 200 ms on PGlite, ≤ 50 ms on PostgreSQL.
 *
 * Beside them, on the same data: the same periods summed from the detail tables alone (the reads
 * before the rollup, in-process, `BENCH_DETAIL_RUNS` each: the paired "before"), the summary's plan
 * (EXPLAIN ANALYZE), and the ledger's throughput: `BENCH_LEDGER_ENTRIES` sale entries (3 postings
 * each) written by `writeEntries` in batches of `BENCH_LEDGER_BATCH`, one transaction per batch
 * (target ≥ 5,000 entries/s on PostgreSQL).
 * Env: BENCH_DATABASE_URL (admin URL; default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_ANALYTICS_LINES (default 1,000,000), BENCH_REQUESTS (default 20), BENCH_PORT (default 3128),
 * BENCH_ENGINES (default `pglite,postgres`).
 */
import { loadavg } from 'node:os';
import { seed } from '../server/seed';
import { DEMO_TENANT } from '../server/seed/accounts';
import { addDemoOrders } from '../server/seed/cli';
import { addDays } from '../contract/analytics';
import { MARKETPLACES } from '../contract/orders';
import { summaryFromDetail, summaryStatement } from '../server/api/analytics/queries';
import { saleEntry } from '../server/domain/ledger/journal';
import { writeEntries } from '../server/ledger/poster';
import type { Db } from '../server/db';
import { ownerExec, pct, runCase, startServer, stopServer, token, waitForConsumers, withDb, onEngines, type Target } from './support/server';

const LINES = Number(process.env.BENCH_ANALYTICS_LINES ?? 1_000_000);
const PER_CLIENT = Number(process.env.BENCH_REQUESTS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3128);
const DETAIL_RUNS = Number(process.env.BENCH_DETAIL_RUNS ?? 3);
const LEDGER_ENTRIES = { pglite: Number(process.env.BENCH_LEDGER_ENTRIES_PGLITE ?? 10_000), postgres: Number(process.env.BENCH_LEDGER_ENTRIES ?? 50_000) };
const LEDGER_BATCH = Number(process.env.BENCH_LEDGER_BATCH ?? 1000);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const TARGET_P95 = { pglite: 200, postgres: 50 };
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

const today = new Date().toISOString().slice(0, 10);
const PERIODS = { '30 days': { from: addDays(today, -29), to: today }, '12 months': { from: addDays(today, -364), to: today } };

/** The same periods summed from the detail tables only, in-process: what each answer cost before the rollup. */
async function detailTimes(db: Db, t: Target, out: string[]): Promise<void> {
  for (const [name, p] of Object.entries(PERIODS)) {
    const ms: number[] = [];
    for (let i = 0; i < DETAIL_RUNS; i++) {
      const t0 = performance.now();
      await db.transaction((tx) => summaryFromDetail(tx, DEMO_TENANT.id, p.from, p.to), { tenantId: DEMO_TENANT.id });
      ms.push(performance.now() - t0);
    }
    const line = `${t.engine.padEnd(8)} ${`detail tables only, summary ${name}`.padEnd(40)} p50 ${pct(ms, 50).toFixed(1).padStart(8)} ms  max ${Math.max(...ms).toFixed(1).padStart(8)} ms  (${DETAIL_RUNS} runs, in-process, load ${load()})`;
    console.log(line);
    out.push(line);
  }
}

async function explain(db: Db, t: Target): Promise<void> {
  const st = summaryStatement(DEMO_TENANT.id, PERIODS['30 days'].from, PERIODS['30 days'].to);
  const { rows } = await db.transaction((tx) => tx.query<Record<string, string>>(`explain (analyze, buffers) ${st.sql}`, st.params), { tenantId: DEMO_TENANT.id });
  console.log(`${t.engine}: EXPLAIN ANALYZE of the 30-day summary\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
}

/** `writeEntries` throughput: sale entries of synthetic orders, one transaction per batch. */
async function ledgerThroughput(db: Db, t: Target, out: string[]): Promise<void> {
  const total = LEDGER_ENTRIES[t.engine];
  const run = Date.now().toString(36);
  const t0 = performance.now();
  for (let done = 0; done < total; done += LEDGER_BATCH) {
    const n = Math.min(LEDGER_BATCH, total - done);
    const entries = Array.from({ length: n }, (_, i) => saleEntry({
      orderId: `BENCH-${run}-${done + i}`, marketplace: MARKETPLACES[(done + i) % MARKETPLACES.length], subtotal_cents: 1000 + ((done + i) % 9000),
      shipping_cents: (done + i) % 3 ? 0 : 599, currency: 'USD', n: 1, eventSeq: null,
    })!);
    await db.transaction((tx) => writeEntries(tx, DEMO_TENANT.id, entries), { tenantId: DEMO_TENANT.id });
  }
  const s = (performance.now() - t0) / 1000;
  const line = `${t.engine.padEnd(8)} ${'ledger writeEntries'.padEnd(40)} ${Math.round(total / s).toLocaleString('en-US').padStart(8)} entries/s  (${total.toLocaleString('en-US')} entries, 3 postings each, batches of ${LEDGER_BATCH}; target ≥ 5,000/s on PostgreSQL; load ${load()})`;
  console.log(line);
  out.push(line);
}

async function benchEngine(t: Target, out: string[]): Promise<void> {
  const t0 = Date.now();
  const lines = await withDb(t, async (db) => {
    // the Demo Store's dropshipping automation stays off (server/seed/automation.ts): it would take in
    // the ~27,000 orders the generator leaves pending or routed (the last days' sales) and work them
    // through for minutes on PGlite's one connection, and the cases would time that catch-up rather
    // than the reads (docs/performance.md "Analytics" has both)
    process.env.DEMO_AUTOMATION ??= 'off';
    await seed(db);
    const count = async () => (await db.transaction((tx) => tx.query<{ n: number }>('select count(*)::int as n from order_items where tenant_id = $1', [DEMO_TENANT.id]), { tenantId: DEMO_TENANT.id })).rows[0].n;
    // the demo generator's orders hold two lines on average: add orders until the lines reach LINES
    let n = await count();
    while (n < LINES) {
      await addDemoOrders(db, Math.max(1000, Math.ceil((LINES - n) / 1.45)));
      n = await count();
    }
    return n;
  });
  await ownerExec(t, 'vacuum analyze orders, order_items, purchase_orders, shipments, returns, analytics_daily');
  console.log(`${t.engine}: ${lines} order lines loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s (load ${load()})`);
  await withDb(t, async (db) => {
    await detailTimes(db, t, out);
    await explain(db, t);
  });
  const url = `http://127.0.0.1:${PORT}`;
  const [tok, adminTok] = await withDb(t, async (db) => [await token(db, url), await token(db, url, 'admin@demo.local')]);
  const child = await startServer(t, PORT);
  try {
    const headers = { authorization: `Bearer ${tok}`, 'x-tenant-id': DEMO_TENANT.id };
    // the load's events are worked through first: the cases measure the steady state
    const settled = await waitForConsumers(url, { authorization: `Bearer ${adminTok}`, 'x-tenant-id': DEMO_TENANT.id });
    const line = `${t.engine}: consumers caught up with the load's events in ${settled.seconds.toFixed(0)} s${settled.left ? ` (still behind: ${settled.left})` : ''} (load ${load()})`;
    console.log(line);
    out.push(line);
    const y = PERIODS['12 months'];
    const m = PERIODS['30 days'];
    const cases: [string, string][] = [
      ['summary, 30 days, compare=previous', `/api/analytics/summary?from=${m.from}&to=${m.to}&compare=previous`],
      ['timeseries, 12 months, interval=month', `/api/analytics/timeseries?from=${y.from}&to=${y.to}&interval=month&metric=net_margin_cents`],
      ['summary, 12 months', `/api/analytics/summary?from=${y.from}&to=${y.to}`],
    ];
    for (const [name, path] of cases) {
      const r = await runCase(url, headers, path, { clients: 1, warmup: 2, perClient: PER_CLIENT });
      const ok = r.p95 <= TARGET_P95[t.engine] ? 'OK' : 'MISS';
      const line = `${t.engine.padEnd(8)} ${name.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(8)} ms  p95 ${r.p95.toFixed(1).padStart(8)} ms  (target ≤ ${TARGET_P95[t.engine]}: ${ok}; load ${load()})`;
      console.log(line);
      out.push(line);
    }
  } finally {
    await stopServer(child);
  }
  await withDb(t, (db) => ledgerThroughput(db, t, out));
}

async function main(): Promise<void> {
  await onEngines(ENGINES as ('pglite' | 'postgres')[], benchEngine);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
