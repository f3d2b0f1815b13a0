/**
 * `npm run bench:dropship` — docs/performance.md "Dropshipping": ORDERS sandbox marketplace orders
 * arrive at once (one sandbox tick pulls them all through the `marketplace-sync` consumer) and flow
 * through the automation: routed, purchase order placed, confirmed by the sandbox supplier, label
 * bought, shipped, tracking pushed back to the marketplace. Measured end to end against a real server
 * process: orders/s from the tick to the last tracking push, and the p95 time from an order's arrival
 * (its `orders.created` event) to its purchase order. With KILL=1 the server is killed with SIGKILL mid-flow (KILL_AFTER_MS, 4000)
 * and restarted; the check afterwards proves no order was lost or routed twice.
 * Env: ORDERS (10000), BENCH_PORT (3131), BENCH_ENGINES (pglite,postgres), BENCH_DATABASE_URL,
 * BENCH_NATS_URL (JetStream for the PostgreSQL run when given), KILL (0), BENCH_TIMEOUT_S (1800).
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { seed } from '../server/seed';
import { DEMO_TENANT } from '../server/seed/accounts';
import type { Db } from '../server/db';
import { dropStreams } from './support/nats-streams';
import { api, ownerExec, pct, startServer, stopServer, token, withDb, withPglite, withPostgres, type Target } from './support/server';

const N = Number(process.env.ORDERS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 3131);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const KILL = process.env.KILL === '1';
/** When the SIGKILL comes (ms after the orders arrive): mid-flow, while orders are being routed and labelled. */
const KILL_AFTER_MS = Number(process.env.KILL_AFTER_MS ?? 4000);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 1800) * 1000;
const TARGET = { pglite: 200, postgres: 1000 };
const T = DEMO_TENANT.id;
const ACCOUNT = 'Bench dropship';

const inTenant = <R>(db: Db, sql: string, args: unknown[] = []) => db.transaction(async (tx) => (await tx.query<R>(sql, args)).rows, { tenantId: T });

/** One product with a well-stocked supplier, listed on a sandbox account of its own, and N sales waiting there. */
async function build(db: Db): Promise<string> {
  return db.transaction(async (tx) => {
    const supplier = (await tx.query<{ id: string }>('select id from suppliers where tenant_id = $1 order by name, id limit 1', [T])).rows[0].id;
    const p = (await tx.query<{ id: string }>(
      `insert into products (tenant_id, handle, title, sku, price_cents, stock, weight) values ($1, 'bench-dropship', 'Bench dropship item', 'BENCH-DS', 3000, $2, 400) returning id`,
      [T, N * 2],
    )).rows[0].id;
    const v = (await tx.query<{ id: string }>(
      `insert into product_variants (tenant_id, product_id, sku, price_cents, cost_cents, stock, weight) values ($1, $2, 'BENCH-DS', 3000, 1000, $3, 400) returning id`,
      [T, p, N * 2],
    )).rows[0].id;
    await tx.query(
      `insert into product_suppliers (tenant_id, product_id, variant_id, supplier_id, supplier_cost_cents, supplier_stock, supplier_sku, handling_days, ship_from, priority)
       values ($1, $2, $3, $4, 1000, $5, 'SUP-BENCH-DS', 1, 'US', 1)`,
      [T, p, v, supplier, N * 10],
    );
    const m = (await tx.query<{ id: string }>(
      `insert into marketplace_accounts (tenant_id, kind, name, mode, status, sandbox_order_rate) values ($1, 'ebay', $2, 'sandbox', 'connected', 0) returning id`,
      [T, ACCOUNT],
    )).rows[0].id;
    const l = (await tx.query<{ id: string }>(
      `insert into listings (tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents, status, sync_state, external_id)
       values ($1, $2, $3, $4, 'BENCH-DS', 'Bench dropship item', 3000, 'active', 'synced', 'BENCH-DS-ITEM') returning id`,
      [T, m, p, v],
    )).rows[0].id;
    await tx.query(
      `insert into sandbox_items (tenant_id, marketplace_id, external_id, listing_id, title, price_cents, quantity, status, created_tick)
       values ($1, $2, 'BENCH-DS-ITEM', $3, 'Bench dropship item', 3000, $4, 'active', 0)`,
      [T, m, l, N * 2],
    );
    await tx.query(
      `insert into sandbox_orders (tenant_id, marketplace_id, external_id, tick, item_external_id, quantity, unit_price_cents, buyer)
       select $1, $2, 'BDS-' || g, 1, 'BENCH-DS-ITEM', 1, 3000, 'Bench buyer ' || g from generate_series(1, $3) g`,
      [T, m, N],
    );
    await tx.query(`insert into fulfillment_settings (tenant_id, automation_enabled) values ($1, true)
                    on conflict (tenant_id) do update set automation_enabled = true`, [T]);
    return m;
  }, { tenantId: T });
}

