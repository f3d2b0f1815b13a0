/**
 * The gateway and the small endpoints — docs/product/auth-protocol.md §0, §5, §6, §7 and docs/product/architecture.md:
 * apikey, CORS, error body forms, /authorize, /settings, /jwks, /health, the profile read, the dev mailbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { startServer, type Harness } from './harness';
import { anonHeaders, pkcePair, requestLink, signInRaw } from './auth-kit';
import { DEMO_TENANT } from './tokens';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

describe('gateway', () => {
  it('refuses a missing or wrong apikey like Supabase’s gateway', async () => {
    const none = await fetch(`${h.url}/auth/v1/settings`);
    expect(none.status).toBe(401);
    expect((await none.json()).message).toBe('No API key found in request');
    const wrong = await fetch(`${h.url}/auth/v1/settings`, { headers: { apikey: 'not-the-key' } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('Invalid API key');
    const otp = await requestLink(h, 'admin@demo.local', { challenge: pkcePair().challenge, headers: { apikey: 'not-the-key' } });
    expect(otp.status).toBe(401);
    const rest = await fetch(`${h.url}/rest/v1/profiles?select=role`);
    expect(rest.status).toBe(401);
    const query = await fetch(`${h.url}/auth/v1/settings?apikey=${encodeURIComponent(h.config.anonKey)}`);
    expect(query.status).toBe(200);
  });

  it('answers CORS preflights for another origin and exposes the API version header', async () => {
    const res = await fetch(`${h.url}/auth/v1/otp`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, authorization, content-type, x-client-info, x-supabase-api-version' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
    expect(res.headers.get('access-control-expose-headers')).toContain('x-supabase-api-version');
  });

  it('answers /authorize with 400 in both GoTrue body forms, without an apikey', async () => {
    const nav = await fetch(`${h.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(h.url)}`);
    expect(nav.status).toBe(400);
    expect(nav.headers.get('x-sb-error-code')).toBe('validation_failed');
    expect(await nav.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' });
    const versioned = await fetch(`${h.url}/auth/v1/authorize?provider=google`, { headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await versioned.json()).toEqual({ code: 'validation_failed', message: 'Unsupported provider: provider is not enabled' });
    const unknown = await fetch(`${h.url}/auth/v1/authorize?provider=myspace`);
    expect((await unknown.json()).msg).toBe('Unsupported provider: Provider myspace could not be found');
  });

  it('serves settings, JWKS and health', async () => {
    const settings = await (await fetch(`${h.url}/auth/v1/settings`, { headers: anonHeaders(h) })).json();
    expect(settings).toMatchObject({ external: { email: true, google: false }, disable_signup: true, mailer_autoconfirm: false });
    const jwks = await fetch(`${h.url}/auth/v1/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    expect(await jwks.json()).toEqual({ keys: [] });
    const health = await fetch(`${h.url}/auth/v1/health`, { headers: anonHeaders(h) });
    expect(health.status).toBe(200);
    expect((await health.json()).name).toBe('GoTrue');
  });

  it('answers a body that is not JSON with 400 bad_json, never 5xx', async () => {
    const res = await fetch(`${h.url}/auth/v1/otp`, { method: 'POST', headers: anonHeaders(h), body: '{oops' });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('bad_json');
  });
});

describe('GET /rest/v1/profiles', () => {
  const url = (q: string) => `${h.url}/rest/v1/profiles?${q}`;
  const objectAccept = { accept: 'application/vnd.pgrst.object+json', 'accept-profile': 'public' };

  it('returns the caller’s own row as an object, or an array without the object Accept header', async () => {
    const t = await signInRaw(h, 'agent@demo.local');
    const headers = { apikey: h.config.anonKey, authorization: `Bearer ${t.access_token}` };
    const one = await fetch(url(`select=tenant_id%2Crole&id=eq.${t.user.id}`), { headers: { ...headers, ...objectAccept } });
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toContain('application/vnd.pgrst.object+json');
    expect(await one.json()).toEqual({ tenant_id: DEMO_TENANT.id, role: 'agent' });
    const list = await fetch(url(`select=id,email&id=eq.${t.user.id}`), { headers });
    expect(await list.json()).toEqual([{ id: t.user.id, email: 'agent@demo.local' }]);
    const other = await fetch(url('select=role&id=eq.a0000000-0000-4000-8000-000000000001'), { headers });
    expect(await other.json()).toEqual([]);
    const bad = await fetch(url('select=password'), { headers });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('42703');
  });

  it('answers 406 PGRST116 for zero rows and 401 PGRST301/PGRST303 for bad tokens', async () => {
    const anon = await fetch(url('select=tenant_id,role&id=eq.a0000000-0000-4000-8000-000000000001'), {
      headers: { apikey: h.config.anonKey, authorization: `Bearer ${h.config.anonKey}`, ...objectAccept },
    });
    expect(anon.status).toBe(406);
    expect(await anon.json()).toEqual({ code: 'PGRST116', details: 'The result contains 0 rows', hint: null, message: 'Cannot coerce the result to a single JSON object' });

    const garbage = await fetch(url('select=role'), { headers: { apikey: h.config.anonKey, authorization: 'Bearer not-a-jwt' } });
    expect(garbage.status).toBe(401);
    expect(garbage.headers.get('www-authenticate')).toContain('invalid_token');
    expect((await garbage.json()).code).toBe('PGRST301');

    const secret = new TextEncoder().encode(h.config.jwtSecret!);
    const expired = await new SignJWT({ role: 'authenticated', sub: 'a0000000-0000-4000-8000-000000000002' })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('authenticated')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(secret);
    const old = await fetch(url('select=role'), { headers: { apikey: h.config.anonKey, authorization: `Bearer ${expired}` } });
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
  });
});

describe('dev mailbox', () => {
  it('lists the newest mails on a page with clickable links and as JSON', async () => {
    expect((await requestLink(h, 'seller@demo.local', { challenge: pkcePair().challenge })).status).toBe(200);
    const json = await (await fetch(`${h.url}/dev/mailbox.json?to=SELLER@demo.local`)).json();
    expect(json[0]).toMatchObject({ to: 'seller@demo.local', subject: 'Your Magic Link' });
    expect(Object.keys(json[0]).sort()).toEqual(['created_at', 'id', 'link', 'subject', 'to']);
    const page = await fetch(`${h.url}/dev/mailbox`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(`href="${json[0].link.replace(/&/g, '&amp;')}"`);
    expect(html).not.toMatch(/<(script|link)\b[^>]*(src|href)="http/);
  });

  it('is off in production', async () => {
    const prod = await startServer({ production: true });
    try {
      expect((await fetch(`${prod.url}/dev/mailbox`)).status).toBe(404);
      expect((await fetch(`${prod.url}/dev/mailbox.json`)).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
