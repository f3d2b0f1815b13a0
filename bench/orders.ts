/**
 * `npm run bench` — docs/commerce.md "Performance": GET /api/me/orders pages of 50 over HTTP, 10 concurrent
 * clients, against a real server process, at 2,000 and at 100,000 orders, on PGlite and (when
 * reachable) PostgreSQL. Cases: default sort, status filter, search, deep page (keyset cursor at
 * position 90,000; the plain OFFSET is shown for comparison). Prints p50/p95 per case per engine.
 * Env: BENCH_DATABASE_URL (admin URL; default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_CLIENTS (default 10), BENCH_REQUESTS (per client per case, default 100), BENCH_WARMUP (per client, default 20), BENCH_WARMUP_S (seconds of unmeasured load after start, default 15), BENCH_PORT (default 3127). The API rate limit
 * (600/min per user) is turned off for the server under test: it would cap the run, not measure it.
 */
import type { Db } from '../server/db';
import { seed } from '../server/seed';
import { DEMO_TENANT } from '../server/seed/accounts';
import { addDemoOrders, refreshStatistics } from '../server/seed/cli';
import { encodeCursor } from '../server/api/list-kit/cursor';
import { runCase as runLoad, startServer, stopServer, token, warmServer as warm, withDb, withPglite, withPostgres, type Target } from './support/server';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const PER_CLIENT = Number(process.env.BENCH_REQUESTS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 3127);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20); // requests per client before measuring a case
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 15); // seconds of load after the server starts
const BIG = 100_000;
const DEEP_AT = 0.9; // offset 90,000 of 100,000
const TARGET_P95 = { pglite: 50, postgres: 15 };

interface CaseResult { engine: string; orders: number; name: string; p50: number; p95: number; rows: number }

/** The keyset equivalent of `offset`: the cursor of the row just before it (default sort). */
async function cursorAt(db: Db, offset: number): Promise<string> {
  const { rows } = await db.transaction(
    (tx) => tx.query<{ c: unknown[] }>(
      'select json_build_array(o.created_at, o.id) as c from orders o where o.tenant_id = $1 order by o.created_at desc, o.id desc offset $2 limit 1',
      [DEMO_TENANT.id, offset - 1],
    ),
    { tenantId: DEMO_TENANT.id },
  );
  // the orders list's default sort (server/api/orders/queries.ts)
  return encodeCursor('orders o', { columns: ['o.created_at', 'o.id'], types: ['timestamptz', 'text'] }, rows[0].c);
}

async function measure(t: Target, orders: number, results: CaseResult[]): Promise<void> {
  const url = `http://127.0.0.1:${PORT}`;
  const { tok, deep } = await withDb(t, async (db) => ({ tok: await token(db, url), deep: await cursorAt(db, Math.floor(orders * DEEP_AT)) }));
  const child = await startServer(t, PORT);
  try {
    const headers = { authorization: `Bearer ${tok}`, 'x-tenant-id': DEMO_TENANT.id };
    const deepOffset = Math.floor(orders * DEEP_AT);
    const cases: [string, string][] = [
      ['first page (default sort)', '/api/me/orders?limit=50'],
      ['status=pending', '/api/me/orders?limit=50&status=pending'],
      ['search "smith"', '/api/me/orders?limit=50&search=smith'],
      [`deep page, keyset (position ${deepOffset})`, `/api/me/orders?limit=50&cursor=${deep}`],
      [`deep page, offset=${deepOffset} (comparison)`, `/api/me/orders?limit=50&offset=${deepOffset}`],
    ];
    await warm(url, headers, cases.filter(([name]) => !name.includes('comparison')).map(([, path]) => path), CLIENTS, WARMUP_S);
    for (const [name, path] of cases) {
      // the OFFSET comparison is slow by design: fewer requests keep the run short
      const r = await runLoad(url, headers, path, { clients: CLIENTS, warmup: WARMUP, perClient: name.includes('comparison') ? Math.min(PER_CLIENT, 20) : PER_CLIENT });
      results.push({ engine: t.engine, orders, name, ...r });
      console.log(`  ${t.engine.padEnd(8)} ${String(orders).padStart(6)}  ${name.padEnd(42)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  (${r.rows} rows)`);
    }
  } finally {
    await stopServer(child);
  }
}

async function benchEngine(t: Target, results: CaseResult[]): Promise<void> {
  const t0 = Date.now();
  await withDb(t, (db) => seed(db));
  await refreshStatistics(t);
  console.log(`${t.engine}: seeded 2,000 orders in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await measure(t, 2000, results);
  const t1 = Date.now();
  await withDb(t, (db) => addDemoOrders(db, BIG - 2000));
  await refreshStatistics(t);
  console.log(`${t.engine}: added ${BIG - 2000} orders in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  await measure(t, BIG, results);
}

function verdict(results: CaseResult[]): string[] {
  const lines: string[] = [];
  for (const engine of ['pglite', 'postgres'] as const) {
    const big = results.filter((r) => r.engine === engine && r.orders === BIG);
    if (!big.length) continue;
    const small = results.filter((r) => r.engine === engine && r.orders === 2000);
    const main = big.filter((r) => !r.name.includes('comparison'));
    const worst = Math.max(...main.map((r) => r.p95));
    const first = big.find((r) => r.name.startsWith('first'))!;
    const deep = big.find((r) => r.name.includes('keyset'))!;
    const growth = Math.max(...main.map((r) => r.p95 / (small.find((s) => s.name.split(' (')[0] === r.name.split(' (')[0])?.p95 ?? r.p95)));
    lines.push(`${engine}: worst p95 ${worst.toFixed(1)} ms (target ≤ ${TARGET_P95[engine]}) ${worst <= TARGET_P95[engine] ? 'OK' : 'MISS'}; ` +
      `deep/first p95 ${(deep.p95 / first.p95).toFixed(2)}× (≤ 2) ${deep.p95 <= 2 * first.p95 ? 'OK' : 'MISS'}; ` +
      `100k/2k p95 up to ${growth.toFixed(2)}× (≤ 3) ${growth <= 3 ? 'OK' : 'MISS'}`);
  }
  return lines;
}

async function main(): Promise<void> {
  const results: CaseResult[] = [];
  console.log(`GET /api/me/orders?limit=50 — ${CLIENTS} concurrent clients × ${PER_CLIENT} requests per case\n`);
  await withPglite((t) => benchEngine(t, results));
  const done = await withPostgres(async (t) => {
    await benchEngine(t, results);
    return true;
  });
  if (!done) console.log('\nPostgreSQL not reachable (BENCH_DATABASE_URL or 127.0.0.1:5432): skipped');
  console.log('\n' + verdict(results).join('\n'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
