/**
 * The database unreachable for five seconds and back (docs/reliability.md "The database down"),
 * PostgreSQL only. The server reaches its database through a TCP proxy in the test; cutting the
 * proxy drops every connection and refuses new ones, as a database that went down would. During the
 * outage the process lives, /health answers 503 with the database `down` within its 2 s timeout, and
 * API requests answer 503 `database_unavailable` with Retry-After; open SSE streams stay open. After
 * it, /health is 200 again, the refused command succeeds with the same Idempotency-Key, and the
 * background work (event tail, consumers, sandbox clock) carries on from where it stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { DEMO_TENANT } from '../../server/seed/accounts';
import { emit, fastEventSettings, newStore, openServer, sleep, waitFor, type Running, type Store } from './events-support';
import { PG_URL, TcpProxy, asHarness, call, resilientSse } from './faults-support';
import { headersFor, tokenFor } from './tokens';

const T = DEMO_TENANT.id;
const OUTAGE_MS = 5000;

let store: Store;
let proxy: TcpProxy;
let s: Running;
let admin: Record<string, string>;
let seller: Record<string, string>;
let sellerToken: string;

/** The owner's view of the database, straight to PostgreSQL (not through the proxy). */
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

async function health(): Promise<{ status: number; db: string; ms: number }> {
  const t0 = Date.now();
  const r = await fetch(`${s.url}/health`, { headers: { accept: 'application/json' } });
  const body = (await r.json()) as { db: { status: string } };
  return { status: r.status, db: body.db.status, ms: Date.now() - t0 };
}

const ticks = async () => Number((await ownerQuery<{ t: number }>(`select coalesce(sum(sandbox_tick), 0)::int as t from marketplace_accounts where tenant_id = $1`, [T]))[0].t);

describe.skipIf(!PG_URL)('the database unreachable for a while (PostgreSQL through a proxy)', () => {
  beforeAll(async () => {
    fastEventSettings();
    // the periodic workers run through the outage too
    process.env.SANDBOX_TICK_MS = '400';
    process.env.PRICING_SWEEP_MS = '700';
    store = await newStore();
    proxy = TcpProxy.forUrl(store.databaseUrl!);
    await proxy.start();
    s = await openServer({ ...store, databaseUrl: proxy.url(store.databaseUrl!) });
    const h = asHarness(s, store);
    admin = await headersFor(h, 'admin@demo.local');
    seller = await headersFor(h, 'seller@demo.local');
    sellerToken = await tokenFor(h, 'seller@demo.local');
  }, 60_000);

  afterAll(async () => {
    delete process.env.SANDBOX_TICK_MS;
    delete process.env.PRICING_SWEEP_MS;
    await proxy?.restore();
    await s?.close();
    await proxy?.close();
    await store?.drop();
  });

  it('answers 503 while the database is down, and carries on when it is back', async () => {
    const handled: number[] = [];
    await s.app.events.register({
      name: 'fault-outage',
      filterSubjects: ['jobs.outage.*'],
      async handle(m) {
        handled.push(Number((m.data as { n: number }).n));
      },
    });
    const sse = resilientSse(`${s.url}/api/stream/jobs?token=${sellerToken}`);
    const outageEvents = () => sse.events.filter((e) => e.data.subject.startsWith('jobs.outage.')).length;
    try {
      expect((await call(s.url, seller, 'GET', '/api/orders?limit=5')).status).toBe(200);
      expect((await health()).status).toBe(200);
      await waitFor(() => sse.connections === 1, 'the stream open');
      await emit(s.db, T, 'jobs.outage.before', [{ n: 1 }, { n: 2 }]);
      await waitFor(() => handled.length === 2 && outageEvents() >= 2, 'the events before the outage');
      await waitFor(async () => (await ticks()) > 0, 'the sandbox clock ticking');

      await proxy.cut();
      const cutAt = Date.now();
      const key = randomUUID();
      const name = `Outage ${key.slice(0, 8)}`;
      // while it lasts: /health 503 `down` within its timeout, the API 503 database_unavailable
      let probes = 0;
      while (Date.now() - cutAt < OUTAGE_MS) {
        const hz = await health();
        expect(hz.status).toBe(503);
        expect(hz.db).toBe('down');
        expect(hz.ms).toBeLessThan(2500);
        for (const a of [
          await call(s.url, seller, 'GET', '/api/orders?limit=5'),
          await call(s.url, admin, 'POST', '/api/suppliers', { name }, { 'idempotency-key': key }),
        ]) {
          expect(a.status, JSON.stringify(a.body)).toBe(503);
          expect(a.body).toMatchObject({ code: 'database_unavailable', message: 'The database is unavailable; retry shortly' });
          expect(a.headers.get('retry-after')).toBe('2');
        }
        probes++;
        await sleep(250);
      }
      expect(probes).toBeGreaterThanOrEqual(5);
      const ticksBefore = await ticks();

      await proxy.restore();
      const back = await waitFor(async () => {
        const hz = await health();
        return hz.status === 200 ? hz : null;
      }, '/health 200 again', 10_000);
      expect(back.db).toBe('up');
      // the refused command, retried with its key, runs once
      const created = await call(s.url, admin, 'POST', '/api/suppliers', { name }, { 'idempotency-key': key });
      expect(created.status).toBe(201);
      expect((await call(s.url, seller, 'GET', '/api/orders?limit=5')).status).toBe(200);
      const [row] = await ownerQuery<{ n: number }>('select count(*)::int as n from suppliers where tenant_id = $1 and name = $2', [T, name]);
      expect(row.n).toBe(1);

      // the tail, the consumer and the open stream carry on; the sandbox clock ticks again
      await emit(s.db, T, 'jobs.outage.after', [{ n: 3 }, { n: 4 }]);
      await waitFor(() => handled.length >= 4 && outageEvents() >= 4, 'the events after the outage');
      expect([...handled].sort()).toEqual([1, 2, 3, 4]);
      expect(sse.events.filter((e) => e.data.subject.startsWith('jobs.outage.')).map((e) => Number(e.data.data.n))).toEqual([1, 2, 3, 4]);
      expect(sse.connections).toBe(1);
      await waitFor(async () => (await ticks()) > ticksBefore, 'the sandbox clock ticking again', 10_000);
    } finally {
      await sse.close();
    }
  });
});
