/**
 * Event ids do not reveal another tenant's activity (docs/events.md "Ids a tenant sees"): the same
 * scenario of tenant A (Demo Store) is run twice on fresh stores, once with tenant B (Northwind
 * Outlet) quiet and once with B writing many events — in bursts between A's writes, through the API
 * and in the background the whole time. Everything A sees must be identical in both runs: SSE
 * frame ids and payloads (live, and resumed with Last-Event-ID after B wrote: exactly A's next
 * events), the events list with `since` paging, the event detail route, the stream figures,
 * the consumer figures and the number a consumer handler gets (the webhook id). Also: per-tenant
 * numbers stay contiguous under concurrent appends, after a rolled-back append, and for a row
 * inserted without the outbox. Embedded engine, and JetStream when TEST_NATS_URL is set.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT, NORTHWIND_TENANT } from '../../server/seed/accounts';
import { appendEvents, untypedEvent } from '../../server/events/outbox';
import { openDatabase } from '../../server/db';
import { seed } from '../../server/seed';
import { ENGINES, emit, fastEventSettings, newStore, openServer, openSse, sleep, waitFor, type Engine, type Running, type SseReader, type Store, dropNatsStreams } from './events-support';
import { callAs, headersFor, tokenFor } from './tokens';
import type { Harness } from './harness';

const A = DEMO_TENANT.id;
const B = NORTHWIND_TENANT.id;
const SUBJECT = 'jobs.iso.step';
/** A writes two events per step: 4 steps live, 3 while disconnected, 2 after the resume. */
const LIVE_STEPS = 4;
const OFFLINE_STEPS = 3;
const RESUMED_STEPS = 2;
const A_EVENTS = 2 * (LIVE_STEPS + OFFLINE_STEPS + RESUMED_STEPS);

interface Frame { id: string | undefined; event: string | undefined; body: { id: number; subject: string; data: unknown; tenant_id: string } }

/** What tenant A saw in one run (timestamps left out: they differ between runs by nature). */
interface Seen {
  live: Frame[];
  resumed: Frame[];
  list: unknown[];
  pages: unknown[][];
  details: unknown[];
  jobsStream: unknown;
  subject: unknown;
  probe: { id: number; subject: string; data: unknown }[];
  ackFloor: number;
}

const frames = (r: SseReader): Frame[] =>
  r.events.map((e) => {
    const { id, subject, data, tenant_id } = JSON.parse(e.data) as Frame['body'];
    return { id: e.id, event: e.event, body: { id, subject, data, tenant_id } };
  });

const wire = (e: { id: number; subject: string; stream: string; data: unknown; correlation_id: string | null; causation_id: string | null }) => ({
  id: e.id, subject: e.subject, stream: e.stream, data: e.data, correlation_id: e.correlation_id, causation_id: e.causation_id,
});

/**
 * Both runs start from the same seeded database: one store is migrated and seeded once, and each
 * run gets a copy of it (a copied PGlite directory, a PostgreSQL database made from it as template).
 */
