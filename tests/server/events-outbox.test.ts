/**
 * The batched outbox write path (docs/performance.md "Events", 0007_events_perf.sql, docs/events.md "Outbox"):
 * - a command's ctx.emit calls become one INSERT at the end of the handler: ascending, contiguous
 *   sequences in emit order, payload as it was when emitted, correlation id on every row;
 * - a transaction that appended events holds the order lock until it commits: a second writer
 *   waits, gets later sequences, and a reader never sees the later sequence without the earlier;
 * - the relay's batch publisher resolves only once JetStream stored (or deduplicated) every
 *   message, and rejects when no stream takes the subject (JetStream run only).
 * Runs on PGlite and PostgreSQL (TEST_DATABASE_URL); the publisher part with TEST_NATS_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { StorageType, connect, headers, nanos } from 'nats';
import { startServer, type Harness } from './harness';
import { kitApp } from './kit-app';
import { DEMO_TENANT } from './tokens';
import { SIGNED_IN } from '../../contract/permissions';
import { route } from '../../server/api/kit';
import { appendEvents, untypedEvent } from '../../server/events/outbox';
import { BatchPublisher } from '../../server/events/jetstream/publisher';
import { NATS_URL } from './events-support';

const T = DEMO_TENANT.id;

let h: Harness;
let app: FastifyInstance;
let base: string;

const rowsOf = (sql: string, params: unknown[]) => h.db.transaction(async (tx) => (await tx.query<Record<string, unknown>>(sql, params)).rows, { tenantId: T });

beforeAll(async () => {
  h = await startServer();
  app = kitApp();
  route(app, h.db, {
    method: 'POST',
    url: '/three',
    access: SIGNED_IN,
    async handler({ emit }) {
      const order = { id: 'o-1', marketplace: 'ebay' as const, source: 'ebay_import' as const, external_order_id: 'E-1' };
      await emit('orders.created', order);
      order.external_order_id = 'changed after emit';
      await emit('orders.status_changed', { id: 'o-1', from: 'pending', to: 'routed', reason: null });
      await emit('alerts.buy_box_drop', { id: 'a-1', type: 'buy_box_drop', severity: 'info', level: 'info', source: 'test', message: 'probe', marketplace_id: 'm-1', created_at: new Date(0).toISOString() });
      return { ok: true };
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await h?.close();
});

describe('batched outbox writes', () => {
  it("writes a command's events in emit order with contiguous sequences", async () => {
    const cid = randomUUID();
    const res = await fetch(`${base}/three`, { method: 'POST', headers: { 'x-correlation-id': cid } });
    expect(res.status).toBe(200);
    const rows = await rowsOf('select seq, subject, stream, payload, correlation_id from events where correlation_id = $1 order by seq', [cid]);
    expect(rows.map((r) => r.subject)).toEqual(['orders.created', 'orders.status_changed', 'alerts.buy_box_drop']);
    expect(rows.map((r) => r.stream)).toEqual(['ORDERS', 'ORDERS', 'ALERTS']);
    const seqs = rows.map((r) => Number(r.seq));
    expect(seqs[1] - seqs[0]).toBe(1);
    expect(seqs[2] - seqs[1]).toBe(1);
    // the payload is the one emitted, not the object as it was at commit
    expect(rows[0].payload).toEqual({ id: 'o-1', marketplace: 'ebay', source: 'ebay_import', external_order_id: 'E-1' });
  });

  it('returns ascending sequences in array order from one INSERT', async () => {
    const payloads = Array.from({ length: 250 }, (_, i) => ({ i }));
    const seqs = await h.db.transaction((tx) => appendEvents(tx, T, payloads.map((p) => untypedEvent('jobs.batch.run', p))), { tenantId: T });
    expect(seqs).toHaveLength(250);
    expect(seqs[249] - seqs[0]).toBe(249);
    const rows = await rowsOf('select seq, payload from events where seq = any($1::bigint[]) order by seq', [seqs]);
    expect(rows.map((r) => (r.payload as { i: number }).i)).toEqual(payloads.map((p) => p.i));
  });

  it('keeps commit order = sequence order: a second writer waits for the first to commit', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let firstWrote!: () => void;
    const wrote = new Promise<void>((r) => (firstWrote = r));
    const first = h.db.transaction(async (tx) => {
      const seqs = await appendEvents(tx, T, [untypedEvent('jobs.order.a', { n: 1 }), untypedEvent('jobs.order.a', { n: 2 })]);
      firstWrote();
      await gate; // holds the order lock (PostgreSQL) / the connection (PGlite) until released
      return seqs;
    }, { tenantId: T });
    await wrote;
    let secondDone = false;
    const second = h.db
      .transaction((tx) => appendEvents(tx, T, [untypedEvent('jobs.order.b', { n: 3 })]), { tenantId: T })
      .then((s) => ((secondDone = true), s));
    await new Promise((r) => setTimeout(r, 300));
    expect(secondDone).toBe(false);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a[1] - a[0]).toBe(1);
    expect(b[0]).toBeGreaterThan(a[1]);
  });
});

describe.skipIf(!NATS_URL)('relay batch publisher (JetStream)', () => {
  it('resolves after every message is stored, dedupes a repeated Nats-Msg-Id, rejects without a stream', async () => {
    const nc = await connect({ servers: NATS_URL });
    const jsm = await nc.jetstreamManager();
    const name = `TPUB${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    await jsm.streams.add({ name, subjects: [`${name}.>`], storage: StorageType.File, duplicate_window: nanos(60_000) });
    const pub = new BatchPublisher(nc, 5_000);
    const msg = (i: number) => {
      const hd = headers();
      hd.set('Nats-Msg-Id', String(i));
      return { subject: `${name}.x`, data: new TextEncoder().encode(JSON.stringify({ i })), headers: hd };
    };
    try {
      await pub.publishAll(Array.from({ length: 1500 }, (_, i) => msg(i + 1)));
      expect((await jsm.streams.info(name)).state.messages).toBe(1500);
      // a relay retry after a crash: same ids again, nothing stored twice
      await pub.publishAll(Array.from({ length: 100 }, (_, i) => msg(i + 1401)));
      expect((await jsm.streams.info(name)).state.messages).toBe(1500);
      await expect(pub.publishAll([{ ...msg(1), subject: `NOSTREAM_${name}.x` }])).rejects.toThrow();
    } finally {
      pub.close();
      await jsm.streams.delete(name);
      await nc.close();
    }
  });
});
