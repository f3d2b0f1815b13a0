/**
 * Outbound webhooks (docs/events.md): a webhook to a closed port lands in the DLQ after 5
 * attempts; pointing the endpoint at a live receiver and replaying clears it, and the receiver
 * verifies the HMAC signature. URL policy, secret handling, permissions. Embedded and JetStream.
 * The event is named by the tenant's own number of it (`emit` answers those: `emitIds`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../../server/seed/accounts';
import { verify } from '../../server/events/webhooks/signing';
import { ENGINES, emitIds as emit, fastEventSettings, newStore, openServer, sleep, waitFor, type Running, type Store, dropNatsStreams } from './events-support';
import { headersFor } from './tokens';
import type { Harness } from './harness';

interface Received { headers: Record<string, string | string[] | undefined>; body: string }

async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

describe.each(ENGINES)('webhooks on the $name engine', (engine) => {
  let store: Store;
  let s: Running;
  let receiver: Server;
  const received: Received[] = [];
  const prefix = `W${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}_`;

  beforeAll(async () => {
    fastEventSettings();
    process.env.NATS_STREAM_PREFIX = prefix;
    store = await newStore();
    s = await openServer(store, { natsUrl: engine.natsUrl });
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  }, 60_000);

  afterAll(async () => {
    await new Promise((r) => receiver?.close(r));
    await s?.close();
    await store?.drop();
    await dropNatsStreams(engine.natsUrl, prefix);
  });

  const harness = () => ({ ...s, dataDir: store.dataDir }) as unknown as Harness;

  it('is admin only and validates URLs and subject filters', async () => {
    const agent = await headersFor(harness(), 'agent@demo.local');
    expect((await fetch(`${s.url}/api/webhooks`, { headers: agent })).status).toBe(403);
    const admin = await headersFor(harness(), 'admin@demo.local');
    for (const url of ['ftp://127.0.0.1/x', 'http://169.254.169.254/latest/meta-data', 'http://user:pw@127.0.0.1/', 'not a url']) {
      const r = await fetch(`${s.url}/api/webhooks`, { method: 'POST', headers: admin, body: JSON.stringify({ url, subjects: ['orders.*'] }) });
      expect(r.status, url).toBe(400);
      expect((await r.json()).code).toBe('validation_failed');
    }
    const bad = await fetch(`${s.url}/api/webhooks`, { method: 'POST', headers: admin, body: JSON.stringify({ url: 'http://127.0.0.1:1/', subjects: ['orders.**'] }) });
    expect(bad.status).toBe(400);
    // a filter must match an event webhooks are sent (the event catalogue's, less dlq.* and webhooks.*)
    for (const subject of ['order.*', 'orders.created.x', 'dlq.*', 'webhooks.>']) {
      const r = await fetch(`${s.url}/api/webhooks`, { method: 'POST', headers: admin, body: JSON.stringify({ url: 'http://127.0.0.1:1/', subjects: ['orders.*', subject] }) });
      expect(r.status, subject).toBe(400);
      expect((await r.json()).details, subject).toEqual([expect.objectContaining({ field: 'subjects.1', message: expect.stringContaining('matches no event') })]);
    }
    const subjects = await fetch(`${s.url}/api/webhooks/subjects`, { headers: admin });
    expect(subjects.status).toBe(200);
    const listed = (await subjects.json()).data as { subject: string; stream: string; description: string }[];
    expect(listed).toContainEqual({ subject: 'orders.created', stream: 'ORDERS', description: expect.any(String) });
    expect(listed.some((x) => x.subject.startsWith('dlq.') || x.subject.startsWith('webhooks.'))).toBe(false);
    expect((await fetch(`${s.url}/api/webhooks/subjects`, { headers: agent })).status).toBe(403);
  });

  it('dead-letters deliveries to a closed port; replay after pointing at a live receiver clears it, signature verifies', async () => {
    const admin = await headersFor(harness(), 'admin@demo.local');
    const created = await fetch(`${s.url}/api/webhooks`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ url: `http://127.0.0.1:${await closedPort()}/hook`, subjects: ['orders.*'], description: 'ERP' }),
    });
    expect(created.status).toBe(201);
    const ep = (await created.json()).data;
    expect(ep.secret).toMatch(/^whsec_/);
    const listed = (await (await fetch(`${s.url}/api/webhooks`, { headers: admin })).json()).data;
    expect(listed[0].secret).not.toBe(ep.secret); // masked after creation

    await sleep(100);
    const [seq] = await emit(s.db, DEMO_TENANT.id, 'orders.created', [{ order_id: 'o-42', total: 99.5 }]);
    await emit(s.db, DEMO_TENANT.id, 'products.updated', [{ ignored: true }]); // filter does not match
    const entry = await waitFor(async () => {
      const b = await (await fetch(`${s.url}/api/dlq?consumer=webhooks`, { headers: admin })).json();
      return b.pagination.total >= 1 ? b.data[0] : null;
    }, 'the webhook DLQ entry', 20_000);
    await sleep(400);
    const all = await (await fetch(`${s.url}/api/dlq?consumer=webhooks&status=all`, { headers: admin })).json();
    expect(all.pagination.total).toBe(1);
    expect(entry).toMatchObject({ consumer: 'webhooks', event_seq: seq, subject: 'orders.created', attempts: 5, status: 'pending' });
    expect(entry.last_error).toContain('ECONNREFUSED');
    const failed = (await (await fetch(`${s.url}/api/webhooks/${ep.id}/deliveries`, { headers: admin })).json()).data;
    expect(failed[0]).toMatchObject({ event_seq: seq, status: 'failed', attempts: 5 });

    const port = (receiver.address() as AddressInfo).port;
    const put = await fetch(`${s.url}/api/webhooks/${ep.id}`, { method: 'PUT', headers: admin, body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook` }) });
    expect(put.status).toBe(200);
    const replay = await fetch(`${s.url}/api/dlq/replay`, { method: 'POST', headers: admin, body: JSON.stringify({ ids: [entry.id] }) });
    expect(replay.status).toBe(200);
    await waitFor(() => received.length >= 1, 'the delivery');
    await sleep(400);
    expect(received).toHaveLength(1);
    const got = received[0];
    const ts = String(got.headers['x-webhook-timestamp']);
    expect(got.headers['x-webhook-id']).toBe(String(seq));
    expect(verify(ep.secret, ts, got.body, String(got.headers['x-webhook-signature']))).toBe(true);
    expect(verify('whsec_wrong', ts, got.body, String(got.headers['x-webhook-signature']))).toBe(false);
    expect(JSON.parse(got.body)).toMatchObject({ id: seq, subject: 'orders.created', tenant_id: DEMO_TENANT.id, data: { order_id: 'o-42' } });

    const pending = await (await fetch(`${s.url}/api/dlq?consumer=webhooks`, { headers: admin })).json();
    expect(pending.pagination.total).toBe(0);
    const ok = (await (await fetch(`${s.url}/api/webhooks/${ep.id}/deliveries`, { headers: admin })).json()).data;
    expect(ok[0]).toMatchObject({ event_seq: seq, status: 'succeeded', http_status: 204 });

    // rotate the secret: new deliveries are signed with the new one
    const rotated = (await (await fetch(`${s.url}/api/webhooks/${ep.id}/rotate-secret`, { method: 'POST', headers: admin })).json()).data;
    expect(rotated.secret).not.toBe(ep.secret);
    await sleep(50);
    await emit(s.db, DEMO_TENANT.id, 'orders.status_changed', [{ order_id: 'o-42', status: 'routed' }]);
    await waitFor(() => received.length >= 2, 'the second delivery', 10_000);
    const second = received[1];
    expect(verify(rotated.secret, String(second.headers['x-webhook-timestamp']), second.body, String(second.headers['x-webhook-signature']))).toBe(true);

    const audit = await s.db.transaction((tx) => tx.query<{ action: string; after: unknown }>("select action, after from audit_log where resource = 'webhook' order by id"), {
      tenantId: DEMO_TENANT.id,
    });
    expect(audit.rows.map((r) => r.action)).toEqual(['webhook.create', 'webhook.update', 'webhook.rotate_secret']);
    expect(JSON.stringify(audit.rows)).not.toContain(ep.secret);

    const del = await fetch(`${s.url}/api/webhooks/${ep.id}`, { method: 'DELETE', headers: admin });
    expect(del.status).toBe(204);
  }, 60_000);
});
