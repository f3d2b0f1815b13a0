/**
 * `npm run bench:dashboard` — docs/performance.md "Dashboard": the dashboard's figures over a busy
 * store, on PGlite and (when reachable) PostgreSQL, each in a database of its own dropped afterwards.
 * The Demo Store gets 100,000 orders (server/seed/cli.ts `addDemoOrders`, set-based batches) and
 * 10,000 alerts of every kind (one INSERT … SELECT generate_series: 40 % open, the rest resolved, last
 * seen over 90 days), then:
 *
 * 1. GET /api/dashboard/needs-attention, /api/alerts/summary and /api/dashboard/pipeline-backlog
 *    (when the server has it) over HTTP against a real server process, `BENCH_REQUESTS` (200)
 *    measured requests per case by one client, then by ten closed loops at once (`BENCH_CLIENTS`,
 *    default `1,10`), p50/p95. Targets (p95): ≤ 50 ms PGlite, ≤ 15 ms PostgreSQL.
 * 2. Dashboard ready, in Chromium (/usr/bin/chromium): from opening the magic link of a sign-in
 *    until every card of the dashboard's grid (`[data-card]`) has its data — no `aria-busy="true"`
 *    inside the grid, no "Loading..." fallback, no "Checking..." health — median and worst of
 *    `BENCH_BROWSER_RUNS` (default 5), each in a fresh browser context. Target ≤ 1.5 s.
 * 3. Fold rate: `BENCH_FOLD_EVENTS` (default 10,000) alert events of the catalogue (the five
 *    `alerts.*` subjects and `dlq.dead_lettered`; half repeat an open alert's key, half open a new
 *    one) written by the outbox's `appendEvents`, which folds them (server/alerts/fold.ts), in
 *    transactions of `BENCH_FOLD_BATCH` (default 100); beside them the same count of events that
 *    fold nothing (the append alone), and alert events one per transaction. Target ≥ 2,000 events/s.
 *
 * Env: BENCH_PORT (default 3195), BENCH_ORDERS (100,000), BENCH_ALERTS (10,000), BENCH_ENGINES
 * (`pglite,postgres`), BENCH_DATABASE_URL (PostgreSQL admin URL), BENCH_WARMUP_S (5), BENCH_EXPLAIN=1
 * prints the plans of the endpoints' statements.
 */
import { loadavg } from 'node:os';
import { chromium, type Browser } from '@playwright/test';
import { seed } from '../server/seed';
import { DEMO_TENANT } from '../server/seed/accounts';
import { addDemoOrders } from '../server/seed/cli';
import { appendEvents, newEvent, type NewEvent } from '../server/events/outbox';
import { MARKETPLACES } from '../contract/orders';
import { PROBLEM_KINDS } from '../contract/reconciliation';
import { POLICY_ALERT_TYPES } from '../contract/alerts';
import { RECENT_ERROR_MS } from '../contract/needs-attention';
import type { Db } from '../server/db';
import { ownerExec, pct, runCase, startServer, stopServer, token, waitForConsumers, warmServer, withDb, onEngines, type Target } from './support/server';

const T = DEMO_TENANT.id;
const PORT = Number(process.env.BENCH_PORT ?? 3195);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const ALERTS = Number(process.env.BENCH_ALERTS ?? 10_000);
/** Closed loops per case, each measured on its own: one user's request alone, then ten at once. */
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,10').split(',').map(Number);
/** Measured requests per case, shared by the loops. */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
/** The app the browser loads, built into a directory of the bench's own (bench/support/server.ts `buildOwnWeb`). */
const DIST_DIR = process.env.BENCH_DIST_DIR ?? '/tmp/seller-console-bench/dashboard-dist';
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
const BROWSER_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5);
const FOLD_EVENTS = Number(process.env.BENCH_FOLD_EVENTS ?? 10_000);
const FOLD_BATCH = Number(process.env.BENCH_FOLD_BATCH ?? 100);
const FOLD_SINGLE = Number(process.env.BENCH_FOLD_SINGLE ?? 1_000);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const TARGET_P95 = { pglite: 50, postgres: 15 };
const TARGET_READY_MS = 1500;
const TARGET_FOLD = 2000;
/** The browser signs in as the Demo Store's admin: every card of the dashboard is shown to the role. */
const BROWSER_EMAIL = 'admin@demo.local';
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

/**
 * The alert kinds the bench writes: its seeded rows and its events share the keys (contract/alerts.ts
 * `alertTarget`), so an event of a row's key folds into it while the row is open.
 */