interface Progress { shipments: number; lag: number; pushed: number | null }

/**
 * How far the run is. On PostgreSQL, read from the database beside the server: the marketplace's
 * orders that have their tracking number (the measure itself). The console's figures cost the server
 * seconds per poll at this volume (the ops summary counts every consumer's backlog), and the
 * sandbox clock only moves once per poll; besides, JetStream's lag counts the messages not yet
 * handed out, not those being handled. PGlite has one connection, held by the server: there the
 * API tells, and the run ends at the first poll with every label bought and no lag.
 */
async function progress(url: string, tok: string, db: pg.Client | null, account: string): Promise<Progress> {
  if (db) {
    // read at the marketplace's side (its orders with a tracking number), one index range: a poll every
    // 100 ms that joined our shipments to our orders cost PostgreSQL a tenth of a core
    const r = (await db.query<{ pushed: string }>(
      `select count(*) filter (where tracking_number is not null) as pushed from sandbox_orders where marketplace_id = $1`, [account],
    )).rows[0];
    return { shipments: Number(r.pushed), lag: 0, pushed: Number(r.pushed) };
  }
  const s = await api(url, tok, T, 'GET', '/api/shipments?limit=1');
  const shipments = Number(s.body?.pagination?.total ?? 0);
  // the ops summary costs the server's one connection a second or more at this volume: asked only
  // once every label is bought, for the tracking pushes still in the consumers' backlog
  if (shipments < N) return { shipments, lag: -1, pushed: null };
  const o = await api(url, tok, T, 'GET', '/api/ops/summary');
  const consumers = (o.body?.data?.dlq_status?.consumers ?? []) as { name: string; lag: number }[];
  const lag = consumers.filter((c) => c.name.startsWith('dropship-') || c.name === 'marketplace-sync').reduce((n, c) => n + c.lag, 0);
  return { shipments, lag, pushed: null };
}

interface Result { engine: string; perSecond: number; p95PoS: number; done: number; lines: string[] }