async function seededStore(): Promise<Store> {
  const store = await newStore();
  const opened = await openDatabase({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
  await seed(opened.db);
  await opened.close();
  return store;
}

async function copyOf(base: Store): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), 'h-iso-'));
  cpSync(base.dataDir, dataDir, { recursive: true });
  if (!base.databaseUrl) return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const admin = process.env.TEST_DATABASE_URL!;
  const from = new URL(base.databaseUrl).pathname.slice(1);
  const name = `t_iso_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name} template ${from}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: u.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await d.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}


/** One run of A's scenario on a copy of the seeded store; `busyB` makes tenant B write throughout. */
async function scenario(engine: Engine, base: Store, busyB: boolean): Promise<{ seen: Seen; bEvents: number }> {
  const prefix = `ISO${busyB ? 'B' : 'Q'}${Date.now().toString(36)}_`;
  process.env.NATS_STREAM_PREFIX = prefix;
  const store = await copyOf(base);
  let s: Running | null = null;
  let stop = false;
  try {
    s = await openServer(store, { natsUrl: engine.natsUrl });
    const run = s;
    const h = { ...run, dataDir: store.dataDir } as unknown as Harness;
    const aToken = await tokenFor(h, 'agent@demo.local'); // ops:streams: the events API and the long replay
    const aHeaders = await headersFor(h, 'agent@demo.local');
    const get = async (path: string) => {
      const res = await fetch(`${run.url}${path}`, { headers: aHeaders });
      expect(res.status, path).toBe(200);
      return (await res.json()) as { data: unknown; pagination?: { total: number } };
    };

    // a consumer sees every tenant's events: it records the number its handler gets for A's
    // (the webhook dispatcher names the event by it: body id and X-Webhook-Id)
    const probe: Seen['probe'] = [];
    await run.app.events.register({
      name: 'iso-probe',
      filterSubjects: ['jobs.iso.>'],
      async handle(m) {
        if (m.tenantId === A) probe.push({ id: m.tenantSeq, subject: m.subject, data: m.data });
      },
    });

    // B: in the background the whole run, and a burst through the outbox and the API before each step of A
    let bProducts = 0;
    const background = (async () => {
      while (busyB && !stop) {
        await emit(run.db, B, SUBJECT, Array.from({ length: 10 }, (_, i) => ({ b: i })));
        await sleep(5);
      }
    })();
    const burstOfB = async () => {
      if (!busyB) return;
      await emit(run.db, B, SUBJECT, Array.from({ length: 40 }, (_, i) => ({ burst: i })));
      await run.db.transaction((tx) => appendEvents(tx, B, Array.from({ length: 25 }, (_, i) => untypedEvent('orders.created', { id: `nw-${i}` }))), { tenantId: B });
      const n = ++bProducts;
      const r = await callAs(h, 'owner@northwind.local', 'POST', '/api/products', { title: `Northwind ${n}`, sku: `NW-ISO-${n}`, price: 10 + n });
      expect(r.status).toBe(201);
    };
    let step = 0;
    const stepOfA = async () => {
      await burstOfB();
      const i = step++;
      await emit(run.db, A, SUBJECT, [{ step: i, part: 1 }, { step: i, part: 2 }]);
    };

    const url = `${run.url}/api/stream/jobs?token=${aToken}`;
    const first = await openSse(url);
    await sleep(150); // registered before A writes: the stream starts live
    for (let i = 0; i < LIVE_STEPS; i++) await stepOfA();
    await waitFor(() => first.events.length >= 2 * LIVE_STEPS, 'the live frames');
    await sleep(200);
    first.close();
    const lastId = first.events[first.events.length - 1].id!;

    for (let i = 0; i < OFFLINE_STEPS; i++) await stepOfA();
    await burstOfB(); // B writes after A's last event too: the resume point must not move past it
    const resumed = await openSse(url, { 'last-event-id': lastId });
    await waitFor(() => resumed.events.length >= 2 * OFFLINE_STEPS, 'the replayed frames');
    for (let i = 0; i < RESUMED_STEPS; i++) await stepOfA();
    await waitFor(() => resumed.events.length >= 2 * (OFFLINE_STEPS + RESUMED_STEPS), 'the frames after the resume');
    await sleep(300); // a repeated or foreign frame would arrive by now
    resumed.close();
    stop = true;
    await background;

    const list = ((await get(`/api/streams/events?subject=${SUBJECT}&order=asc&limit=100`)).data as Parameters<typeof wire>[0][]).map(wire);
    const ids = list.map((e) => e.id);
    // pages after an id, as a client reading "what is new since" does
    const since = ids[LIVE_STEPS - 1];
    const pages = [
      (await get(`/api/streams/events?since=${since}&order=asc&limit=5`)).data,
      (await get(`/api/streams/events?since=${since}&order=asc&limit=5&offset=5`)).data,
      (await get(`/api/streams/events?since=${since}&subject=${SUBJECT}&order=desc&limit=3`)).data,
    ].map((p) => (p as Parameters<typeof wire>[0][]).map(wire));
    const details = [];
    for (const id of ids) details.push(wire((await get(`/api/streams/events/${id}`)).data as Parameters<typeof wire>[0]));

    // the stream and subject figures are rolled up from the log within a tail tick
    const jobsStream = await waitFor(async () => {
      const rows = (await get('/api/streams')).data as { name: string; messages: number; bytes: number; first_seq: number; last_seq: number; subjects: string[] }[];
      const jobs = rows.find((r) => r.name === 'JOBS')!;
      return jobs.messages >= A_EVENTS ? { messages: jobs.messages, bytes: jobs.bytes, first_seq: jobs.first_seq, last_seq: jobs.last_seq, subjects: jobs.subjects } : null;
    }, "A's JOBS figures");
    const subject = await waitFor(async () => {
      const rows = (await get('/api/streams/subjects')).data as { subject: string; messages: number; first_seq: number; last_seq: number }[];
      const r = rows.find((x) => x.subject === SUBJECT);
      return r && r.messages >= A_EVENTS ? { messages: r.messages, first_seq: r.first_seq, last_seq: r.last_seq } : null;
    }, `A's ${SUBJECT} figures`);
    await waitFor(() => probe.length >= A_EVENTS, "the probe consumer's messages of A");
    const ackFloor = await waitFor(async () => {
      const rows = (await get('/api/streams/consumers')).data as { name: string; lag: number; ack_floor: number }[];
      const c = rows.find((r) => r.name === 'iso-probe');
      return c && c.lag === 0 && c.ack_floor >= ids[ids.length - 1] ? c.ack_floor : null;
    }, "the probe consumer's figures for A");

    // B did write, and sees its own numbering
    const bList = await callAs(h, 'owner@northwind.local', 'GET', `/api/streams/events?subject=${SUBJECT}&limit=1`);
    const bEvents = Number(bList.body.pagination.total);
    if (busyB) expect(bEvents).toBeGreaterThan(200);
    else expect(bEvents).toBe(0);

    return {
      seen: { live: frames(first), resumed: frames(resumed), list, pages, details, jobsStream, subject, probe: [...probe].sort((x, y) => x.id - y.id), ackFloor },
      bEvents,
    };
  } finally {
    stop = true;
    delete process.env.NATS_STREAM_PREFIX;
    await s?.close();
    await store.drop();
    await dropNatsStreams(engine.natsUrl, prefix);
  }
}

