/**
 * Token hygiene (docs/auth.md, "Tokens"): `?token=` only on the SSE routes, a token must name a live
 * session of its own subject, token and API answers are `Cache-Control: no-store`, and no log line
 * carries a credential.
 */
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { ACCOUNTS, tokenFor } from './tokens';
import { anonHeaders, exchange, follow, mailbox, pkcePair, requestLink, signInRaw } from './auth-kit';
import { signAccessToken } from '../../server/auth/jwt';
import { resolveJwtSecret } from '../../server/auth/secret';
import { isSsePath } from '../../server/api/authenticate';
import { buildApp } from '../../server/app';
import { redactText } from '../../server/logging';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

const account = (email: string) => ACCOUNTS.find((a) => a.email === email)!;

/** An access token signed with the server's secret, with the claims given (session_id as chosen). */
async function tokenWith(email: string, sessionId: string | undefined): Promise<string> {
  const acc = account(email);
  const secret = resolveJwtSecret(h.config.jwtSecret, h.config.dataDir);
  const claims = {
    sub: acc.id,
    email: acc.email,
    phone: '',
    app_metadata: {},
    user_metadata: {},
    role: 'authenticated' as const,
    aal: 'aal1' as const,
    amr: [{ method: 'magiclink', timestamp: Math.floor(Date.now() / 1000) }],
    session_id: sessionId as string,
    is_anonymous: false,
  };
  if (sessionId === undefined) delete (claims as Partial<typeof claims>).session_id;
  return (await signAccessToken(claims, secret, { ttlS: 3600, issuer: `${h.url}/auth/v1` })).token;
}

/** Opens a stream and reports its status without waiting for the (endless) body. */
async function sseStatus(url: string): Promise<{ status: number; type: string | null }> {
  const ac = new AbortController();
  const res = await fetch(url, { signal: ac.signal });
  const out = { status: res.status, type: res.headers.get('content-type') };
  ac.abort();
  await res.body?.cancel().catch(() => undefined);
  return out;
}

describe('query-string tokens', () => {
  it('are recognised on exactly /api/stream and /api/stream/:name', () => {
    for (const p of ['/api/stream', '/api/stream/alerts', '/api/stream/agents']) expect(isSsePath(p)).toBe(true);
    for (const p of ['/api/streams', '/api/streamsX', '/api/stream-other', '/api/streams/events', '/api/stream/alerts/x', '/api/orders', '/api/me']) {
      expect(isSsePath(p)).toBe(false);
    }
  });

  it('are refused on every other API path, including those that start with the same letters', async () => {
    const token = await tokenFor(h, 'admin@demo.local');
    const tenant = account('admin@demo.local').tenantId;
    for (const path of ['/api/streams', '/api/streams/consumers', '/api/streams/events', '/api/orders', '/api/me']) {
      const res = await fetch(`${h.url}${path}?token=${token}`, { headers: { 'x-tenant-id': tenant } });
      expect(res.status, path).toBe(401);
      expect((await res.json()).code).toBe('no_authorization');
    }
    // the same token in the header works there
    const ok = await fetch(`${h.url}/api/streams/consumers`, { headers: { authorization: `Bearer ${token}`, 'x-tenant-id': tenant } });
    expect(ok.status).toBe(200);
  });

  it('are accepted on /api/stream and /api/stream/alerts', async () => {
    const token = await tokenFor(h, 'seller@demo.local');
    for (const path of ['/api/stream', '/api/stream/alerts']) {
      const r = await sseStatus(`${h.url}${path}?token=${token}`);
      expect(r.status, path).toBe(200);
      expect(r.type).toContain('text/event-stream');
    }
  });
});

