/**
 * Live streams across lost database connections (docs/reliability.md "Background work"), PostgreSQL
 * only: several SSE clients listen while events are written and the server's database connections
 * are ended with `pg_terminate_backend` again and again, one client also dropping its own stream
 * right after each fault and resuming from its Last-Event-ID. Every client ends with exactly the
 * events the log holds, in order, each once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEMO_TENANT } from '../../server/seed/accounts';
import { emit, fastEventSettings, newStore, openServer, sleep, waitFor, type Running, type Store } from './events-support';
import { PG_URL, asHarness, resilientSse, terminateBackends, type ResilientSse } from './faults-support';
import { tokenFor } from './tokens';

const T = DEMO_TENANT.id;
const SUBJECT = 'jobs.fault.sse';

let store: Store;
let s: Running;
let token: string;

/** What the log holds for the test's subject, in order: the `n` of each event. */
async function logged(): Promise<number[]> {
  const c = new pg.Client({ connectionString: store.databaseUrl });
  c.on('error', () => undefined);
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>(`select (payload->>'n')::int as n from events where tenant_id = $1 and subject = $2 order by seq`, [T, SUBJECT]);
    return rows.map((r) => r.n);
  } finally {
    await c.end().catch(() => undefined);
  }
}

const ns = (c: ResilientSse) => c.events.filter((e) => e.data.subject === SUBJECT).map((e) => Number(e.data.data.n));

describe.skipIf(!PG_URL)('SSE fan-out across lost database connections (PostgreSQL)', () => {
  beforeAll(async () => {
    fastEventSettings();
    process.env.SSE_HEARTBEAT_MS = '300';
    store = await newStore();
    s = await openServer(store);
    token = await tokenFor(asHarness(s, store), 'seller@demo.local');
  }, 60_000);

  afterAll(async () => {
    delete process.env.SSE_HEARTBEAT_MS;
    await s?.close();
    await store?.drop();
  });

  it('every client gets every later event exactly once, in order, live or by resuming', async () => {
    const url = `${s.url}/api/stream?streams=alerts,jobs&token=${token}`;
    const clients = Array.from({ length: 4 }, () => resilientSse(url));
    const [resumer] = clients;
    try {
      await waitFor(() => clients.every((c) => c.connections > 0), 'every client connected');
      await sleep(100);
      let n = 0;
      for (let round = 0; round < 6; round++) {
        const payloads = Array.from({ length: 25 }, () => ({ n: n++ }));
        // a writer whose transaction lost its connection tries again (the log is the truth below)
        await waitFor(async () => emit(s.db, T, SUBJECT, payloads).catch(() => null), `round ${round} written`);
        await sleep(30 * round);
        expect(await terminateBackends(store.databaseUrl!)).toBeGreaterThan(0);
        // one client also loses its stream at that moment: it resumes from its Last-Event-ID,
        // its replay reading the log over the new connections
        resumer.reconnect();
        // the next fault only once it is back, so each round is one reconnection of its own
        await waitFor(() => resumer.connections >= round + 2, `the resumer back after round ${round}`);
      }
      await waitFor(async () => emit(s.db, T, SUBJECT, [{ n: n++ }]).catch(() => null), 'the last event written');
      const expected = await logged();
      expect(expected.length).toBeGreaterThanOrEqual(151);
      // a failure names who is behind and what the server's tail and hub were doing
      const state = () =>
        `every client caught up (${expected.length} events logged; ` +
        clients.map((c, i) => `client ${i}: ${ns(c).length} got, last id ${c.events.at(-1)?.id}, ${c.connections} streams, ${c.refused} refused`).join('; ') +
        `; tail at ${s.app.events.tail.position} with ${s.app.events.tail.errors} failed polls; hub: ${s.app.events.hub.size} streams, ${s.app.events.hub.dropped} dropped)`;
      await waitFor(() => clients.every((c) => ns(c).length >= expected.length), state, 20_000);
      await sleep(300);
      for (const c of clients) {
        expect(ns(c)).toEqual(expected);
        const ids = c.events.map((e) => e.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      }
      expect(resumer.connections).toBeGreaterThanOrEqual(7);
      // the others kept their one stream through every fault
      for (const c of clients.slice(1)) expect(c.connections).toBe(1);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });
});
