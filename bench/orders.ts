/**
 * `npm run bench` — issue 5 "Performance": GET /api/me/orders pages of 50 over HTTP, 10 concurrent
 * clients, against a real server process, at 2,000 and at 100,000 orders, on PGlite and (when
 * reachable) PostgreSQL. Cases: default sort, status filter, search, deep page (keyset cursor at
 * position 90,000; the plain OFFSET is shown for comparison). Prints p50/p95 per case per engine.
 * Env: BENCH_DATABASE_URL (admin URL; default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_CLIENTS (default 10), BENCH_REQUESTS (per client per case, default 100), BENCH_WARMUP (per client, default 20), BENCH_WARMUP_S (seconds of unmeasured load after start, default 15), BENCH_PORT (default 3127). The API rate limit
 * (600/min per user) is turned off for the server under test: it would cap the run, not measure it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../server/db';
import { seed } from '../server/seed';
import { ACCOUNTS, DEMO_TENANT } from '../server/seed/accounts';
import { addDemoOrders, refreshStatistics } from '../server/seed/cli';
import { signAccessToken } from '../server/auth/jwt';
import { encodeCursor } from '../server/domain/paging';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const PER_CLIENT = Number(process.env.BENCH_REQUESTS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 3127);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20); // requests per client before measuring a case
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 15); // seconds of load after the server starts
const BIG = 100_000;
const DEEP_AT = 0.9; // offset 90,000 of 100,000
const SECRET = `bench-${randomBytes(12).toString('hex')}`;
const TARGET_P95 = { pglite: 50, postgres: 15 };

interface Target { engine: 'pglite' | 'postgres'; dataDir?: string; databaseUrl?: string }
interface CaseResult { engine: string; orders: number; name: string; p50: number; p95: number; rows: number }

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function withDb<T>(t: Target, fn: (db: Db) => Promise<T>): Promise<T> {
  const o = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  try {
    return await fn(o.db);
  } finally {
    await o.close();
  }
}

async function token(db: Db, url: string): Promise<string> {
  const acc = ACCOUNTS.find((a) => a.email === 'seller@demo.local')!;
  const sessionId = randomUUID();
  await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, acc.id]);
  const { token: t } = await signAccessToken(
    { sub: acc.id, email: acc.email, phone: '', app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: { role: acc.role },
      role: 'authenticated', aal: 'aal1', amr: [{ method: 'magiclink', timestamp: Math.floor(Date.now() / 1000) }], session_id: sessionId, is_anonymous: false },
    SECRET,
    { ttlS: 3600, issuer: `${url}/auth/v1` },
  );
  return t;
}

/** The keyset equivalent of `offset`: the cursor of the row just before it (default sort). */
async function cursorAt(db: Db, offset: number): Promise<string> {
  const { rows } = await db.transaction(
    (tx) => tx.query<{ c: unknown[] }>(
      'select json_build_array(o.created_at, o.id) as c from orders o where o.tenant_id = $1 order by o.created_at desc, o.id desc offset $2 limit 1',
      [DEMO_TENANT.id, offset - 1],
    ),
    { tenantId: DEMO_TENANT.id },
  );
  return encodeCursor(rows[0].c);
}

async function startServer(t: Target): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', JWT_SECRET: SECRET, LOG_LEVEL: 'warn', NATS_URL: '', SMTP_URL: '', API_RATE_LIMIT_PER_MIN: '0' };
  if (t.databaseUrl) env.DATABASE_URL = t.databaseUrl;
  else {
    env.DATA_DIR = t.dataDir!;
    env.DATABASE_URL = '';
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`http://127.0.0.1:${PORT}/health`);
      if (r.ok) return child;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((res) => setTimeout(res, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become healthy in 120 s');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((res) => child.once('exit', res));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Each client is one keep-alive connection (node:http, as a load generator would use): the bench
 * shares the machine's cores with the server, so its own cost per request is kept small. The body
 * is read in full; it is parsed for the first answer of a case (its row count) and on an error only.
 */
function client(url: string, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const get = (path: string, parse: boolean) =>
    new Promise<{ ms: number; rows: number }>((resolve, reject) => {
      const t0 = performance.now();
      http
        .get(url + path, { headers, agent }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => {
            const ms = performance.now() - t0;
            if (r.statusCode !== 200) return reject(new Error(`${path} → ${r.statusCode} ${Buffer.concat(chunks).toString('utf8')}`));
            const rows = parse ? ((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: unknown[] }).data?.length ?? 0) : -1;
            resolve({ ms, rows });
          });
        })
        .on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

/** CLIENTS closed loops of `perClient` requests each: a short warm-up at full concurrency, then the measured run. */
async function runCase(url: string, headers: Record<string, string>, path: string, perClient = PER_CLIENT): Promise<{ p50: number; p95: number; rows: number }> {
  const c = client(url, headers);
  const { rows } = await c.get(path, true);
  const loops = (n: number, times?: number[]) =>
    Promise.all(Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < n; i++) {
        const { ms } = await c.get(path, false);
        times?.push(ms);
      }
    }));
  await loops(Math.min(WARMUP, Math.ceil(perClient / 4)));
  const times: number[] = [];
  await loops(perClient, times);
  c.close();
  return { p50: pct(times, 50), p95: pct(times, 95), rows };
}

/**
 * A freshly started server is not yet at its steady speed: V8 compiles hot JavaScript, and PGlite's
 * WebAssembly, to optimized code over the first seconds of load. Every case runs for WARMUP_S seconds
 * unmeasured first, so the figures describe a server that has been up for a while.
 */
async function warmServer(url: string, headers: Record<string, string>, paths: string[]): Promise<void> {
  const c = client(url, headers);
  const until = performance.now() + WARMUP_S * 1000;
  await Promise.all(Array.from({ length: CLIENTS }, async (_, i) => {
    for (let n = i; performance.now() < until; n++) await c.get(paths[n % paths.length], false);
  }));
  c.close();
}

async function measure(t: Target, orders: number, results: CaseResult[]): Promise<void> {
  const url = `http://127.0.0.1:${PORT}`;
  const { tok, deep } = await withDb(t, async (db) => ({ tok: await token(db, url), deep: await cursorAt(db, Math.floor(orders * DEEP_AT)) }));
  const child = await startServer(t);
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
    await warmServer(url, headers, cases.filter(([name]) => !name.includes('comparison')).map(([, path]) => path));
    for (const [name, path] of cases) {
      // the OFFSET comparison is slow by design: fewer requests keep the run short
      const r = await runCase(url, headers, path, name.includes('comparison') ? Math.min(PER_CLIENT, 20) : PER_CLIENT);
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

async function postgresAdminUrl(): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return url;
  } catch {
    return null;
  }
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
  const root = '/tmp/seller-console-bench';
  mkdirSync(root, { recursive: true });
  const dataDir = mkdtempSync(join(root, 'pglite-'));
  console.log(`GET /api/me/orders?limit=50 — ${CLIENTS} concurrent clients × ${PER_CLIENT} requests per case\n`);
  try {
    await benchEngine({ engine: 'pglite', dataDir }, results);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const admin = await postgresAdminUrl();
  if (admin) {
    const name = `bench_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${name}`);
    const u = new URL(admin);
    u.pathname = `/${name}`;
    try {
      await benchEngine({ engine: 'postgres', databaseUrl: u.toString() }, results);
    } finally {
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    }
  } else {
    console.log('\nPostgreSQL not reachable (BENCH_DATABASE_URL or 127.0.0.1:5432): skipped');
  }
  console.log('\n' + verdict(results).join('\n'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