const KINDS = ['map_violation', 'buy_box_drop', 'connector_failed', 'fulfillment_failed', 'reconciliation_problem', 'dead_letter'] as const;
type Kind = (typeof KINDS)[number];

/**
 * 10,000 alerts in one statement. i % 6 picks the kind, i % 5 < 3 is resolved (60 %), one open alert in
 * three is acknowledged, one in seven assigned; every 50th is critical; last seen spread over 90 days.
 */
const SEED_ALERTS = `
insert into alerts (tenant_id, type, severity, level, source, key, message, link, count, created_at, last_seen_at,
                    acknowledged_at, acknowledged_by, resolved_at, resolved_by, assignee, updated_at)
select $1::uuid, k.type,
       case when i % 50 = 0 then 'critical' when k.type in ('fulfillment_failed', 'dead_letter') then 'high' else 'warning' end,
       case when k.type in ('connector_failed', 'fulfillment_failed', 'dead_letter') then 'error' else 'warning' end,
       k.source, k.key, 'Bench alert ' || i, k.link, 1 + i % 7, s.seen - interval '2 hours', s.seen,
       case when i % 5 >= 3 and i % 3 = 0 then s.seen + interval '5 minutes' end, case when i % 5 >= 3 and i % 3 = 0 then 'admin@demo.local' end,
       case when i % 5 < 3 then s.seen + interval '1 hour' end, case when i % 5 < 3 then 'admin@demo.local' end,
       case when i % 7 = 0 then 'admin@demo.local' end, s.seen
  from generate_series(1, $2::int) i
  cross join lateral (select now() - make_interval(secs => (i::bigint * 7919) % (90 * 86400)) as seen) s
  cross join lateral (
    select t.type, t.source, t.key, t.link from (values
      (0, 'map_violation', 'map-monitor', 'listing:bench-' || i, '/listings?search=BENCH-' || i),
      (1, 'buy_box_drop', 'buy-box', 'marketplace:bench-' || i, '/pricing'),
      (2, 'connector_failed', 'marketplace-connector', 'marketplace:bench-' || i, '/integrations'),
      (3, 'fulfillment_failed', 'fulfillment-router', 'order:bench-' || i, '/orders/bench-' || i),
      (4, 'reconciliation_problem', 'reconciler', 'reconciliation:bench-' || i, '/payments?tab=reconciliation'),
      (5, 'dead_letter', 'bench-consumer-' || i, 'consumer:bench-consumer-' || i, '/streams?tab=dlq&consumer=bench-consumer-' || i)
    ) t(n, type, source, key, link) where t.n = i % 6) k`;

/** The alert event of `kind` whose key is `bench-<id>` (an open seeded alert's when `id` is one of theirs). */
function alertEvent(kind: Kind, id: string, n: number): NewEvent {
  const at = new Date().toISOString();
  const base = { id: `bench-event-${n}`, level: 'warning' as const, severity: 'warning' as const, message: `Bench event ${n}`, created_at: at };
  switch (kind) {
    case 'map_violation':
      return newEvent('alerts.map_violation', { ...base, type: 'map_violation', source: 'map-monitor', violation_id: `v-${n}`, listing_id: `bench-${id}`, sku: `BENCH-${id}` });
    case 'buy_box_drop':
      return newEvent('alerts.buy_box_drop', { ...base, type: 'buy_box_drop', source: 'buy-box', marketplace_id: `bench-${id}` });
    case 'connector_failed':
      return newEvent('alerts.connector_failed', { ...base, type: 'connector_failed', level: 'error', source: 'marketplace-connector', dlq_id: n, marketplace_id: `bench-${id}` });
    case 'fulfillment_failed':
      return newEvent('alerts.fulfillment_failed', { ...base, type: 'fulfillment_failed', level: 'error', severity: 'high', source: 'fulfillment-router', dlq_id: n, order_id: `bench-${id}` });
    case 'reconciliation_problem':
      // its key is the problem's kind and marketplace: few keys, all of them repeats after the first
      return newEvent('alerts.reconciliation_problem', {
        ...base, type: 'reconciliation_problem', source: 'reconciler', kind: PROBLEM_KINDS[n % PROBLEM_KINDS.length],
        marketplace: MARKETPLACES[n % MARKETPLACES.length], count: 1, amount_cents: 100, problem_ids: [],
      });
    case 'dead_letter':
      return newEvent('dlq.dead_lettered', { id: n, consumer: `bench-consumer-${id}`, event_seq: n, subject: 'orders.created' });
  }
}

/** Seeded alerts still open, by kind (the repeats' keys): i % 5 >= 3. */
function openSeeded(kind: Kind): number[] {
  const k = KINDS.indexOf(kind);
  const out: number[] = [];
  for (let i = 1; i <= ALERTS; i++) if (i % 6 === k && i % 5 >= 3) out.push(i);
  return out;
}

