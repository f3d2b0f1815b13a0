/**
 * A lost database connection never kills the server (docs/reliability.md), PostgreSQL only: the
 * server's connections are ended with `pg_terminate_backend` (what a restart, a failover,
 * `idle_session_timeout` or a pooler recycling connections does) while idle, while requests are
 * under way and in the middle of a command's transaction. The process lives; a request that lost
 * its connection answers 503 `database_unavailable` with Retry-After (never a bare 500); a retry
 * with the same Idempotency-Key writes once; the pool replaces the connections, /health says `up`,
 * and the event tail, the consumers and the heartbeats carry on without losing an event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { DEMO_TENANT } from '../../server/seed/accounts';
import { postgresDb } from '../../server/db/postgres';
import { emit, fastEventSettings, newStore, openServer, sleep, waitFor, type Running, type Store } from './events-support';
import { PG_URL, TcpProxy, asHarness, call, terminateBackends } from './faults-support';
import { headersFor } from './tokens';

const ADMIN = 'admin@demo.local';
const SELLER = 'seller@demo.local';
const T = DEMO_TENANT.id;

let store: Store;
let s: Running;
let admin: Record<string, string>;
let seller: Record<string, string>;

/** The owner's view of the server's database (bypasses RLS). */
async function ownerQuery<R extends pg.QueryResultRow>(sql: string, args: unknown[] = []): Promise<R[]> {
  const c = new pg.Client({ connectionString: store.databaseUrl });
  c.on('error', () => undefined);
  await c.connect();
  try {
    return (await c.query<R>(sql, args)).rows;
  } finally {
    await c.end().catch(() => undefined);
  }
}

const health = async () => {
  const r = await fetch(`${s.url}/health`, { headers: { accept: 'application/json' } });
  return { status: r.status, body: (await r.json()) as { db: { status: string } } };
};

/** An answer is a success or the database's 503 with its code and Retry-After, never anything else. */
function expectOkOr503(a: { status: number; body: { code?: string }; headers: Headers }, ok: number[] = [200, 201]): void {
  if (ok.includes(a.status)) return;
  expect(a.status, JSON.stringify(a.body)).toBe(503);
  expect(a.body.code).toBe('database_unavailable');
  expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
}

/**
 * A keyed retry may also meet the failed command's claim while it is being released (the database
 * was unreachable for that too): 409 `idempotency_in_progress` with Retry-After, docs/reliability.md.
 */