let base: Store;

beforeAll(async () => {
  fastEventSettings();
  base = await seededStore();
}, 120_000);

afterAll(async () => {
  await base?.drop();
});

describe.each(ENGINES)("a tenant's event ids on the $name engine", (engine) => {
  it("are the same whether or not another tenant writes in between, and a resume gives exactly the tenant's next events", async () => {
    const quiet = await scenario(engine, base, false);
    const busy = await scenario(engine, base, true);

    // the scenario itself: A's ids count A's events only, one after the other
    const ids = quiet.seen.list.map((e) => (e as { id: number }).id);
    expect(ids).toHaveLength(A_EVENTS);
    expect(ids).toEqual(ids.map((_, i) => ids[0] + i));
    // live: the first steps; resumed with Last-Event-ID after B wrote: exactly the next ones, then live
    expect(quiet.seen.live.map((f) => Number(f.id))).toEqual(ids.slice(0, 2 * LIVE_STEPS));
    expect(quiet.seen.resumed.map((f) => Number(f.id))).toEqual(ids.slice(2 * LIVE_STEPS));
    expect(busy.seen.resumed.map((f) => Number(f.id))).toEqual(busy.seen.list.map((e) => (e as { id: number }).id).slice(2 * LIVE_STEPS));
    for (const f of [...busy.seen.live, ...busy.seen.resumed]) {
      expect(f.body.tenant_id).toBe(A);
      expect(Number(f.id)).toBe(f.body.id);
    }
    expect(quiet.seen.pages[0]).toEqual(quiet.seen.list.slice(LIVE_STEPS, LIVE_STEPS + 5));
    expect(quiet.seen.pages[1]).toEqual(quiet.seen.list.slice(LIVE_STEPS + 5, LIVE_STEPS + 10));
    expect(quiet.seen.details).toEqual(quiet.seen.list);
    expect(quiet.seen.probe.map((p) => p.id)).toEqual(ids);
    expect(quiet.seen.ackFloor).toBe(ids[ids.length - 1]);

    // the point: everything A saw is identical though B wrote hundreds of events in between
    expect(busy.bEvents).toBeGreaterThan(200);
    expect(busy.seen).toEqual(quiet.seen);
  }, 240_000);
});

describe('per-tenant numbers when appends race', () => {
  let store: Store;
  let s: Running;

  beforeAll(async () => {
    store = await copyOf(base);
    s = await openServer(store);
  }, 60_000);

  afterAll(async () => {
    await s?.close();
    await store?.drop();
  });

  it('stay contiguous per tenant and in log order under concurrent appends, a rollback and a plain INSERT', async () => {
    const subject = 'jobs.iso.race';
    const writes = Array.from({ length: 24 }, (_, i) => {
      const tenant = i % 3 === 0 ? A : B;
      return s.db.transaction((tx) => appendEvents(tx, tenant, Array.from({ length: 1 + (i % 4) }, (_, j) => untypedEvent(subject, { i, j }))), { tenantId: tenant });
    });
    // an append that rolls back leaves no hole: the next append takes the number it had
    const rolledBack = s.db
      .transaction(async (tx) => {
        await appendEvents(tx, A, [untypedEvent(subject, { rolled: 'back' })]);
        throw new Error('rolled back');
      }, { tenantId: A })
      .catch(() => 'rolled back');
    await Promise.all([...writes, rolledBack]);
    // a row written without the outbox is numbered too (row trigger)
    await s.db.transaction((tx) => tx.query(`insert into events (tenant_id, stream, subject, payload) values ($1, 'JOBS', $2, '{"plain":true}')`, [A, subject]), { tenantId: A });

    for (const tenant of [A, B]) {
      const { rows } = await s.db.transaction(
        (tx) => tx.query<{ seq: string; tenant_seq: string }>('select seq, tenant_seq from events where tenant_id = $1 order by seq', [tenant]),
        { tenantId: tenant },
      );
      const numbers = rows.map((r) => Number(r.tenant_seq));
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
  }, 60_000);
});