describe('session_id', () => {
  it('is required: a token without one is refused on /api, /auth/v1/user and /rest/v1', async () => {
    const token = await tokenWith('seller@demo.local', undefined);
    const api = await fetch(`${h.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(api.status).toBe(401);
    const user = await fetch(`${h.url}/auth/v1/user`, { headers: { ...anonHeaders(h), authorization: `Bearer ${token}` } });
    expect(user.status).toBe(403);
    const rest = await fetch(`${h.url}/rest/v1/profiles?select=role&id=eq.${account('seller@demo.local').id}`, {
      headers: { apikey: h.config.anonKey, authorization: `Bearer ${token}` },
    });
    expect(rest.status).toBe(401);
  });

  it('must name a session of the token subject: another user’s live session is refused', async () => {
    const other = randomUUID();
    await h.db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [other, account('agent@demo.local').id]);
    const token = await tokenWith('seller@demo.local', other);
    const api = await fetch(`${h.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(api.status).toBe(401);
    expect((await api.json()).code).toBe('session_not_found');
    const rest = await fetch(`${h.url}/rest/v1/profiles?select=role&id=eq.${account('seller@demo.local').id}`, {
      headers: { apikey: h.config.anonKey, authorization: `Bearer ${token}` },
    });
    expect(rest.status).toBe(401);
    // the subject's own session works
    const own = randomUUID();
    await h.db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [own, account('seller@demo.local').id]);
    const good = await fetch(`${h.url}/api/me`, { headers: { authorization: `Bearer ${await tokenWith('seller@demo.local', own)}` } });
    expect(good.status).toBe(200);
  });
});

describe('Cache-Control: no-store', () => {
  it('is on every token answer', async () => {
    const { verifier, challenge } = pkcePair();
    const sent = await requestLink(h, 'seller@demo.local', { challenge });
    expect(sent.headers.get('cache-control')).toBe('no-store');
    const [mail] = await mailbox(h, 'seller@demo.local');
    const code = (await follow(mail.link)).location.searchParams.get('code')!;
    const ok = await exchange(h, code, verifier);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const refused = await exchange(h, randomUUID(), verifier);
    expect(refused.status).toBe(404);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const t = await signInRaw(h, 'agent@demo.local');
    const user = await fetch(`${h.url}/auth/v1/user`, { headers: { ...anonHeaders(h), authorization: `Bearer ${t.access_token}` } });
    expect(user.headers.get('cache-control')).toBe('no-store');
  });

  it('is on every /api answer, errors included', async () => {
    const headers = { authorization: `Bearer ${await tokenFor(h, 'seller@demo.local')}`, 'x-tenant-id': account('seller@demo.local').tenantId };
    for (const path of ['/api/me', '/api/orders', '/api/products']) {
      const res = await fetch(`${h.url}${path}`, { headers });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const anonymous = await fetch(`${h.url}/api/orders`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
  });
});

describe('log redaction', () => {
  it('keeps tokens, codes and keys out of every log line', async () => {
    let out = '';
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        out += chunk.toString();
        done();
      },
    });
    const app = await buildApp({ config: { ...h.config, logLevel: 'debug' }, db: h.db, logStream: stream });
    try {
      const jwt = await tokenFor(h, 'seller@demo.local');
      const secrets = { link: 'pkce_SECRETlinkTOKEN123', code: '0f1e2d3c-aaaa-4bbb-8ccc-123456789abc', refresh: 'REFRESHsecret987654' };
      await app.inject({ method: 'GET', url: `/api/stream/bogus?token=${jwt}` });
      await app.inject({ method: 'GET', url: `/api/orders?token=${jwt}&x=1` });
      await app.inject({ method: 'GET', url: `/auth/v1/verify?token=${secrets.link}&type=magiclink&redirect_to=${encodeURIComponent(`${h.url}/auth?code=${secrets.code}`)}` });
      await app.inject({ method: 'GET', url: `/auth?code=${secrets.code}&next=%2F` });
      await app.inject({ method: 'GET', url: `/auth/v1/settings?apikey=${h.config.anonKey}` });
      await app.inject({
        method: 'POST',
        url: `/auth/v1/token?grant_type=refresh_token&access_token=${jwt}&refresh_token=${secrets.refresh}`,
        headers: { ...anonHeaders(h), authorization: `Bearer ${jwt}` },
        payload: { refresh_token: secrets.refresh },
      });
      app.log.warn({ access_token: jwt, refresh_token: secrets.refresh, headers: { authorization: `Bearer ${jwt}`, apikey: h.config.anonKey } }, `a message naming Bearer ${jwt} and ?code=${secrets.code}`);
      app.log.info({ body: { token: secrets.link, auth_code: secrets.code } }, 'body logged by a handler');
      app.log.error(new Error(`upstream refused /verify?token=${secrets.link}&refresh_token=${secrets.refresh}`));
      await new Promise((r) => setImmediate(r));

      const lines = out.trim().split('\n');
      expect(lines.length).toBeGreaterThan(10);
      for (const value of [jwt, h.config.anonKey, secrets.link, secrets.code, secrets.refresh]) {
        expect(out, value).not.toContain(value);
      }
      expect(out).toContain('[redacted]');
      // the rest of the request line survives
      expect(out).toContain('/api/orders?token=[redacted]&x=1');
    } finally {
      await app.close();
    }
  });

  it('redacts the names in query strings, encoded query strings, JSON and bearer headers', () => {
    expect(redactText('/auth/v1/verify?token=abc&type=magiclink')).toBe('/auth/v1/verify?token=[redacted]&type=magiclink');
    expect(redactText('redirect_to=http%3A%2F%2Fx%2Fauth%3Fcode%3Dsecret%26next%3D1')).toBe('redirect_to=http%3A%2F%2Fx%2Fauth%3Fcode%3D[redacted]%26next%3D1');
    expect(redactText('{"refresh_token":"r1","code":"bad_jwt","apikey":"k"}')).toBe('{"refresh_token":"[redacted]","code":"bad_jwt","apikey":"[redacted]"}');
    expect(redactText('authorization: Bearer abc.def')).toBe('authorization: Bearer [redacted]');
    expect(redactText('?barcode=123&encode=x')).toBe('?barcode=123&encode=x');
  });
});
