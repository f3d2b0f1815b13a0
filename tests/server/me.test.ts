import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { headersFor, DEMO_TENANT } from './tokens';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

describe('GET /api/me', () => {
  it('answers who the caller is, with the tenant from the profile', async () => {
    const res = await fetch(`${h.url}/api/me`, { headers: await headersFor(h, 'seller@demo.local') });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ user: { email: 'seller@demo.local' }, role: 'user', tenant: { id: DEMO_TENANT.id, name: 'Demo Store' } });
  });

  it('refuses a missing or tampered token with 401 {message, code}', async () => {
    const none = await fetch(`${h.url}/api/me`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'no_authorization' });
    const good = (await headersFor(h, 'admin@demo.local')).authorization;
    const [hd, payload, sig] = good.replace('Bearer ', '').split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims.sub = 'b0000000-0000-4000-8000-000000000001';
    const forged = [hd, Buffer.from(JSON.stringify(claims)).toString('base64url'), sig].join('.');
    const res = await fetch(`${h.url}/api/me`, { headers: { authorization: `Bearer ${forged}` } });
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(typeof body.message).toBe('string');
    expect(body.code).toBe('bad_jwt');
  });

  it('answers /health with the database state', async () => {
    const res = await fetch(`${h.url}/health`);
    expect(res.status).toBe(200);
    // the environment the Diagnostics drawer names "Server environment", as the Ops Console does
    expect(await res.json()).toMatchObject({ status: 'ok', db: { status: 'up' }, environment: process.env.NODE_ENV || 'development' });
    const head = await fetch(`${h.url}/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });
});