/** The fold's batch: event j of kind j % 6, a repeat of an open alert when j is even, else a new key. */
function foldEvents(run: string, from: number, count: number): NewEvent[] {
  const open = Object.fromEntries(KINDS.map((k) => [k, openSeeded(k)])) as Record<Kind, number[]>;
  return Array.from({ length: count }, (_, x) => {
    const j = from + x;
    const kind = KINDS[j % KINDS.length];
    const id = j % 2 === 0 ? String(open[kind][(j >> 1) % open[kind].length]) : `${run}-${j}`;
    return alertEvent(kind, id, j);
  });
}

async function timeAppends(db: Db, batches: NewEvent[][]): Promise<number> {
  const t0 = performance.now();
  for (const b of batches) await db.transaction((tx) => appendEvents(tx, T, b), { tenantId: T });
  return (performance.now() - t0) / 1000;
}

const chunk = <X>(xs: X[], n: number) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, (i + 1) * n));

async function foldRate(db: Db, t: Target, out: string[]): Promise<void> {
  const run = Date.now().toString(36);
  const before = await alertCounts(db);
  // the append alone: events of the same count that fold nothing (a flag switched)
  const plain = Array.from({ length: FOLD_EVENTS }, (_, i) => newEvent('flags.updated', { name: `bench-${i}`, enabled: i % 2 === 0, previous: i % 2 !== 0 }));
  const plainS = await timeAppends(db, chunk(plain, FOLD_BATCH));
  const events = foldEvents(run, 0, FOLD_EVENTS);
  const l0 = load();
  const s = await timeAppends(db, chunk(events, FOLD_BATCH));
  const after = await alertCounts(db);
  const single = foldEvents(`${run}-s`, FOLD_EVENTS, FOLD_SINGLE);
  const singleS = await timeAppends(db, chunk(single, 1));
  const rate = FOLD_EVENTS / s;
  const lines = [
    `${t.engine.padEnd(8)} ${'fold: alert events, batches of ' + FOLD_BATCH}`.padEnd(50) + ` ${Math.round(rate).toLocaleString('en-US').padStart(8)} events/s  (${FOLD_EVENTS.toLocaleString('en-US')} events in ${s.toFixed(2)} s; alerts ${before.total} → ${after.total}, open ${before.open} → ${after.open}; target ≥ ${TARGET_FOLD.toLocaleString('en-US')}/s: ${rate >= TARGET_FOLD ? 'OK' : 'MISS'}; load ${l0})`,
    `${t.engine.padEnd(8)} ${'append alone (flags.updated), batches of ' + FOLD_BATCH}`.padEnd(50) + ` ${Math.round(FOLD_EVENTS / plainS).toLocaleString('en-US').padStart(8)} events/s  (the fold's share of the run above: ${Math.max(0, ((s - plainS) / s) * 100).toFixed(0)} %)`,
    `${t.engine.padEnd(8)} ${'fold: alert events, one per transaction'}`.padEnd(50) + ` ${Math.round(FOLD_SINGLE / singleS).toLocaleString('en-US').padStart(8)} events/s  (${FOLD_SINGLE.toLocaleString('en-US')} events; load ${load()})`,
  ];
  for (const l of lines) console.log(l);
  out.push(...lines);
}

async function alertCounts(db: Db): Promise<{ total: number; open: number }> {
  const { rows } = await db.transaction((tx) => tx.query<{ total: number; open: number }>(
    'select count(*)::int as total, (count(*) filter (where resolved_at is null))::int as open from alerts where tenant_id = $1', [T]), { tenantId: T });
  return rows[0];
}

