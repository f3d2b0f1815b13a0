/**
 * Server-sent streams (docs/events.md, docs/product/api-calls.md, docs/events.md): token auth, `id:` = the tenant's
 * number of the event, resume after a disconnect yields exactly the missed events (query
 * lastEventId and Last-Event-ID header), heartbeats and `retry:`, and tenant B never sees tenant
 * A's events on any stream. `emit` here answers the ids the tenant sees (tests/server/events-support.ts `emitIds`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT, NORTHWIND_TENANT } from '../../server/seed/accounts';
import { emitIds as emit, fastEventSettings, newStore, openServer, openSse, sleep, waitFor, type Running, type Store } from './events-support';
import { tokenFor } from './tokens';
import type { Harness } from './harness';

let store: Store;
let s: Running;
let demoToken: string;
let northToken: string;
const A = DEMO_TENANT.id;
const B = NORTHWIND_TENANT.id;

beforeAll(async () => {
  fastEventSettings();
  process.env.SSE_HEARTBEAT_MS = '200';
  store = await newStore();
  s = await openServer(store);
  const h = { ...s, dataDir: store.dataDir } as unknown as Harness;
  demoToken = await tokenFor(h, 'seller@demo.local');
  northToken = await tokenFor(h, 'owner@northwind.local');
}, 60_000);

afterAll(async () => {
  delete process.env.SSE_HEARTBEAT_MS;
  await s?.close();
  await store?.drop();
});

const ids = (r: { events: { id?: string }[] }) => r.events.map((e) => Number(e.id));

describe('SSE streams', () => {
  it('refuses a missing or bad token and unknown streams', async () => {
    expect((await fetch(`${s.url}/api/stream/alerts`)).status).toBe(401);
    expect((await fetch(`${s.url}/api/stream/alerts?token=nope`)).status).toBe(401);
    expect((await fetch(`${s.url}/api/stream?streams=alerts,bogus&token=${demoToken}`)).status).toBe(400);
    expect((await fetch(`${s.url}/api/stream/bogus?token=${demoToken}`)).status).toBe(400);
  });

  it("streams alerts with id = the tenant's event number, retry, heartbeats and no proxy buffering", async () => {
    const r = await openSse(`${s.url}/api/stream/alerts?token=${demoToken}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/event-stream');
    expect(r.headers.get('x-accel-buffering')).toBe('no');
    // the stream is opened with a token in its address: nothing on the way may keep it
    expect(r.headers.get('cache-control')).toContain('no-store');
    await sleep(50);
    const seqs = await emit(s.db, A, 'alerts.raised', [{ severity: 'critical', message: 'Supplier API down' }]);
    await emit(s.db, A, 'orders.created', [{ id: 'o-1' }]); // not on the alerts stream
    await waitFor(() => r.events.length >= 1, 'the alert');
    await sleep(450);
    r.close();
    expect(r.retry).toBe(1000);
    expect(r.heartbeats).toBeGreaterThanOrEqual(2);
    expect(ids(r)).toEqual(seqs);
    const e = r.events[0];
    expect(e.event).toBe('alerts'); // the SSE stream name: a browser EventSource listens to a fixed set
    const data = JSON.parse(e.data);
    expect(data).toMatchObject({ id: seqs[0], subject: 'alerts.raised', tenant_id: A, data: { severity: 'critical' } });
    expect(new Date(data.timestamp).toString()).not.toBe('Invalid Date');
  });

  it('resumes after a disconnect with exactly the missed sequences (query and header), then goes live', async () => {
    const url = `${s.url}/api/stream?streams=alerts,metrics,agents,jobs&token=${demoToken}`;
    const first = await openSse(url);
    await sleep(50);
    const seen = await emit(s.db, A, 'metrics.tick', [{ n: 1 }, { n: 2 }, { n: 3 }]);
    await waitFor(() => first.events.length >= 3, 'first three');
    first.close();
    const last = Number(first.events[first.events.length - 1].id);
    expect(last).toBe(seen[2]);

    const missed = [
      ...(await emit(s.db, A, 'agents.heartbeat', [{ a: 1 }])),
      ...(await emit(s.db, A, 'jobs.done', [{ j: 1 }, { j: 2 }])),
      ...(await emit(s.db, A, 'alerts.raised', [{ x: 1 }])),
    ];
    await emit(s.db, A, 'orders.created', [{ not: 'subscribed' }]);

    const resumed = await openSse(`${url}&lastEventId=${last}`);
    await waitFor(() => resumed.events.length >= missed.length, 'the missed events');
    const live = await emit(s.db, A, 'alerts.raised', [{ live: 1 }, { live: 2 }]);
    await waitFor(() => resumed.events.length >= missed.length + 2, 'live events after the replay');
    await sleep(200);
    resumed.close();
    expect(ids(resumed)).toEqual([...missed, ...live]);

    const byHeader = await openSse(url, { 'last-event-id': String(missed[1]) });
    await waitFor(() => byHeader.events.length >= 4, 'resume by header');
    await sleep(150);
    byHeader.close();
    expect(ids(byHeader)).toEqual([missed[2], missed[3], ...live]);
  });

  it("a fresh stream's first heartbeat carries where it starts: a reconnect with it before any event misses nothing", async () => {
    const url = `${s.url}/api/stream/jobs?token=${demoToken}`;
    const before = await emit(s.db, A, 'jobs.done', [{ before: 1 }]);
    await sleep(300); // the tail (100 ms) has passed it: it is history, not live, for the stream below
    const first = await openSse(url);
    await waitFor(() => first.firstId !== undefined, 'the first heartbeat');
    first.close();
    // the tenant's newest number when the stream opened (other streams' events count: ids are the tenant's)
    expect(Number(first.firstId)).toBeGreaterThanOrEqual(before[0]);
    expect(first.events).toEqual([]);
    const missed = await emit(s.db, A, 'jobs.done', [{ missed: 1 }, { missed: 2 }]);
    const resumed = await openSse(`${url}&lastEventId=${first.firstId}`);
    await waitFor(() => resumed.events.length >= 2, 'the events written while it was away');
    await sleep(150);
    resumed.close();
    expect(ids(resumed)).toEqual(missed);
    expect(resumed.firstId).toBeUndefined(); // a resumed stream's heartbeats carry no id
  });

  it('resumes without gaps while events are being written during the replay', async () => {
    const url = `${s.url}/api/stream/jobs?token=${demoToken}`;
    const before = await emit(s.db, A, 'jobs.bulk', Array.from({ length: 600 }, (_, i) => ({ i })));
    const writer = (async () => {
      const out: number[] = [];
      for (let i = 0; i < 10; i++) out.push(...(await emit(s.db, A, 'jobs.bulk', [{ during: i }])));
      return out;
    })();
    const r = await openSse(`${url}&lastEventId=${before[0] - 1}`);
    const during = await writer;
    const expected = [...before, ...during];
    await waitFor(() => r.events.length >= expected.length, 'replay plus live', 20_000);
    await sleep(200);
    r.close();
    expect(ids(r)).toEqual(expected);
  });

  it('keeps tenants apart on every stream, live and on replay', async () => {
    const all = 'alerts,metrics,agents,jobs,events';
    const north = await openSse(`${s.url}/api/stream?streams=${all}&token=${northToken}`);
    const demo = await openSse(`${s.url}/api/stream?streams=${all}&token=${demoToken}`);
    await sleep(50);
    const subjects = ['alerts.raised', 'metrics.tick', 'agents.heartbeat', 'jobs.done', 'orders.created', 'products.updated', 'fulfillment.shipped'];
    const demoSeqs: number[] = [];
    for (const subj of subjects) demoSeqs.push(...(await emit(s.db, A, subj, [{ secret: 'tenant A only' }])));
    const northSeq = await emit(s.db, B, 'alerts.raised', [{ mine: true }]);
    await waitFor(() => demo.events.length >= subjects.length && north.events.length >= 1, 'both streams');
    await sleep(300);
    north.close();
    demo.close();
    expect(ids(demo)).toEqual(demoSeqs);
    expect(ids(north)).toEqual(northSeq);
    expect(north.events.every((e) => !e.data.includes('tenant A only'))).toBe(true);

    const replay = await openSse(`${s.url}/api/stream?streams=${all}&token=${northToken}&lastEventId=0`);
    await sleep(400);
    replay.close();
    expect(replay.events.length).toBeGreaterThan(0);
    expect(replay.events.every((e) => JSON.parse(e.data).tenant_id === B)).toBe(true);

    // the events API is tenant-scoped too
    const res = await fetch(`${s.url}/api/streams/events?limit=500`, { headers: { authorization: `Bearer ${northToken}`, 'x-tenant-id': B } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((e: { tenant_id: string }) => e.tenant_id === B)).toBe(true);
    // stream counters are rolled up from the log within a tail tick
    await waitFor(async () => {
      const stats = await (await fetch(`${s.url}/api/streams`, { headers: { authorization: `Bearer ${northToken}`, 'x-tenant-id': B } })).json();
      return stats.data.find((x: { name: string }) => x.name === 'ALERTS').messages === body.pagination.total;
    }, 'the ALERTS counter of tenant B');
  });
});
