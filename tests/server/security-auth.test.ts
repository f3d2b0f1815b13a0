/**
 * Sign-in hardening (docs/auth.md, "Link origin", "No account enumeration", "Dev mailbox"):
 * a forged Host never picks the link's origin, redirect_to stays on the allowed origins, known and
 * unknown addresses get the same answer, and the dev mailbox answers loopback clients only.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { startServer, type Harness } from './harness';
import { anonHeaders, mailbox, pkcePair } from './auth-kit';
import { loadConfig } from '../../server/config';
import { isLoopbackClient } from '../../server/mail/loopback-client';

let h: Harness;
let site: string | undefined;
beforeAll(async () => {
  h = await startServer();
  site = h.config.siteUrl;
});
afterEach(() => {
  const c = h.config as { siteUrl?: string; authSiteOrigins: string[]; devMailboxPublic: boolean; emailMinIntervalS: number };
  c.siteUrl = site;
  c.authSiteOrigins = [];
  c.devMailboxPublic = false;
  c.emailMinIntervalS = 0;
});
afterAll(async () => h?.close());

/** SITE_URL unset, as on a fresh `npm start` (the harness sets it to the server's own URL). */
const unsetSiteUrl = () => void ((h.config as { siteUrl?: string }).siteUrl = undefined);

function otp(email: string, o: { host?: string; redirectTo?: string; headers?: Record<string, string>; createUser?: boolean } = {}) {
  const qs = o.redirectTo ? `?${new URLSearchParams({ redirect_to: o.redirectTo })}` : '';
  const headers: Record<string, string> = { ...anonHeaders(h), ...o.headers };
  if (o.host) headers.host = o.host;
  return h.app.inject({
    method: 'POST',
    url: `/auth/v1/otp${qs}`,
    remoteAddress: '127.0.0.1',
    headers,
    payload: { email, create_user: o.createUser ?? true, code_challenge: pkcePair().challenge, code_challenge_method: 's256' },
  });
}

async function newestLink(email: string): Promise<URL> {
  const [mail] = await mailbox(h, email);
  return new URL(mail.link);
}