/** BENCH_EXPLAIN=1: the plans of the endpoints' alert statements (as the server runs them, in the tenant's transaction). */
async function explain(db: Db, t: Target): Promise<void> {
  const statements: [string, string, unknown[]][] = [
    ['summary counts', `select count(*) as open, count(*) filter (where acknowledged_at is null) as new, count(*) filter (where severity = 'critical') as critical,
       count(*) filter (where assignee = $2) as mine from alerts where tenant_id = $1 and resolved_at is null`, [T, BROWSER_EMAIL]],
    ['needs-attention alerts', `select id from alerts where tenant_id = $1 and resolved_at is null
       and ((severity = 'critical' and last_seen_at >= now() - interval '1 hour') or type = any($2::text[])
         or ((level = 'error' or severity = 'error') and last_seen_at >= now() - make_interval(secs => $3)))
       order by last_seen_at desc, id desc limit 50`, [T, [...POLICY_ALERT_TYPES], RECENT_ERROR_MS / 1000]],
    ['dlq pending', `select count(*) as n, min(first_failure_at) as oldest from dlq_entries where tenant_id = $1 and status = 'pending'`, [T]],
  ];
  for (const [name, sql, params] of statements) {
    const { rows } = await db.transaction((tx) => tx.query<Record<string, string>>(`explain (analyze, buffers) ${sql}`, params), { tenantId: T });
    console.log(`${t.engine}: EXPLAIN ANALYZE ${name}\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
  }
}

/** A magic link for `email` requested in `page`'s browser context (its PKCE verifier stays there), read from /dev/mailbox.json. */
async function requestLink(page: import('@playwright/test').Page, baseURL: string, email: string): Promise<string> {
  const mails = async () => (await (await page.request.get(`${baseURL}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { id: number; link: string }[];
  const before = Math.max(0, ...(await mails()).map((m) => m.id));
  await page.goto(`${baseURL}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  for (let i = 0; i < 100; i++) {
    const fresh = (await mails()).filter((m) => m.id > before).sort((a, b) => b.id - a.id)[0];
    if (fresh) return fresh.link;
    await page.waitForTimeout(100);
  }
  throw new Error(`no magic link for ${email}`);
}

/** Every card of the grid has its data: no busy element, no fallback, no health check pending. Answers the cards, or false. */
const READY = () => {
  if (location.pathname !== '/dashboard') return false;
  const grid = document.querySelector('.dashboard-grid');
  const cards = grid ? [...grid.querySelectorAll('[data-card]')] : [];
  if (!grid || cards.length === 0 || grid.querySelector('[aria-busy="true"]')) return false;
  if (/Loading\.\.\.|Checking\.\.\./.test(grid.textContent ?? '')) return false;
  return cards.map((c) => `${c.getAttribute('data-card')}${c.querySelector('[role="alert"]') ? ' (error)' : ''}`);
};

async function dashboardReady(browser: Browser, baseURL: string, t: Target, out: string[]): Promise<void> {
  const times: number[] = [];
  let cards: string[] = [];
  let last: [string, number][] = [];
  const l0 = load();
  for (let i = 0; i < BROWSER_RUNS; i++) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    try {
      const link = await requestLink(page, baseURL, BROWSER_EMAIL);
      // what the page waited for: each API answer's and script's end, from the link's opening
      const answers: [string, number][] = [];
      let t0 = Infinity;
      page.on('requestfinished', (r) => {
        const u = new URL(r.url());
        if (u.pathname.startsWith('/api/') || u.pathname.startsWith('/auth/v1/') || r.resourceType() === 'script') if (t0 < Infinity) answers.push([`${r.method()} ${u.pathname}`, performance.now() - t0]);
      });
      t0 = performance.now();
      await page.goto(link, { waitUntil: 'commit' });
      for (;;) {
        try {
          cards = (await (await page.waitForFunction(READY, undefined, { polling: 'raf', timeout: 30_000 })).jsonValue()) as string[];
          break;
        } catch (e) {
          // the callback may replace the document: wait on the new one
          if (/context was destroyed|navigation/i.test(String(e))) continue;
          if (!/Timeout/.test(String(e))) throw e;
          // never ready: which cards still wait, and which requests never answered
          const busy = await page.evaluate(() => [...document.querySelectorAll('.dashboard-grid [data-card]')]
            .filter((c) => c.querySelector('[aria-busy="true"]') || /Loading\.\.\.|Checking\.\.\./.test(c.textContent ?? '')).map((c) => c.getAttribute('data-card')));
          const answered = new Set(answers.map(([u]) => u));
          console.log(`${t.engine}: run ${i + 1} not ready after 30 s at ${page.url()}; cards still waiting: ${busy.join(', ') || '(no grid)'}; answered: ${[...answered].filter((u) => u.includes('/api/')).join(', ')}`);
          break;
        }
      }
      times.push(performance.now() - t0);
      last = answers.filter(([, at]) => at <= times[times.length - 1]).sort((a, b) => b[1] - a[1]);
    } finally {
      await context.close();
    }
  }
  const median = pct(times, 50);
  const worst = Math.max(...times);
  const errors = cards.filter((c) => c.endsWith('(error)'));
  const line = `${t.engine.padEnd(8)} ${'dashboard ready after the magic link'.padEnd(40)} median ${median.toFixed(0).padStart(6)} ms  worst ${worst.toFixed(0).padStart(6)} ms  (${BROWSER_RUNS} runs, ${cards.length} cards${errors.length ? `, ERRORS: ${errors.join(', ')}` : ''}; target ≤ ${TARGET_READY_MS}: ${worst <= TARGET_READY_MS ? 'OK' : median <= TARGET_READY_MS ? 'median OK, worst MISS' : 'MISS'}; load ${l0})`;
  console.log(`${t.engine}: cards ${cards.join(', ')}; runs ${times.map((x) => x.toFixed(0)).join(', ')} ms`);
  console.log(`${t.engine}: the last run's latest answers and scripts (ms after opening the link): ${last.slice(0, 12).map(([u, at]) => `${u} ${at.toFixed(0)}`).join('; ')}`);
  console.log(line);
  out.push(line);
}

async function benchEngine(t: Target, out: string[]): Promise<void> {
  const t0 = Date.now();
  const counts = await withDb(t, async (db) => {
    await seed(db);
    const orders = async () => (await db.transaction((tx) => tx.query<{ n: number }>('select count(*)::int as n from orders where tenant_id = $1', [T]), { tenantId: T })).rows[0].n;
    const have = await orders();
    if (have < ORDERS) await addDemoOrders(db, ORDERS - have);
    // a kept database (BENCH_PG_DB, BENCH_PGLITE_DIR) has its alerts from the first run
    if ((await alertCounts(db)).total < ALERTS) await db.transaction((tx) => tx.query(SEED_ALERTS, [T, ALERTS]), { tenantId: T });
    return { orders: await orders(), ...(await alertCounts(db)) };
  });
  // every table, not only the loaded ones: the server's own upkeep (PGlite, server/db/maintenance.ts)
  // would otherwise vacuum the tables the seed grew while the cases run, holding its one connection
  await ownerExec(t, 'vacuum analyze');
  console.log(`${t.engine}: ${counts.orders} orders, ${counts.total} alerts (${counts.open} open) loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s (load ${load()})`);
  if (process.env.BENCH_EXPLAIN) await withDb(t, (db) => explain(db, t));

  const url = `http://127.0.0.1:${PORT}`;
  const [tok, adminTok] = await withDb(t, async (db) => [await token(db, url), await token(db, url, 'admin@demo.local')]);
  const child = await startServer(t, PORT, { AUTH_EMAIL_MIN_INTERVAL_S: '0', AUTH_OTP_IP_LIMIT: '1000', DIST_DIR });
  try {
    const headers = { authorization: `Bearer ${tok}`, 'x-tenant-id': T };
    // the automation takes in the orders the load left waiting (~4,000) and the consumers work
    // through what that emits: the cases measure the store after it, as analytics does
    const settled = await waitForConsumers(url, { authorization: `Bearer ${adminTok}`, 'x-tenant-id': T });
    console.log(`${t.engine}: consumers caught up with the load's events in ${settled.seconds.toFixed(0)} s${settled.left ? ` (still behind: ${settled.left})` : ''} (load ${load()})`);
    const paths = ['/api/dashboard/needs-attention', '/api/alerts/summary'];
    // another helper adds the pipeline backlog: measured when this server answers it
    const backlog = await fetch(`${url}/api/dashboard/pipeline-backlog`, { headers });
    if (backlog.status !== 404) paths.push('/api/dashboard/pipeline-backlog');
    else console.log(`${t.engine}: GET /api/dashboard/pipeline-backlog answers 404 on this server: not measured`);
    await warmServer(url, headers, paths, Math.max(...CLIENTS), WARMUP_S);
    for (const clients of CLIENTS) {
      for (const path of paths) {
        const perClient = Math.ceil(REQUESTS / clients);
        const r = await runCase(url, headers, path, { clients, warmup: 5, perClient });
        const ok = r.p95 <= TARGET_P95[t.engine] ? 'OK' : 'MISS';
        const line = `${t.engine.padEnd(8)} ${`GET ${path}`.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(8)} ms  p95 ${r.p95.toFixed(1).padStart(8)} ms  (${String(clients).padStart(2)} client${clients > 1 ? 's' : ' '}, ${clients * perClient} requests; target ≤ ${TARGET_P95[t.engine]}: ${ok}; load ${load()})`;
        console.log(line);
        out.push(line);
      }
    }
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    try {
      // the dev mailbox answers loopback clients: `localhost`, as the browser tests open it
      await dashboardReady(browser, `http://localhost:${PORT}`, t, out);
    } finally {
      await browser.close();
    }
  } finally {
    await stopServer(child);
  }
  await withDb(t, (db) => foldRate(db, t, out));
}

async function main(): Promise<void> {
  await onEngines(ENGINES, benchEngine);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
