/**
 * `npm run bench:analytics` — docs/analytics.md, docs/performance.md: GET /api/analytics/summary (the
 * last 30 days, compared with the 30 before) and a 12-month /timeseries (monthly buckets) over HTTP
 * against a real server process, with about 1,000,000 order lines in the Demo Store, bulk-inserted
 * set-based (server/seed/cli.ts `addDemoOrders`: one unnest statement per table per batch), on PGlite
 * and (when reachable) PostgreSQL, in a database of its own that is dropped afterwards.
 * Targets (p95): ≤ 200 ms on PGlite, ≤ 50 ms on PostgreSQL.
 * Env: BENCH_DATABASE_URL (admin URL; default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_ANALYTICS_LINES (default 1,000,000), BENCH_REQUESTS (default 20), BENCH_PORT (default 3128).
 */
import { seed } from '../server/seed';
import { DEMO_TENANT } from '../server/seed/accounts';
import { addDemoOrders } from '../server/seed/cli';
import { addDays } from '../contract/analytics';
import { ownerExec, runCase, startServer, stopServer, token, withDb, withPglite, withPostgres, type Target } from './support/server';

const LINES = Number(process.env.BENCH_ANALYTICS_LINES ?? 1_000_000);
const PER_CLIENT = Number(process.env.BENCH_REQUESTS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3128);
const TARGET_P95 = { pglite: 200, postgres: 50 };

async function benchEngine(t: Target, out: string[]): Promise<void> {
  const t0 = Date.now();
  const lines = await withDb(t, async (db) => {
    await seed(db);
    const count = async () => (await db.transaction((tx) => tx.query<{ n: number }>('select count(*)::int as n from order_items where tenant_id = $1', [DEMO_TENANT.id]), { tenantId: DEMO_TENANT.id })).rows[0].n;
    // the demo generator's orders hold two lines on average: add orders until the lines reach LINES
    let n = await count();
    while (n < LINES) {
      await addDemoOrders(db, Math.max(1000, Math.ceil((LINES - n) / 2)));
      n = await count();
    }
    return n;
  });
  await ownerExec(t, 'vacuum analyze orders, order_items, purchase_orders, shipments, returns');
  console.log(`${t.engine}: ${lines} order lines loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const url = `http://127.0.0.1:${PORT}`;
  const tok = await withDb(t, (db) => token(db, url));
  const child = await startServer(t, PORT);
  try {
    const headers = { authorization: `Bearer ${tok}`, 'x-tenant-id': DEMO_TENANT.id };
    const today = new Date().toISOString().slice(0, 10);
    const cases: [string, string][] = [
      ['summary, 30 days, compare=previous', `/api/analytics/summary?from=${addDays(today, -29)}&to=${today}&compare=previous`],
      ['timeseries, 12 months, interval=month', `/api/analytics/timeseries?from=${addDays(today, -364)}&to=${today}&interval=month&metric=net_margin_cents`],
      ['summary, 12 months', `/api/analytics/summary?from=${addDays(today, -364)}&to=${today}`],
    ];
    for (const [name, path] of cases) {
      const r = await runCase(url, headers, path, { clients: 1, warmup: 2, perClient: PER_CLIENT });
      const ok = r.p95 <= TARGET_P95[t.engine] ? 'OK' : 'MISS';
      const line = `${t.engine.padEnd(8)} ${name.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(8)} ms  p95 ${r.p95.toFixed(1).padStart(8)} ms  (target ≤ ${TARGET_P95[t.engine]}: ${ok})`;
      console.log(line);
      out.push(line);
    }
  } finally {
    await stopServer(child);
  }
}

async function main(): Promise<void> {
  const out: string[] = [];
  await withPglite((t) => benchEngine(t, out));
  const done = await withPostgres(async (t) => {
    await benchEngine(t, out);
    return true;
  });
  if (!done) console.log('PostgreSQL not reachable (BENCH_DATABASE_URL or 127.0.0.1:5432): skipped');
  console.log('\n' + out.join('\n'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