describe('magic-link origin', () => {
  it('ignores a forged Host header when SITE_URL is unset: the link points at the listening address', async () => {
    unsetSiteUrl();
    const res = await otp('seller@demo.local', { host: 'evil.example', redirectTo: 'http://evil.example/steal' });
    expect(res.statusCode).toBe(200);
    const link = await newestLink('seller@demo.local');
    expect(link.origin).toBe(h.url);
    expect(link.pathname).toBe('/auth/v1/verify');
    // redirect_to on the attacker's host is refused too: the site URL of the allowed origin instead
    expect(link.searchParams.get('redirect_to')).toBe(`${h.url}/`);
  });

  it('uses the request origin when it is one of the listening addresses (localhost and 127.0.0.1)', async () => {
    unsetSiteUrl();
    const port = new URL(h.url).port;
    await otp('agent@demo.local', { host: `localhost:${port}`, redirectTo: `http://localhost:${port}/auth?next=%2Forders` });
    const link = await newestLink('agent@demo.local');
    expect(link.origin).toBe(`http://localhost:${port}`);
    expect(link.searchParams.get('redirect_to')).toBe(`http://localhost:${port}/auth?next=%2Forders`);
  });

  it('ignores a forged X-Forwarded-Host when no proxy is trusted', async () => {
    unsetSiteUrl();
    await otp('admin@demo.local', { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } });
    expect((await newestLink('admin@demo.local')).origin).toBe(h.url);
  });

  it('builds links only from AUTH_SITE_ORIGINS when it is set, and keeps redirect_to on it', async () => {
    unsetSiteUrl();
    (h.config as { authSiteOrigins: string[] }).authSiteOrigins = ['https://console.example.com'];
    await otp('seller@demo.local', { host: 'evil.example', redirectTo: 'https://console.example.com/auth?next=%2F' });
    let link = await newestLink('seller@demo.local');
    expect(link.origin).toBe('https://console.example.com');
    expect(link.searchParams.get('redirect_to')).toBe('https://console.example.com/auth?next=%2F');
    // a loopback redirect is not on this list
    await otp('seller@demo.local', { redirectTo: 'http://localhost:5173/auth' });
    link = await newestLink('seller@demo.local');
    expect(link.searchParams.get('redirect_to')).toBe('https://console.example.com/');
  });

  it('builds links from SITE_URL whatever the Host says', async () => {
    (h.config as { siteUrl?: string }).siteUrl = 'https://sell.example.org/';
    await otp('agent@demo.local', { host: 'evil.example', redirectTo: 'https://evil.example/x' });
    const link = await newestLink('agent@demo.local');
    expect(link.origin).toBe('https://sell.example.org');
    expect(link.searchParams.get('redirect_to')).toBe('https://sell.example.org/');
  });

  it('does not redirect /verify to a host the request named', async () => {
    unsetSiteUrl();
    const res = await h.app.inject({ method: 'GET', url: '/auth/v1/verify?token=pkce_nothing&type=magiclink&redirect_to=http%3A%2F%2Fevil.example%2F', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(303);
    expect(new URL(res.headers.location as string).origin).toBe(h.url);
  });
});

describe('no account enumeration on /otp', () => {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

  it('answers a known and an unknown address with the same status and body; only the known one gets mail', async () => {
    for (const createUser of [true, false]) {
      const known = await otp('owner@northwind.local', { createUser });
      const unknown = await otp('no-such-user@example.com', { createUser });
      expect({ status: unknown.statusCode, body: unknown.body }).toEqual({ status: known.statusCode, body: known.body });
      expect(known.statusCode).toBe(200);
      expect(unknown.headers['x-sb-error-code']).toBeUndefined();
    }
    expect(await mailbox(h, 'no-such-user@example.com')).toEqual([]);
    expect((await mailbox(h, 'owner@northwind.local')).length).toBeGreaterThanOrEqual(2);
    const { rows } = await h.db.query("select 1 from auth.users where email = 'no-such-user@example.com'");
    expect(rows).toHaveLength(0);
  });

  it('takes about the same time for both', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      for (const [email, times] of [['seller@demo.local', known], [`ghost-${i}@example.com`, unknown]] as const) {
        const t0 = performance.now();
        expect((await otp(email)).statusCode).toBe(200);
        times.push(performance.now() - t0);
      }
    }
    // generous: the minimum answer time makes both ~250 ms; a loaded machine adds noise to both
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(Math.max(150, median(unknown) / 2));
  });

  it('applies the per-address resend limit to unknown addresses too', async () => {
    (h.config as { emailMinIntervalS: number }).emailMinIntervalS = 60;
    const answers = [];
    for (const email of ['agent@northwind.local', 'nobody-twice@example.com']) {
      await h.db.query('delete from auth.rate_events where bucket = $1', [`email:${email}`]);
      expect((await otp(email)).statusCode).toBe(200);
      const again = await otp(email);
      answers.push({ status: again.statusCode, code: again.headers['x-sb-error-code'], body: again.json().code });
    }
    expect(answers[0]).toEqual({ status: 429, code: 'over_email_send_rate_limit', body: 'over_email_send_rate_limit' });
    expect(answers[1]).toEqual(answers[0]);
  });
});

