/**
 * Live routing end to end (docs/events.md "Live routing", "SSE"): a resume point
 * above the head resumes from the head; a bad Last-Event-ID is a 400 in the API's error shape; a
 * replay from far behind is bounded by what the caller may read; DLQ dead-letter / replay /
 * discard and webhook deliveries write events that reach the SSE stream on the `jobs` event.
 * `emit` here answers the ids the tenant sees (its own event numbers, tests/server/events-support.ts `emitIds`).
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../../server/seed/accounts';
import { REPLAY_MAX_DEFAULT } from '../../server/api/stream-sse/routes';
import { ENGINES, emitIds as emit, fastEventSettings, newStore, openServer, openSse, sleep, waitFor, type Running, type Store, dropNatsStreams } from './events-support';
import { headersFor, tokenFor } from './tokens';
import type { Harness } from './harness';

const A = DEMO_TENANT.id;

describe.each(ENGINES)('live streams on the $name engine', (engine) => {
  const prefix = `LV${Date.now().toString(36)}_`;
  let store: Store;
  let s: Running;
  let seller: string;
  let agent: string;
  let adminH: Record<string, string>;
  let receiver: Server;
  let receiverUrl = '';
  let receiverStatus = 200;

  beforeAll(async () => {
    fastEventSettings();
    process.env.WEBHOOK_ALLOW_PRIVATE = '1';
    store = await newStore();
    process.env.NATS_STREAM_PREFIX = prefix;
    s = await openServer(store, { natsUrl: engine.natsUrl });
    const h = { ...s, dataDir: store.dataDir } as unknown as Harness;
    seller = await tokenFor(h, 'seller@demo.local');
    agent = await tokenFor(h, 'agent@demo.local');
    adminH = await headersFor(h, 'admin@demo.local');
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(receiverStatus).end());
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const addr = receiver.address();
    receiverUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/hook`;
  }, 60_000);

  afterAll(async () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    receiver?.close();
    delete process.env.NATS_STREAM_PREFIX;
    await s?.close();
    await store?.drop();
    await dropNatsStreams(engine.natsUrl, prefix);
  });

  const data = (e: { data: string }) => JSON.parse(e.data) as { subject: string; data: Record<string, unknown> };

  describe('SSE resume points', () => {
    it('resumes from the head when Last-Event-ID is above it, and delivers what follows', async () => {
      const [head] = await emit(s.db, A, 'alerts.raised', [{ n: 0 }]);
      for (const via of ['query', 'header'] as const) {
        const far = String(head + 1_000_000);
        const url = `${s.url}/api/stream/alerts?token=${seller}${via === 'query' ? `&lastEventId=${far}` : ''}`;
        const r = await openSse(url, via === 'header' ? { 'last-event-id': far } : {});
        expect(r.status).toBe(200);
        await sleep(100);
        const seqs = await emit(s.db, A, 'alerts.raised', [{ n: 1 }, { n: 2 }]);
        await waitFor(() => r.events.length >= 2, `events after an id above the head (${via})`);
        r.close();
        expect(r.events.map((e) => Number(e.id))).toEqual(seqs);
      }
    });

    it.each([
      ['query', 'abc'],
      ['query', '9223372036854775808'],
      ['query', '99999999999999999999999'],
      ['header', 'abc'],
      ['header', '-1'],
      ['header', '9223372036854775808'],
    ])('answers 400 in the error shape for a bad Last-Event-ID in the %s (%s)', async (via, value) => {
      const url = `${s.url}/api/stream/alerts?token=${seller}${via === 'query' ? `&lastEventId=${value}` : ''}`;
      const res = await fetch(url, { headers: via === 'header' ? { 'last-event-id': value } : {} });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      expect(Array.isArray(body.details)).toBe(true);
    });

    it('accepts the largest sequence below 2^63 and resumes from the head', async () => {
      const r = await openSse(`${s.url}/api/stream/alerts?token=${seller}&lastEventId=9223372036854775807`);
      expect(r.status).toBe(200);
      await sleep(100);
      const seqs = await emit(s.db, A, 'alerts.raised', [{ n: 3 }]);
      await waitFor(() => r.events.length >= 1, 'the event after the maximum id');
      r.close();
      expect(r.events.map((e) => Number(e.id))).toEqual(seqs);
    });

    it('bounds a replay from the start of the log: a seller gets a reconnect window, an agent the events API window', async () => {
      const extra = REPLAY_MAX_DEFAULT + 50;
      const seqs = await emit(s.db, A, 'metrics.tick', Array.from({ length: extra }, (_, i) => ({ i })));
      const asSeller = await openSse(`${s.url}/api/stream/metrics?token=${seller}&lastEventId=0`);
      const asAgent = await openSse(`${s.url}/api/stream/metrics?token=${agent}&lastEventId=0`);
      await waitFor(() => asAgent.events.length >= extra, 'the agent replay');
      await waitFor(() => asSeller.events.length >= REPLAY_MAX_DEFAULT, 'the seller replay');
      await sleep(200);
      asSeller.close();
      asAgent.close();
      expect(asSeller.events.map((e) => Number(e.id))).toEqual(seqs.slice(-REPLAY_MAX_DEFAULT));
      expect(asAgent.events.map((e) => Number(e.id))).toEqual(seqs);
    });
  });

  describe('DLQ and webhook changes reach the stream', () => {
    it('dead-lettered, replayed and discarded DLQ entries each write an event on the jobs stream', async () => {
      const r = await openSse(`${s.url}/api/stream/jobs?token=${agent}`);
      let fixed = false;
      await s.app.events.register({
        name: 'live-poison',
        filterSubjects: ['jobs.livepoison.*'],
        maxDeliver: 2,
        async handle() {
          if (!fixed) throw new Error('poison');
        },
      });
      await emit(s.db, A, 'jobs.livepoison.run', [{ a: 1 }, { a: 2 }]);
      const dead = await waitFor(() => {
        const got = r.events.filter((e) => data(e).subject === 'dlq.dead_lettered');
        return got.length >= 2 ? got : null;
      }, 'two dlq.dead_lettered events');
      expect(dead.every((e) => e.event === 'jobs')).toBe(true);
      const ids = dead.map((e) => Number(data(e).data.id));
      fixed = true;
      const replay = await fetch(`${s.url}/api/dlq/${ids[0]}/replay`, { method: 'POST', headers: adminH });
      expect(replay.status).toBe(200);
      const discard = await fetch(`${s.url}/api/dlq/${ids[1]}/discard`, { method: 'POST', headers: adminH, body: JSON.stringify({ reason: 'not needed' }) });
      expect(discard.status).toBe(200);
      const replayed = await waitFor(() => r.events.find((e) => data(e).subject === 'dlq.replayed'), 'dlq.replayed');
      const discarded = await waitFor(() => r.events.find((e) => data(e).subject === 'dlq.discarded'), 'dlq.discarded');
      r.close();
      expect(data(replayed).data.ids).toEqual([ids[0]]);
      expect(data(discarded).data.ids).toEqual([ids[1]]);
    });

    it('a webhook delivery writes webhooks.delivered, a failing one webhooks.failed, neither sent out again', async () => {
      const r = await openSse(`${s.url}/api/stream/jobs?token=${agent}`);
      const created = await fetch(`${s.url}/api/webhooks`, {
        method: 'POST',
        headers: adminH,
        body: JSON.stringify({ url: receiverUrl, subjects: ['>'] }),
      });
      expect(created.status).toBe(201);
      const endpoint = (await created.json()).data;
      const [seq] = await emit(s.db, A, 'flags.updated', [{ name: 'x' }]);
      const ok = await waitFor(() => r.events.find((e) => data(e).subject === 'webhooks.delivered'), 'webhooks.delivered');
      expect(data(ok).data).toMatchObject({ endpoint_id: endpoint.id, event_seq: seq, subject: 'flags.updated', http_status: 200 });
      receiverStatus = 500;
      await emit(s.db, A, 'flags.updated', [{ name: 'y' }]);
      const failed = await waitFor(() => r.events.find((e) => data(e).subject === 'webhooks.failed'), 'webhooks.failed');
      expect(data(failed).data).toMatchObject({ endpoint_id: endpoint.id, http_status: 500 });
      receiverStatus = 200;
      await sleep(300);
      r.close();
      // the endpoint listens to '>' yet was never sent the platform's own delivery or DLQ events
      const deliveries = await (await fetch(`${s.url}/api/webhooks/${endpoint.id}/deliveries?limit=200`, { headers: adminH })).json();
      const subjects = (deliveries.data as { subject: string }[]).map((d) => d.subject);
      expect(subjects.filter((x) => x.startsWith('webhooks.') || x.startsWith('dlq.'))).toEqual([]);
      await fetch(`${s.url}/api/webhooks/${endpoint.id}`, { method: 'DELETE', headers: adminH });
    });
  });
});
