/**
 * Per-tenant counters (docs/events.md "Consumer figures"): GET /api/streams/consumers and
 * GET /api/ops/summary show a tenant its own activity only — tenant A's delivered, acked,
 * dead-lettered, lag, ack floor, SSE clients, message totals and request figures do not move while
 * tenant B works. Runs on the embedded engine and on JetStream when TEST_NATS_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT, NORTHWIND_TENANT } from '../../server/seed/accounts';
import { ENGINES, emit, fastEventSettings, newStore, openServer, openSse, sleep, waitFor, type Running, type Store, dropNatsStreams } from './events-support';
import { headersFor, tokenFor } from './tokens';
import type { Harness } from './harness';

const A = DEMO_TENANT.id;
const B = NORTHWIND_TENANT.id;

interface Consumer { name: string; delivered: number; acked: number; dead_lettered: number; lag: number; ack_floor: number; redelivering: number }

describe.each(ENGINES)('per-tenant counters on the $name engine', (engine) => {
  let store: Store;
  let s: Running;
  let hA: Record<string, string>;
  let hB: Record<string, string>;
  let tokenA: string;
  let tokenB: string;
  /** Holds the 'tenant-held' consumer's handlers until the test lets them finish. */
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const prefix = `TC${Date.now().toString(36)}_`;

  beforeAll(async () => {
    fastEventSettings();
    process.env.NATS_STREAM_PREFIX = prefix;
    store = await newStore();
    s = await openServer(store, { natsUrl: engine.natsUrl });
    const h = { ...s, dataDir: store.dataDir } as unknown as Harness;
    hA = await headersFor(h, 'admin@demo.local');
    hB = await headersFor(h, 'owner@northwind.local');
    tokenA = await tokenFor(h, 'admin@demo.local');
    tokenB = await tokenFor(h, 'owner@northwind.local');
    await s.app.events.register({
      name: 'tenant-counted',
      filterSubjects: ['jobs.tc.*'],
      maxDeliver: 2,
      async handle(m) {
        if ((m.data as { poison?: boolean }).poison) throw new Error('poison');
      },
    });
    await s.app.events.register({
      name: 'tenant-held',
      filterSubjects: ['jobs.th.*'],
      handle: () => held,
    });
  }, 60_000);

  afterAll(async () => {
    delete process.env.NATS_STREAM_PREFIX;
    await s?.close();
    await store?.drop();
    await dropNatsStreams(engine.natsUrl, prefix);
  });

  const consumers = async (h: Record<string, string>) => {
    const res = await fetch(`${s.url}/api/streams/consumers`, { headers: h });
    expect(res.status).toBe(200);
    return ((await res.json()).data as Consumer[]).map(({ name, delivered, acked, dead_lettered, lag, ack_floor, redelivering }) => ({
      name, delivered, acked, dead_lettered, lag, ack_floor, redelivering,
    }));
  };
  const summary = async (h: Record<string, string>) => {
    const res = await fetch(`${s.url}/api/ops/summary`, { headers: h });
    expect(res.status).toBe(200);
    return (await res.json()).data;
  };
  const tenantFigures = (x: Awaited<ReturnType<typeof summary>>) => ({
    sse_clients: x.nats.sse_clients,
    total_messages: x.nats.total_messages,
    dlq_status: x.dlq_status,
    agent_details: Object.fromEntries(Object.entries(x.agent_health as Record<string, { details: unknown }>).map(([k, v]) => [k, v.details])),
  });

  it("leaves tenant A's figures unchanged while tenant B delivers, acks, dead-letters and listens", async () => {
    // A has some activity of its own first
    await emit(s.db, A, 'jobs.tc.a', [{ n: 1 }, { n: 2 }]);
    await waitFor(async () => (await consumers(hA)).find((c) => c.name === 'tenant-counted' && c.acked === 2 && c.lag === 0), "A's two acks");
    const sseA = await openSse(`${s.url}/api/stream?token=${tokenA}`);
    await waitFor(async () => (await summary(hA)).nats.sse_clients === 1, "A's one stream");
    await sleep(1500); // the stats roll-up and JetStream counters settle
    const beforeConsumers = await consumers(hA);
    const before = await summary(hA);

    // B: 20 good events, 2 poison ones (dead-lettered), 3 streams, 30 requests
    const sseB = await Promise.all([1, 2, 3].map(() => openSse(`${s.url}/api/stream?token=${tokenB}`)));
    await emit(s.db, B, 'jobs.tc.b', [...Array.from({ length: 20 }, (_, n) => ({ n })), { poison: true }, { poison: true }]);
    await waitFor(async () => {
      const c = (await consumers(hB)).find((x) => x.name === 'tenant-counted');
      return c && c.acked === 20 && c.dead_lettered === 2 && c.lag === 0;
    }, "B's acks and dead letters", 30_000);
    for (let i = 0; i < 30; i++) await fetch(`${s.url}/api/streams`, { headers: hB });
    expect((await summary(hB)).nats.sse_clients).toBe(3);
    await sleep(1500);

    const afterConsumers = await consumers(hA);
    const after = await summary(hA);
    sseA.close();
    for (const r of sseB) r.close();

    expect(afterConsumers).toEqual(beforeConsumers);
    expect(tenantFigures(after)).toEqual(tenantFigures(before));
    // A's request figures count A's own requests only (the two reads between the snapshots)
    expect(after.slo.sample_size - before.slo.sample_size).toBeLessThanOrEqual(3);
    const bCounted = (await consumers(hB)).find((c) => c.name === 'tenant-counted')!;
    expect(bCounted).toMatchObject({ delivered: expect.any(Number), acked: 20, dead_lettered: 2 });
    expect(beforeConsumers.find((c) => c.name === 'tenant-counted')).toMatchObject({ acked: 2, dead_lettered: 0 });
  });

  it("counts the messages being handled in the tenant's lag, and only the tenant's", async () => {
    await emit(s.db, A, 'jobs.th.a', [{ n: 1 }, { n: 2 }, { n: 3 }]);
    // in the handler, not yet acked: still work to do for A (on JetStream too, where they left the stream's pending count)
    await waitFor(async () => (await consumers(hA)).find((c) => c.name === 'tenant-held' && c.delivered === 3), "A's three deliveries");
    expect((await consumers(hA)).find((c) => c.name === 'tenant-held')).toMatchObject({ delivered: 3, acked: 0, lag: 3 });
    expect((await consumers(hB)).find((c) => c.name === 'tenant-held')).toMatchObject({ lag: 0, acked: 0 });
    release();
    await waitFor(async () => (await consumers(hA)).find((c) => c.name === 'tenant-held' && c.lag === 0 && c.acked === 3), "A's three acks", 15_000);
  });
});
