/**
 * What the HTTP benches share (docs/performance.md): a database per engine (PGlite directory or a
 * fresh PostgreSQL database), the server as a child process (so the bench's own work does not share
 * its event loop, and a bench can `kill -9` it), signed access tokens, and closed-loop HTTP clients
 * measuring p50/p95.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../../server/db';
import { openPglite } from '../../server/db/pglite';
import { ACCOUNTS } from '../../server/seed/accounts';
import { signAccessToken } from '../../server/auth/jwt';
import { buildIfStale, serverArgs, serverIsStale, webIsStale } from '../../scripts/build-if-stale.mjs';

export interface Target { engine: 'pglite' | 'postgres'; dataDir?: string; databaseUrl?: string }

export const SECRET = `bench-${randomBytes(12).toString('hex')}`;

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : 0;
};

export async function withDb<T>(t: Target, fn: (db: Db) => Promise<T>): Promise<T> {
  const o = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  try {
    return await fn(o.db);
  } finally {
    await o.close();
  }
}

/** An access token of a seeded account, signed with the secret the child server is started with. */
export async function token(db: Db, url: string, email = 'seller@demo.local'): Promise<string> {
  const acc = ACCOUNTS.find((a) => a.email === email)!;
  const sessionId = randomUUID();
  await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, acc.id]);
  const { token: t } = await signAccessToken(
    { sub: acc.id, email: acc.email, phone: '', app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: { role: acc.role },
      role: 'authenticated', aal: 'aal1', amr: [{ method: 'magiclink', timestamp: Math.floor(Date.now() / 1000) }], session_id: sessionId, is_anonymous: false },
    SECRET,
    { ttlS: 3 * 3600, issuer: `${url}/auth/v1` },
  );
  return t;
}

/**
 * The web app built into a directory of the bench's own (the server's `DIST_DIR`) when it is older
 * than its sources, and the server when stale: a bench that opens pages never rebuilds the shared
 * dist/ under another session's build or browser tests.
 */