async function benchEngine(t: Target): Promise<Result> {
  const lines: string[] = [];
  const say = (s: string) => {
    console.log(`  ${t.engine.padEnd(8)} ${s}`);
    lines.push(s);
  };
  const url = `http://127.0.0.1:${PORT}`;
  const prep = await withDb(t, async (db) => {
    // the bench's own orders only: the seeded Demo Store's waiting orders are not taken in (server/seed/automation.ts)
    process.env.DEMO_AUTOMATION ??= 'off';
    await seed(db);
    const account = await build(db);
    return { account, admin: await token(db, url, 'admin@demo.local') };
  });
  // the marketplace's side was loaded at once: its statistics as autovacuum would have left them for
  // a table that grew over time (ours, from orders to shipments, grow during the run unanalyzed)
  await ownerExec(t, 'analyze sandbox_orders, sandbox_items');
  // streams of their own, so a run's figures never include another run's messages
  const nats = t.engine === 'postgres' && process.env.BENCH_NATS_URL ? { NATS_URL: process.env.BENCH_NATS_URL, NATS_STREAM_PREFIX: `D${Date.now().toString(36)}_` } : {};
  const env = { SANDBOX_TICK_MS: '0', PRICING_SWEEP_MS: '0', ...nats };
  let child: ChildProcess = await startServer(t, PORT, env);
  const t0 = performance.now();
  let killed = false;
  let endedAt: number | null = null;
  let last: Progress = { shipments: 0, lag: 0, pushed: null };
  const watch = t.databaseUrl ? new pg.Client({ connectionString: t.databaseUrl }) : null;
  await watch?.connect();
  try {
    const tick = await api(url, prep.admin, T, 'POST', `/api/marketplaces/${prep.account}/sandbox/tick`, { ticks: 1 });
    if (tick.status !== 200) throw new Error(`tick → ${tick.status} ${JSON.stringify(tick.body).slice(0, 300)}`);
    // the kill comes on a timer: while the server works through the orders its answers to the polls queue up
    let restart: Promise<void> | null = null;
    const killTimer = KILL
      ? setTimeout(() => {
          restart = (async () => {
            await stopServer(child, 'SIGKILL');
            say(`killed the server (SIGKILL) ${(KILL_AFTER_MS / 1000).toFixed(1)} s after the orders arrived (last count: ${last.shipments} labels); restarting`);
            child = await startServer(t, PORT, env);
            killed = true;
          })();
        }, KILL_AFTER_MS)
      : null;
    // On PostgreSQL a watcher reads the progress every 100 ms beside the ticks, so the run ends within
    // 100 ms of the last push rather than at the next tick's poll
    let doneAt: number | null = null;
    let stopWatch = false;
    const isDone = (p: Progress) => p.shipments >= N && p.lag === 0 && (p.pushed === null || p.pushed >= N) && (!KILL || killed);
    const watcher = watch
      ? (async () => {
          while (!doneAt && !stopWatch) {
            last = await progress(url, prep.admin, watch, prep.account);
            if (isDone(last)) doneAt = performance.now();
            else await new Promise((r) => setTimeout(r, 100));
          }
        })()
      : null;
    try {
      for (;;) {
        await new Promise((r) => setTimeout(r, 500));
        if (doneAt) break;
        try {
          // the marketplace hands over its orders a page at a time, one page per sync: tick it until all are in;
          // the suppliers answer and the carriers scan on the sandbox clock: one simulated day per poll
          const c0 = performance.now();
          await api(url, prep.admin, T, 'POST', `/api/marketplaces/${prep.account}/sandbox/tick`, { ticks: 1 });
          const c1 = performance.now();
          await api(url, prep.admin, T, 'POST', '/api/fulfillment/sandbox/tick', { ticks: 1 });
          const c2 = performance.now();
          if (!watch) last = await progress(url, prep.admin, null, prep.account);
          if (process.env.BENCH_VERBOSE) console.log(`    ticks ${(c1 - c0).toFixed(0)} + ${(c2 - c1).toFixed(0)} ms, progress ${(performance.now() - c2).toFixed(0)} ms`);
        } catch (e) {
          // a poll that times out while the server works through the orders is tried again
          if (restart) await restart;
          else if (!(e instanceof Error && /fetch failed|aborted|timeout/i.test(`${e.message} ${String(e.cause ?? '')}`))) throw e;
          continue;
        }
        if (process.env.BENCH_VERBOSE) console.log(`    ${last.shipments} labels, lag ${last.lag}${last.pushed === null ? '' : `, ${last.pushed} pushed`}`);
        if (doneAt || (!watch && isDone(last))) break;
        if (performance.now() - t0 > TIMEOUT_MS) throw new Error(`not done in ${TIMEOUT_MS / 1000} s (${last.shipments} labels, lag ${last.lag})`);
      }
      endedAt = doneAt ?? performance.now();
    } finally {
      stopWatch = true;
      await watcher;
      if (killTimer) clearTimeout(killTimer);
      if (restart) await restart;
    }
  } catch (e) {
    say(`did not finish: ${(e as Error).message}`);
  } finally {
    await watch?.end();
    await stopServer(child);
    if (nats.NATS_URL) await dropStreams(nats.NATS_URL, nats.NATS_STREAM_PREFIX);
  }
  const seconds = ((endedAt ?? performance.now()) - t0) / 1000;

  // the database's account of it: every order shipped with its tracking pushed, one route and one PO each
  const check = await withDb(t, async (db) => {
    const [c] = await inTenant<Record<string, string>>(db,
      `select count(*) as orders,
              count(*) filter (where o.status in ('shipped', 'delivered')) as shipped,
              count(*) filter (where exists (select 1 from shipments s where s.order_id = o.id and s.direction = 'outbound' and s.tracking_pushed_at is not null)) as pushed,
              (select count(*) from (select order_id from purchase_orders where tenant_id = $1 group by order_id, attempt, supplier_id having count(*) > 1) d) as po_twice,
              (select count(*) from (select order_id from shipments where tenant_id = $1 and direction = 'outbound' and status <> 'voided' group by order_id having count(*) > 1) d) as label_twice
         from orders o where o.tenant_id = $1 and o.external_order_id like 'BDS-%'`, [T]);
    const waits = await inTenant<{ s: string }>(db,
      `select extract(epoch from (min(po.created_at) - min(e.created_at))) as s
         from orders o
         join events e on e.tenant_id = o.tenant_id and e.subject = 'orders.created' and e.payload->>'id' = o.id
         join purchase_orders po on po.order_id = o.id and po.tenant_id = o.tenant_id
        where o.tenant_id = $1 and o.external_order_id like 'BDS-%' group by o.id`, [T]);
    return { c, waits: waits.map((w) => Number(w.s) * 1000) };
  });
  const done = Number(check.c.pushed);
  const p95 = check.waits.length ? pct(check.waits, 95) : NaN;
  say(`${check.c.orders} orders arrived; ${check.c.shipped} shipped, ${done} with tracking pushed in ${seconds.toFixed(1)} s = ${(done / seconds).toFixed(0)} orders/s`);
  say(`arrival → purchase order placed: p50 ${(pct(check.waits, 50) / 1000).toFixed(2)} s, p95 ${(p95 / 1000).toFixed(2)} s`);
  say(`routed twice: ${check.c.po_twice} purchase orders, ${check.c.label_twice} live labels${KILL ? ` (server killed mid-run: ${killed ? 'yes' : 'no'})` : ''}`);
  return { engine: t.engine, perSecond: done / seconds, p95PoS: p95 / 1000, done, lines };
}

async function main(): Promise<void> {
  console.log(`Dropshipping: ${N.toLocaleString('en-US')} sandbox orders arrive at once, to shipped with tracking pushed${KILL ? `; SIGKILL after ${KILL_AFTER_MS / 1000} s` : ''}\n`);
  const results: Result[] = [];
  if (ENGINES.includes('pglite')) results.push(await withPglite(benchEngine));
  if (ENGINES.includes('postgres')) {
    const r = await withPostgres(benchEngine);
    if (r) results.push(r);
    else console.log('PostgreSQL not reachable (BENCH_DATABASE_URL or 127.0.0.1:5432): skipped');
  }
  console.log('');
  for (const r of results) {
    const target = TARGET[r.engine as keyof typeof TARGET];
    console.log(`${r.engine}: ${r.perSecond.toFixed(0)} orders/s (target ≥ ${target}) ${r.perSecond >= target && r.done >= N ? 'OK' : 'MISS'}; p95 to PO ${r.p95PoS.toFixed(2)} s (≤ 2) ${r.p95PoS <= 2 ? 'OK' : 'MISS'}`);
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
