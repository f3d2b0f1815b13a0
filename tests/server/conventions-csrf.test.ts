/**
 * docs/product/constants.md (CSRF token) and docs/api-conventions.md "CSRF": GET /api/csrf issues `{ token, expires_at }` for the signed-in user,
 * valid 24 h: an HMAC of user id + expiry under the server secret (stateless, any replica checks it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { ACCOUNTS, headersFor } from './tokens';
import { csrfKey, verifyCsrfToken } from '../../server/api/csrf/token';
import { resolveJwtSecret } from '../../server/auth/secret';
import { CSRF_TTL_MS } from '../../contract/constants';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

const seller = ACCOUNTS.find((a) => a.email === 'seller@demo.local')!;
const agent = ACCOUNTS.find((a) => a.email === 'agent@demo.local')!;

describe('GET /api/csrf', () => {
  it('issues a token bound to the user that expires after 24 h, without needing X-Tenant-Id', async () => {
    const { 'x-tenant-id': _t, ...headers } = await headersFor(h, seller.email);
    const asked = Date.now();
    const res = await fetch(`${h.url}/api/csrf`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body: { token: string; expires_at: string } = await res.json();
    expect(Object.keys(body).sort()).toEqual(['expires_at', 'token']);
    const expires = Date.parse(body.expires_at);
    expect(expires - asked).toBeGreaterThanOrEqual(CSRF_TTL_MS - 5_000);
    expect(expires - asked).toBeLessThanOrEqual(CSRF_TTL_MS + 5_000);

    const key = csrfKey(resolveJwtSecret(h.config.jwtSecret, h.config.dataDir));
    expect(verifyCsrfToken(key, seller.id, body.token)).toBe(true);
    expect(verifyCsrfToken(key, agent.id, body.token)).toBe(false);
    expect(verifyCsrfToken(key, seller.id, body.token, expires + 1)).toBe(false);
    const [exp, mac] = body.token.split('.');
    expect(verifyCsrfToken(key, seller.id, `${Number(exp) + 1000}.${mac}`)).toBe(false);
    expect(verifyCsrfToken(csrfKey('another-secret'), seller.id, body.token)).toBe(false);
  });

  it('gives different users different tokens and refuses a caller without a token', async () => {
    const a = await (await fetch(`${h.url}/api/csrf`, { headers: await headersFor(h, seller.email) })).json();
    const b = await (await fetch(`${h.url}/api/csrf`, { headers: await headersFor(h, agent.email) })).json();
    expect(a.token).not.toBe(b.token);
    const anon = await fetch(`${h.url}/api/csrf`);
    expect(anon.status).toBe(401);
  });
});