export async function buildOwnWeb(dir: string): Promise<void> {
  const own = statSync(join(dir, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  // the shared dist/'s staleness says when the sources last changed; ours is stale when older than them
  const shared = webIsStale();
  const sharedAt = statSync('dist/index.html', { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (own === 0 || shared.stale || own < sharedAt) {
    const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', dir, '--emptyOutDir'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`vite build into ${dir} failed (${r.status})`);
  }
  if (serverIsStale().stale) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', "await (await import('./scripts/build-server.mjs')).buildServer()"], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`the server build failed (${r.status})`);
  }
}

/**
 * Starts `server/main.ts` on `port` against the target; resolves once /health answers. With a
 * `DIST_DIR` in `env` the app it serves is built there (`buildOwnWeb`), else into dist/ when stale.
 */
let built: Promise<void> | undefined;
const ownBuilds = new Map<string, Promise<void>>();

export async function startServer(t: Target, port: number, env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  const e: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET: SECRET, LOG_LEVEL: 'warn', NATS_URL: '', SMTP_URL: '', API_RATE_LIMIT_PER_MIN: '0', ...env };
  if (t.databaseUrl) e.DATABASE_URL = t.databaseUrl;
  else {
    e.DATA_DIR = t.dataDir!;
    e.DATABASE_URL = '';
  }
  // BENCH_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (docs/performance.md)
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // the server as `npm start` runs it: the compiled bundle, rebuilt first when its sources changed
  if (env.DIST_DIR) {
    if (!ownBuilds.has(env.DIST_DIR)) ownBuilds.set(env.DIST_DIR, buildOwnWeb(env.DIST_DIR));
    await ownBuilds.get(env.DIST_DIR);
  } else {
    built ??= buildIfStale();
    await built;
  }
  const child = spawn(process.execPath, [...extra, ...serverArgs()], { env: e, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/health`);
      if (r.ok) return child;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((res) => setTimeout(res, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become healthy in 180 s');
}

export async function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((res) => child.once('exit', res));
  child.kill(signal);
  // a server that does not stop in 15 s (e.g. a consumer mid-batch) is killed, never left behind
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Each client is one keep-alive connection (node:http, as a load generator would use): the bench
 * shares the machine's cores with the server, so its own cost per request is kept small. The body
 * is read in full; it is parsed for the first answer of a case (its row count) and on an error only.
 */
export function client(url: string, headers: Record<string, string>, clients: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
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

export interface LoadOptions { clients: number; perClient: number; warmup: number }

/** `clients` closed loops of `perClient` requests each: a short warm-up at full concurrency, then the measured run. */
export async function runCase(url: string, headers: Record<string, string>, path: string, o: LoadOptions): Promise<{ p50: number; p95: number; rows: number }> {
  const c = client(url, headers, o.clients);
  const { rows } = await c.get(path, true);
  const loops = (n: number, times?: number[]) =>
    Promise.all(Array.from({ length: o.clients }, async () => {
      for (let i = 0; i < n; i++) {
        const { ms } = await c.get(path, false);
        times?.push(ms);
      }
    }));
  await loops(Math.min(o.warmup, Math.ceil(o.perClient / 4)));
  const times: number[] = [];
  await loops(o.perClient, times);
  c.close();
  return { p50: pct(times, 50), p95: pct(times, 95), rows };
}

/**
 * A freshly started server is not yet at its steady speed: V8 compiles hot JavaScript, and PGlite's
 * WebAssembly, to optimized code over the first seconds of load. `seconds` of unmeasured load first,
 * so the figures describe a server that has been up for a while.
 */
export async function warmServer(url: string, headers: Record<string, string>, paths: string[], clients: number, seconds: number): Promise<void> {
  const c = client(url, headers, clients);
  const until = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async (_, i) => {
    for (let n = i; performance.now() < until; n++) await c.get(paths[n % paths.length], false);
  }));
  c.close();
}

/** JSON over HTTP with a bearer token (the benches' commands and polls). */
export async function api(url: string, tok: string, tenantId: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${tok}`, 'x-tenant-id': tenantId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

export async function postgresAdminUrl(): Promise<string | null> {
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

/** Runs `fn` on a throwaway PGlite directory; with `BENCH_PGLITE_DIR=<path>`, on that one, kept afterwards (as `BENCH_PG_DB`). */
export async function withPglite<T>(fn: (t: Target) => Promise<T>): Promise<T> {
  const kept = process.env.BENCH_PGLITE_DIR;
  if (kept) {
    mkdirSync(kept, { recursive: true });
    return fn({ engine: 'pglite', dataDir: kept });
  }
  const root = '/tmp/seller-console-bench';
  mkdirSync(root, { recursive: true });
  const dataDir = mkdtempSync(join(root, 'pglite-'));
  try {
    return await fn({ engine: 'pglite', dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs `fn` on a throwaway PostgreSQL database (null when PostgreSQL is not reachable). With
 * `BENCH_PG_DB=<name>` the database of that name is used, created when missing and kept afterwards,
 * so a second run skips the load (the benches top their data up to the volume asked for).
 */
export async function withPostgres<T>(fn: (t: Target) => Promise<T>): Promise<T | null> {
  const admin = await postgresAdminUrl();
  if (!admin) return null;
  const kept = process.env.BENCH_PG_DB;
  if (kept !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(kept)) throw new Error(`BENCH_PG_DB: not a plain database name: ${kept}`);
  const name = kept ?? `bench_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  const exists = kept ? (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount : 0;
  if (!exists) await c.query(`create database ${name}`);
  const u = new URL(admin);
  u.pathname = `/${name}`;
  try {
    return await fn({ engine: 'postgres', databaseUrl: u.toString() });
  } finally {
    if (!kept) await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}

/** Runs SQL as the database owner (e.g. `vacuum analyze` after a bulk load); on PGlite with the server stopped. */
export async function ownerExec(t: Target, sql: string): Promise<void> {
  if (t.databaseUrl) {
    const c = new pg.Client({ connectionString: t.databaseUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  } else {
    const owner = await openPglite(t.dataDir);
    try {
      await owner.exec(sql);
    } finally {
      await owner.close();
    }
  }
}

/**
 * Runs `bench` on PGlite and/or PostgreSQL (the engines named), collecting the lines each prints
 * into one summary printed at the end; a PostgreSQL that cannot be reached is skipped with a word.
 */
export async function onEngines(engines: readonly ('pglite' | 'postgres')[], bench: (t: Target, out: string[]) => Promise<void>): Promise<void> {
  const out: string[] = [];
  if (engines.includes('pglite')) await withPglite((t) => bench(t, out));
  if (engines.includes('postgres')) {
    const done = await withPostgres(async (t) => {
      await bench(t, out);
      return true;
    });
    if (!done) console.log('PostgreSQL not reachable (BENCH_DATABASE_URL or 127.0.0.1:5432): skipped');
  }
  console.log('\n' + out.join('\n'));
}

/**
 * Waits until every event consumer has caught up with the tenant's log (lag 0, `GET
 * /api/streams/consumers` as an admin), at most `BENCH_SETTLE_S` seconds (default 900): a bulk load
 * leaves a backlog the consumers work through after the server starts, and on PGlite that work takes
 * turns on the one connection with the requests. Cases measured after it measure the steady state;
 * the bench prints how long the catch-up took and what was left if it timed out
 * (docs/performance.md "Analytics").
 */
export async function waitForConsumers(url: string, adminHeaders: Record<string, string>): Promise<{ seconds: number; left: string }> {
  const maxS = Number(process.env.BENCH_SETTLE_S ?? 900);
  const t0 = performance.now();
  let left = '';
  while ((performance.now() - t0) / 1000 < maxS) {
    const r = await fetch(`${url}/api/streams/consumers`, { headers: adminHeaders });
    if (!r.ok) throw new Error(`GET /api/streams/consumers: ${r.status} ${await r.text()}`);
    const { data } = (await r.json()) as { data: { name: string; lag: number }[] };
    // the runtime registers its consumers after the port opens: none listed yet is not caught up
    left = data.length === 0 ? 'no consumer registered yet' : data.filter((c) => c.lag > 0).map((c) => `${c.name} ${c.lag}`).join(', ');
    if (!left) break;
    await new Promise((res) => setTimeout(res, 1000));
  }
  return { seconds: (performance.now() - t0) / 1000, left };
}