function expectRetryAnswer(a: { status: number; body: { code?: string }; headers: Headers }): void {
  if (a.status !== 409) return expectOkOr503(a);
  expect(a.body.code).toBe('idempotency_in_progress');
  expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe.skipIf(!PG_URL)('lost database connections (PostgreSQL)', () => {
  beforeAll(async () => {
    fastEventSettings();
    store = await newStore();
    s = await openServer(store);
    const h = asHarness(s, store);
    admin = await headersFor(h, ADMIN);
    seller = await headersFor(h, SELLER);
  }, 60_000);

  afterAll(async () => {
    await s?.close();
    await store?.drop();
  });

  it('idle: every connection ended; the process lives, the next requests succeed and /health says up', async () => {
    // several connections in the pool, then idle
    await Promise.all(Array.from({ length: 6 }, () => call(s.url, seller, 'GET', '/api/orders?limit=5')));
    await sleep(300);
    expect(await terminateBackends(store.databaseUrl!)).toBeGreaterThan(0);
    await sleep(200);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await call(s.url, seller, 'GET', '/api/orders?limit=5'));
    for (const a of answers) expectOkOr503(a);
    // at most the first one failed: the pool has replaced its connections
    expect(answers.slice(1).map((a) => a.status)).toEqual(Array(7).fill(200));
    const w = await call(s.url, admin, 'POST', '/api/suppliers', { name: `After idle ${randomUUID().slice(0, 8)}` });
    expect(w.status).toBe(201);
    const hz = await health();
    expect(hz.status).toBe(200);
    expect(hz.body.db.status).toBe('up');
  });

  it('in flight: requests under way answer or fail with 503 database_unavailable; retried with their keys, each writes once', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `In flight ${i} ${randomUUID().slice(0, 8)}`);
    const keys = names.map(() => randomUUID());
    const write = (i: number) => call(s.url, admin, 'POST', '/api/suppliers', { name: names[i] }, { 'idempotency-key': keys[i] });
    const reads = Array.from({ length: 12 }, () => call(s.url, seller, 'GET', '/api/orders?limit=20'));
    const writes = names.map((_, i) => write(i));
    await sleep(15);
    await terminateBackends(store.databaseUrl!);
    const answers = await Promise.all([...reads, ...writes]);
    for (const a of answers) expectOkOr503(a);
    // a client retries what failed with the same key: every supplier exists exactly once
    for (let round = 0; round < 5; round++) {
      const again = await Promise.all(names.map((_, i) => write(i)));
      for (const a of again) expectRetryAnswer(a);
      if (again.every((a) => a.status === 201)) break;
      await sleep(300);
    }
    const rows = await ownerQuery<{ name: string; n: number }>(
      'select name, count(*)::int as n from suppliers where tenant_id = $1 and name = any($2::text[]) group by name',
      [T, names],
    );
    expect(rows.map((r) => r.n)).toEqual(Array(names.length).fill(1));
    expect((await health()).status).toBe(200);
  });

  it('mid-transaction: the command answers 503 with Retry-After; the same Idempotency-Key then writes it once', async () => {
    const name = `Mid transaction ${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    // the owner holds the suppliers table, so the command waits inside its transaction
    const lock = new pg.Client({ connectionString: store.databaseUrl });
    lock.on('error', () => undefined);
    await lock.connect();
    try {
      await lock.query('begin');
      await lock.query('lock table suppliers in exclusive mode');
      const pending = call(s.url, admin, 'POST', '/api/suppliers', { name }, { 'idempotency-key': key });
      await waitFor(async () => (await lock.query(
        `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      )).rows.length > 0, 'the command waiting on the lock', 10_000);
      // its connection (and every other of the server's) ends while the transaction is open
      await lock.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      const failed = await pending;
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({ code: 'database_unavailable', message: 'The database is unavailable; retry shortly' });
      expect(Number(failed.headers.get('retry-after'))).toBeGreaterThan(0);
      await lock.query('rollback');
    } finally {
      await lock.end().catch(() => undefined);
    }
    // the failed command released its key: the retry runs it (no 409 in progress), a second retry replays
    const retried = await waitFor(async () => {
      const a = await call(s.url, admin, 'POST', '/api/suppliers', { name }, { 'idempotency-key': key });
      expectRetryAnswer(a);
      return a.status === 201 ? a : null;
    }, 'the retry', 10_000);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const replay = await call(s.url, admin, 'POST', '/api/suppliers', { name }, { 'idempotency-key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const [row] = await ownerQuery<{ n: number }>('select count(*)::int as n from suppliers where tenant_id = $1 and name = $2', [T, name]);
    expect(row.n).toBe(1);
  });

  it('a pooled connection is kept after its transaction failed for its own reasons, and replaced once it died', async () => {
    // one connection, as the owner (it may end its own session)
    const db = postgresDb(store.databaseUrl!, { max: 1, setRole: false });
    try {
      const pid = async () => (await db.transaction((tx) => tx.query<{ pid: number }>('select pg_backend_pid() as pid'))).rows[0].pid;
      const first = await pid();
      // an error of the caller's (an API error thrown by a handler) or an error the server answered:
      // rolled back, and the same connection serves the next transaction
      await expect(db.transaction(async (tx) => {
        await tx.query('select 1');
        throw new Error('refused by the handler');
      })).rejects.toThrow('refused by the handler');
      await expect(db.transaction((tx) => tx.query('select 1/0'))).rejects.toThrow(/division by zero/);
      expect(await pid()).toBe(first);
      // the connection dies inside a transaction: database_unavailable, and it is never used again
      await expect(db.transaction((tx) => tx.query('select pg_terminate_backend(pg_backend_pid())'))).rejects.toMatchObject({ code: 'database_unavailable' });
      const second = await pid();
      expect(second).not.toBe(first);
      // ended while idle in the pool: the next transaction's BEGIN finds it dead and starts again on a new one
      await terminateBackends(store.databaseUrl!);
      expect(await pid()).not.toBe(second);
      // and a read (Db.reader) likewise
      await terminateBackends(store.databaseUrl!);
      expect((await db.reader({}).query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('transactions whose pooled connections died unseen start again on new ones, never holding a dead one meanwhile', async () => {
    // a pool of two, both connections dead without a word: each transaction finds out at its BEGIN.
    // Holding the dead connection while asking the full pool for another, both would wait out the
    // connect timeout for a slot only they hold, and fail.
    const proxy = TcpProxy.forUrl(store.databaseUrl!);
    await proxy.start();
    const db = postgresDb(proxy.url(store.databaseUrl!), { max: 2, setRole: false });
    try {
      const both = () => Promise.all([0, 1].map(() => db.transaction((tx) => tx.query<{ pid: number }>('select pg_backend_pid() as pid, pg_sleep(0.05)'))));
      const before = (await both()).map((r) => r.rows[0].pid);
      expect(new Set(before).size).toBe(2);
      proxy.poison();
      const after = (await both()).map((r) => r.rows[0].pid);
      expect(after.filter((p) => before.includes(p))).toEqual([]);
      expect(db.stats().connections).toBe(0);
    } finally {
      await db.close();
      await proxy.close();
    }
  });

  it('the event tail, the consumers and the heartbeats carry on: every event is handled once, none dead-lettered', async () => {
    const handled = new Map<number, number>();
    await s.app.events.register({
      name: 'fault-counter',
      filterSubjects: ['jobs.fault.*'],
      async handle(m) {
        handled.set(m.seq, (handled.get(m.seq) ?? 0) + 1);
      },
    });
    const written: number[] = [];
    for (let round = 0; round < 4; round++) {
      // a writer whose transaction lost its connection tries again, as a client would
      const seqs = await waitFor(async () => emit(s.db, T, 'jobs.fault.tick', Array.from({ length: 50 }, (_, i) => ({ round, i }))).catch(() => null), 'an emit');
      written.push(...seqs);
      await sleep(round * 40);
      await terminateBackends(store.databaseUrl!);
    }
    const beatBefore = (await ownerQuery<{ at: Date }>(`select max(last_heartbeat) as at from agent_heartbeats`))[0].at;
    written.push(...(await waitFor(async () => emit(s.db, T, 'jobs.fault.tick', [{ after: true }]).catch(() => null), 'an emit')));
    await waitFor(() => written.every((q) => handled.has(q)), 'every event handled', 20_000);
    const [dead] = await ownerQuery<{ n: number }>(`select count(*)::int as n from dlq_entries where consumer = 'fault-counter'`);
    expect(dead.n).toBe(0);
    await waitFor(async () => (await ownerQuery<{ n: number }>(`select count(*)::int as n from consumer_deliveries where consumer = 'fault-counter'`))[0].n === 0, 'no delivery left', 10_000);
    // one process: an ack that could not be written is written once the database answers, so no
    // handler ran twice (at-least-once across processes, docs/events.md "Decisions")
    expect([...handled.values()].filter((n) => n > 1)).toEqual([]);
    // the worker heartbeats went on (every 500 ms here)
    await waitFor(async () => (await ownerQuery<{ at: Date }>(`select max(last_heartbeat) as at from agent_heartbeats`))[0].at > beatBefore, 'a heartbeat after the fault', 5000);
    expect((await health()).body.db.status).toBe('up');
  });
});
