/**
 * Durable consumers and the DLQ (docs/events.md; tests of docs/events.md): a restart between publish and
 * ack loses nothing and acks nothing twice; a poison message lands in the DLQ exactly once after
 * 5 attempts; a replay after the fix delivers it once; a replay that fails again re-opens the
 * entry; discard keeps the entry with its reason. Runs on the embedded engine and on JetStream
 * when TEST_NATS_URL / NATS_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../../server/seed/accounts';
import type { EventMessage } from '../../server/events/types';
import { ENGINES, emit, fastEventSettings, newStore, openServer, sleep, tenantIdsOf, waitFor, type Running, type Store, dropNatsStreams } from './events-support';
import { headersFor } from './tokens';
import { SYNC_CONSUMER } from '../../server/api/marketplaces/consumers';
import { VERIFY_CONSUMER } from '../../server/api/marketplaces/verify';
import { PUSH_CONSUMER } from '../../server/api/listings/push';
import type { Harness } from './harness';

const T = DEMO_TENANT.id;

describe.each(ENGINES)('durable consumers on the $name engine', (engine) => {
  let store: Store;
  let s: Running;
  const prefix = `T${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}_`;

  const start = async () => {
    process.env.NATS_STREAM_PREFIX = prefix;
    s = await openServer(store, { natsUrl: engine.natsUrl });
    return s;
  };
  const asHarness = () => ({ ...s, dataDir: store.dataDir }) as unknown as Harness;

  beforeAll(async () => {
    fastEventSettings();
    store = await newStore();
    await start();
  }, 60_000);

  afterAll(async () => {
    await s?.close();
    await store?.drop();
    await dropNatsStreams(engine.natsUrl, prefix);
  });

  it('survives a restart between publish and ack: nothing lost, nothing acked twice', async () => {
    const successes: number[] = [];
    let hang = true;
    const def = (name: string) => ({
      name,
      filterSubjects: ['jobs.restart.*'],
      concurrency: 4,
      async handle(m: EventMessage) {
        // the first run acks 5 messages, then every handler call hangs until the process dies
        if (hang && successes.length >= 5) return new Promise<void>(() => undefined);
        successes.push(m.seq);
      },
    });
    await s.app.events.register(def('restart'));
    const seqs = await emit(s.db, T, 'jobs.restart.run', Array.from({ length: 20 }, (_, i) => ({ i })));
    await waitFor(() => successes.length >= 5, 'the first five successes');
    // let the acks of those five commit (the kill comes after them, before the others)
    await waitFor(async () => {
      const { rows } = await s.db.query<{ acked: number }>("select acked from event_consumers where name = 'restart'");
      return engine.name === 'jetstream' || Number(rows[0]?.acked) >= 5;
    }, 'five acks');
    await sleep(200);
    await s.close();

    hang = false;
    await start();
    await s.app.events.register(def('restart'));
    await waitFor(() => successes.length >= 20, 'all twenty delivered after the restart', 20_000);
    await sleep(engine.name === 'jetstream' ? 2000 : 500); // any duplicate would show up now
    expect([...successes].sort((a, b) => a - b)).toEqual(seqs);
    expect(new Set(successes).size).toBe(successes.length);
  }, 60_000);

  it('a narrow consumer gets every match of a long burst of other subjects, once (scan windows, full claims)', async () => {
    const got: number[] = [];
    await s.app.events.register({
      name: 'scan-narrow',
      filterSubjects: ['jobs.scan.hit'],
      batchSize: 5,
      concurrency: 5,
      async handle(m: EventMessage) {
        got.push(m.seq);
      },
    });
    // 400 others with a hit every 37th, then a run of 23 hits in a row (claims fill before the window ends)
    const subjects: string[] = Array.from({ length: 400 }, (_, i) => (i % 37 === 36 ? 'jobs.scan.hit' : 'jobs.scan.miss'));
    subjects.splice(200, 0, ...Array.from({ length: 23 }, () => 'jobs.scan.hit'));
    const hits: number[] = [];
    for (let i = 0; i < subjects.length; ) {
      let j = i;
      while (j < subjects.length && subjects[j] === subjects[i]) j++;
      const seqs = await emit(s.db, T, subjects[i], Array.from({ length: j - i }, () => ({})));
      if (subjects[i] === 'jobs.scan.hit') hits.push(...seqs);
      i = j;
    }
    await waitFor(() => got.length >= hits.length, 'every hit delivered', 30_000);
    await sleep(300); // a duplicate would show up now
    expect([...got].sort((a, b) => a - b)).toEqual(hits);
  }, 60_000);

  it('dead-letters a poison message exactly once after 5 attempts; a replay after the fix delivers it once', async () => {
    const attempts = new Map<number, number>();
    const ok: number[] = [];
    let fixed = false;
    await s.app.events.register({
      name: 'poison',
      filterSubjects: ['jobs.poison.*'],
      async handle(m) {
        attempts.set(m.seq, (attempts.get(m.seq) ?? 0) + 1);
        if ((m.data as { poison?: boolean }).poison && !fixed) throw new Error(`cannot process ${m.seq}: poison`);
        ok.push(m.seq);
      },
    });
    const [bad, good] = await emit(s.db, T, 'jobs.poison.run', [{ poison: true }, { poison: false }]);
    const h = await headersFor(asHarness(), 'agent@demo.local');
    const entry = await waitFor(async () => {
      const r = await fetch(`${s.url}/api/dlq?consumer=poison`, { headers: h });
      const b = await r.json();
      return b.pagination.total >= 1 ? b : null;
    }, 'the DLQ entry');
    await sleep(600);
    const again = await (await fetch(`${s.url}/api/dlq?consumer=poison&status=all`, { headers: h })).json();
    expect(again.pagination.total).toBe(1);
    const e = entry.data[0];
    // the entry names the event by the tenant's own number of it, not the log's sequence
    const [badId] = await tenantIdsOf(s.db, T, [bad]);
    expect(e).toMatchObject({ consumer: 'poison', event_seq: badId, subject: 'jobs.poison.run', attempts: 5, status: 'pending', payload: { poison: true } });
    expect(e.last_error).toContain('poison');
    expect(typeof e.first_failure_at).toBe('string');
    expect(attempts.get(bad)).toBe(5);
    expect(ok).toEqual([good]);

    const detail = await (await fetch(`${s.url}/api/dlq/${e.id}`, { headers: h })).json();
    expect(detail.data.id).toBe(e.id);

    // replay while still broken: fails 5 more times and re-opens the same entry
    const r1 = await fetch(`${s.url}/api/dlq/${e.id}/replay`, { method: 'POST', headers: h });
    expect(r1.status).toBe(200);
    await waitFor(() => (attempts.get(bad) ?? 0) >= 10, 'five more attempts');
    const reopened = await waitFor(async () => {
      const b = await (await fetch(`${s.url}/api/dlq/${e.id}`, { headers: h })).json();
      return b.data.status === 'pending' ? b.data : null;
    }, 're-opened entry');
    expect(reopened.replay_count).toBe(1);

    fixed = true;
    const r2 = await fetch(`${s.url}/api/dlq/replay`, { method: 'POST', headers: h, body: JSON.stringify({ filter: { consumer: 'poison' } }) });
    expect((await r2.json()).data.replayed).toEqual([e.id]);
    await waitFor(() => ok.includes(bad), 'the replayed message');
    await sleep(500);
    expect(ok.filter((x) => x === bad)).toHaveLength(1);
    const after = await (await fetch(`${s.url}/api/dlq/${e.id}`, { headers: h })).json();
    expect(after.data).toMatchObject({ status: 'replayed', replay_count: 2 });
    const pending = await (await fetch(`${s.url}/api/dlq?consumer=poison`, { headers: h })).json();
    expect(pending.pagination.total).toBe(0);
  }, 60_000);

  it('discards with a reason (kept, marked, audited) and refuses a second discard', async () => {
    await s.app.events.register({ name: 'always-fails', filterSubjects: ['jobs.broken.*'], async handle() { throw new Error('broken for good'); } });
    await emit(s.db, T, 'jobs.broken.run', [{ n: 1 }, { n: 2 }]);
    const h = await headersFor(asHarness(), 'admin@demo.local');
    const list = await waitFor(async () => {
      const b = await (await fetch(`${s.url}/api/dlq?consumer=always-fails&error=good`, { headers: h })).json();
      return b.pagination.total === 2 ? b : null;
    }, 'two DLQ entries');
    const [a, b] = list.data;
    const noReason = await fetch(`${s.url}/api/dlq/${a.id}/discard`, { method: 'POST', headers: h, body: JSON.stringify({ reason: '' }) });
    expect(noReason.status).toBe(400);
    const d = await fetch(`${s.url}/api/dlq/${a.id}/discard`, { method: 'POST', headers: h, body: JSON.stringify({ reason: 'obsolete job' }) });
    expect(d.status).toBe(200);
    const twice = await fetch(`${s.url}/api/dlq/${a.id}/discard`, { method: 'POST', headers: h, body: JSON.stringify({ reason: 'again' }) });
    // a state the message no longer has: 409, as every other transition (docs/reliability.md)
    expect(twice.status).toBe(409);
    const bulk = await fetch(`${s.url}/api/dlq/discard`, { method: 'POST', headers: h, body: JSON.stringify({ ids: [b.id], reason: 'cleanup' }) });
    expect((await bulk.json()).data.discarded).toEqual([b.id]);
    const kept = await (await fetch(`${s.url}/api/dlq?consumer=always-fails&status=discarded`, { headers: h })).json();
    expect(kept.data.map((x: { discard_reason: string }) => x.discard_reason).sort()).toEqual(['cleanup', 'obsolete job']);
    const audit = await s.db.transaction(
      (tx) => tx.query<{ action: string }>("select action from audit_log where resource = 'dlq_message' order by id"),
      { tenantId: T },
    );
    expect(audit.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['dlq_message.discard', 'dlq_message.discard_bulk']));
  }, 60_000);

  it('reports consumers with lag and the ops summary with every spec field', async () => {
    const h = await headersFor(asHarness(), 'agent@demo.local');
    const c = await (await fetch(`${s.url}/api/streams/consumers`, { headers: h })).json();
    const names = c.data.map((x: { name: string }) => x.name);
    expect(names).toEqual(expect.arrayContaining(['webhooks', 'poison', 'always-fails']));
    for (const x of c.data) expect(typeof x.lag).toBe('number');
    const sum = (await (await fetch(`${s.url}/api/ops/summary`, { headers: h })).json()).data;
    expect(Object.keys(sum.build)).toEqual(expect.arrayContaining(['version', 'deployed_at', 'commit', 'environment']));
    expect(sum.nats).toMatchObject({ streams: 7, connected: true, engine: engine.name });
    expect(sum.nats.consumers).toBeGreaterThanOrEqual(3);
    expect(sum.nats.total_messages).toBeGreaterThanOrEqual(24);
    expect(Object.keys(sum.dlq_status)).toEqual(expect.arrayContaining(['pending', 'consumer_lag', 'oldest_age_s', 'by_subject']));
    expect(Object.keys(sum.slo).sort()).toEqual(expect.arrayContaining(['availability', 'latency_p95', 'latency_p99', 'error_rate', 'requests_per_minute']));
    expect(sum.slo.requests_per_minute).toBeGreaterThan(0);
    expect(sum.slo.error_rate).toBe(0);
    expect(sum.slo.latency_p99).toBeGreaterThanOrEqual(sum.slo.latency_p95);
    expect(Object.keys(sum.database)).toEqual(expect.arrayContaining(['connections', 'max_connections', 'query_time_p95']));
    expect(sum.database.query_time_p95).toBeGreaterThan(0);
    expect(Object.keys(sum.cache)).toEqual(expect.arrayContaining(['hit_rate', 'memory_usage_mb', 'evictions_per_minute']));
    expect(sum.cache.memory_usage_mb).toBeGreaterThan(1);
    expect(sum.agent_health['outbox-relay'].status).toBe('healthy');
    expect(['healthy', 'degraded']).toContain(sum.agent_health['webhook-dispatcher'].status);
    // the three consumers of the marketplace connector report as one agent, all named, on every beat
    expect(sum.agent_health['marketplace-connector'].details).toEqual({ consumers: [PUSH_CONSUMER, SYNC_CONSUMER, VERIFY_CONSUMER] });

    const seller = await headersFor(asHarness(), 'seller@demo.local');
    for (const path of ['/api/ops/summary', '/api/dlq', '/api/streams', '/api/streams/consumers']) {
      expect((await fetch(`${s.url}${path}`, { headers: seller })).status).toBe(403);
    }
  }, 30_000);
});