describe('no account enumeration when the mail transport fails', () => {
  it('answers 200 {} for a known address too, and withdraws the unsent link', async () => {
    // SMTP on a port where nothing listens: every send fails
    const smtp = await startServer({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const ask = (email: string) =>
        smtp.app.inject({
          method: 'POST',
          url: '/auth/v1/otp',
          headers: anonHeaders(smtp),
          payload: { email, code_challenge: pkcePair().challenge, code_challenge_method: 's256' },
        });
      const known = await ask('seller@demo.local');
      const unknown = await ask('nobody-smtp@example.com');
      expect({ status: known.statusCode, body: known.body }).toEqual({ status: 200, body: '{}' });
      expect({ status: unknown.statusCode, body: unknown.body }).toEqual({ status: 200, body: '{}' });
      await vi.waitFor(async () => {
        const { rows } = await smtp.db.query("select 1 from auth.one_time_tokens t join auth.users u on u.id = t.user_id where u.email = 'seller@demo.local'");
        expect(rows).toHaveLength(0);
      }, { timeout: 10_000 });
    } finally {
      await smtp.close();
    }
  });
});

describe('dev mailbox', () => {
  const get = (url: string, remoteAddress: string) => h.app.inject({ method: 'GET', url, remoteAddress });

  it('answers loopback clients only', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox.json?to=seller@demo.local']) {
      const outside = await get(url, '203.0.113.9');
      expect(outside.statusCode).toBe(403);
      expect(outside.json()).toMatchObject({ code: 'mailbox_loopback_only' });
      expect(outside.body).not.toContain('verify?token=');
      expect((await get(url, '192.168.1.20')).statusCode).toBe(403);
      expect((await get(url, '127.0.0.1')).statusCode).toBe(200);
      expect((await get(url, '::1')).statusCode).toBe(200);
      expect((await get(url, '::ffff:127.0.0.1')).statusCode).toBe(200);
    }
  });

  it('is not fooled by X-Forwarded-For when no proxy is trusted', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(res.statusCode).toBe(403);
  });

  it('treats a loopback connection forwarded for another client (a local reverse proxy) as that client', async () => {
    const via = (headers: Record<string, string>) => h.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '127.0.0.1', headers });
    expect((await via({ 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    expect((await via({ 'x-forwarded-for': '127.0.0.1, 198.51.100.7' })).statusCode).toBe(403);
    expect((await via({ forwarded: 'for="[2001:db8::1]";proto=https' })).statusCode).toBe(403);
    expect((await via({ forwarded: 'for=192.0.2.60' })).statusCode).toBe(403);
    expect((await via({ 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
  });

  it('answers anyone when DEV_MAILBOX_PUBLIC is set', async () => {
    (h.config as { devMailboxPublic: boolean }).devMailboxPublic = true;
    expect((await get('/dev/mailbox.json', '203.0.113.9')).statusCode).toBe(200);
  });

  it('with TRUST_PROXY=true, needs every forwarded hop on loopback (a forged X-Forwarded-For is not enough)', () => {
    const req = (ip: string, ips: string[]) => ({ ip, ips, socket: { remoteAddress: ips[0] } }) as unknown as FastifyRequest;
    // proxy-addr's order: socket first, then X-Forwarded-For from the right
    expect(isLoopbackClient(req('127.0.0.1', ['203.0.113.9', '127.0.0.1']), true)).toBe(false);
    expect(isLoopbackClient(req('127.0.0.1', ['127.0.0.1', '203.0.113.9', '127.0.0.1']), true)).toBe(false);
    expect(isLoopbackClient(req('127.0.0.1', ['127.0.0.1']), true)).toBe(true);
    // a proxy list: req.ip is already the first address the proxies do not vouch for
    expect(isLoopbackClient(req('203.0.113.9', ['127.0.0.1', '203.0.113.9']), '127.0.0.1')).toBe(false);
    expect(isLoopbackClient(req('127.0.0.1', ['127.0.0.1']), false)).toBe(true);
  });

  it('the server listens on 127.0.0.1 unless HOST says otherwise', () => {
    const saved = process.env.HOST;
    try {
      delete process.env.HOST;
      expect(loadConfig().host).toBe('127.0.0.1');
      process.env.HOST = '0.0.0.0';
      expect(loadConfig().host).toBe('0.0.0.0');
    } finally {
      if (saved === undefined) delete process.env.HOST;
      else process.env.HOST = saved;
    }
  });
});
