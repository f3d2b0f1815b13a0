/**
 * Webhook SSRF guard (docs/events.md "Webhooks"): every spelling of an inside address is
 * refused when an endpoint is saved, and a name that resolves inside is refused at connect time
 * (the address checked is the address connected to, so DNS rebinding cannot pass). Redirects are
 * not followed.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookUrl } from '../../server/events/webhooks/url-policy';
import { postWebhook } from '../../server/events/webhooks/http-post';
import type { Resolver } from '../../server/events/webhooks/guarded-lookup';
import { fastEventSettings, newStore, openServer, type Running, type Store } from './events-support';
import { headersFor } from './tokens';
import type { Harness } from './harness';

const INSIDE = [
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[::a9fe:a9fe]/',
  'http://[0:0:0:0:0:ffff:127.0.0.1]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://[2002:a9fe:a9fe::1]/',
  'http://2852039166/',
  'http://0251.0376.0251.0376/',
  'http://0xa9fea9fe/',
  'http://0xA9.0xFE.0xA9.0xFE/',
  'http://0.0.0.0/',
  'http://0/',
  'http://[::]/',
  'http://127.1/',
  'http://2130706433/',
  'http://017700000001/',
  'http://[::1]/',
  'http://10.0.0.1/',
  'http://192.168.1.1/',
  'http://172.16.0.1/',
  'http://100.64.0.1/',
  'http://[fd00::1]/',
  'http://[fe80::1]/',
  'http://localhost/',
  'http://api.localhost./',
  'http://255.255.255.255/',
];

describe('saving an endpoint (static check, private targets off)', () => {
  it.each(INSIDE)('refuses %s', (url) => {
    expect(checkWebhookUrl(url, false)).toMatchObject({ ok: false });
  });

  it('refuses link-local, unspecified and reserved addresses even with private targets on', () => {
    for (const url of ['http://[::ffff:a9fe:a9fe]/', 'http://[::a9fe:a9fe]/', 'http://0xa9fea9fe/', 'http://0.0.0.0/', 'http://[64:ff9b::a9fe:a9fe]/']) {
      expect(checkWebhookUrl(url, true), url).toMatchObject({ ok: false });
    }
  });

  it('accepts public addresses in any spelling and names (judged at connect time)', () => {
    for (const url of ['https://hooks.example.com/x', 'http://93.184.216.34/', 'http://[2606:4700::1]/', 'http://[::ffff:5db8:d822]/', 'http://1572395042/']) {
      expect(checkWebhookUrl(url, false), url).toEqual({ ok: true });
    }
  });
});

describe('delivering (connect-time check)', () => {
  let receiver: Server;
  let port = 0;
  let hits = 0;
  let redirectTo = '';
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      hits++;
      req.resume();
      if (redirectTo) res.writeHead(302, { location: redirectTo }).end();
      else res.writeHead(200).end('ok');
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const a = receiver.address();
    port = typeof a === 'object' && a ? a.port : 0;
  });
  afterAll(() => receiver.close());

  const resolverTo = (...addresses: string[]): Resolver => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const send = (url: string, allowPrivate: boolean, resolver: Resolver) => postWebhook(url, '{}', { 'content-type': 'application/json' }, { timeoutMs: 3000, allowPrivate, resolver });

  it.each([['127.0.0.1'], ['169.254.169.254'], ['::ffff:127.0.0.1'], ['10.0.0.7']])('refuses a name resolving to %s before any byte is sent', async (address) => {
    const before = hits;
    const r = await send(`http://rebind.example.test:${port}/hook`, false, resolverTo(address));
    expect(r.status).toBeNull();
    expect(r.error).toMatch(/^refused:/);
    expect(hits).toBe(before);
  });

  it('refuses a name with one public and one inside address (split answer)', async () => {
    const before = hits;
    const r = await send(`http://split.example.test:${port}/hook`, false, resolverTo('93.184.216.34', '127.0.0.1'));
    expect(r.error).toMatch(/^refused:/);
    expect(hits).toBe(before);
  });

  it('connects to the address it checked: a name resolving to loopback is delivered only with private targets on', async () => {
    const before = hits;
    const r = await send(`http://receiver.example.test:${port}/hook`, true, resolverTo('127.0.0.1'));
    expect(r).toEqual({ status: 200, error: null });
    expect(hits).toBe(before + 1);
  });

  it('never follows a redirect (to the metadata address or anywhere)', async () => {
    redirectTo = 'http://169.254.169.254/latest/meta-data/';
    const before = hits;
    const r = await send(`http://receiver.example.test:${port}/hook`, true, resolverTo('127.0.0.1'));
    redirectTo = '';
    expect(r.status).toBe(302);
    expect(hits).toBe(before + 1);
  });

  it('refuses a literal inside address without resolving anything', async () => {
    let asked = false;
    const r = await send(`http://[::ffff:7f00:1]:${port}/hook`, false, async () => {
      asked = true;
      return [];
    });
    expect(r.error).toMatch(/^refused:/);
    expect(asked).toBe(false);
  });
});

describe('the webhooks API with private targets off (production default)', () => {
  let store: Store;
  let s: Running;
  let h: Record<string, string>;
  beforeAll(async () => {
    fastEventSettings();
    process.env.WEBHOOK_ALLOW_PRIVATE = '0';
    store = await newStore();
    s = await openServer(store);
    h = await headersFor({ ...s, dataDir: store.dataDir } as unknown as Harness, 'admin@demo.local');
  }, 60_000);
  afterAll(async () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    await s?.close();
    await store?.drop();
  });

  it.each(INSIDE)('answers 400 for %s', async (url) => {
    const res = await fetch(`${s.url}/api/webhooks`, { method: 'POST', headers: h, body: JSON.stringify({ url, subjects: ['orders.*'] }) });
    expect(res.status).toBe(400);
  });
});
