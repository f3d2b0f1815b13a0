/**
 * Refresh rotation, reuse detection, /user and /logout — docs/product/auth-protocol.md §3/§4 (docs/auth.md
 * "Refresh-token reuse"). Time is faked by moving revoked_at back in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { anonHeaders, refresh, signInRaw, type TokenJson } from './auth-kit';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

const me = (t: string) => fetch(`${h.url}/api/me`, { headers: { authorization: `Bearer ${t}` } });
const getUser = (t: string, extra: Record<string, string> = {}) =>
  fetch(`${h.url}/auth/v1/user`, { headers: { ...anonHeaders(h), authorization: `Bearer ${t}`, ...extra } });
const logout = (t: string, scope?: string) =>
  fetch(`${h.url}/auth/v1/logout${scope ? `?scope=${scope}` : ''}`, { method: 'POST', headers: { ...anonHeaders(h), authorization: `Bearer ${t}` } });

async function rotate(t: TokenJson): Promise<TokenJson> {
  const res = await refresh(h, t.refresh_token);
  expect(res.status).toBe(200);
  return (await res.json()) as TokenJson;
}

describe('refresh tokens', () => {
  it('rotate in the same session, with a parent pointer', async () => {
    const a = await signInRaw(h, 'seller@demo.local');
    const b = await rotate(a);
    expect(b.refresh_token).not.toBe(a.refresh_token);
    const sid = (t: string) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString()).session_id;
    expect(sid(b.access_token)).toBe(sid(a.access_token));
    const { rows } = await h.db.query<{ revoked: boolean; parent_id: number | null }>(
      'select revoked, parent_id from auth.refresh_tokens where session_id = $1 order by id',
      [sid(a.access_token)],
    );
    expect(rows.map((r) => r.revoked)).toEqual([true, false]);
    expect(rows[1].parent_id).not.toBeNull();
  });

  it('refuse a replayed token without ending the session inside the reuse interval', async () => {
    const a = await signInRaw(h, 'seller@demo.local');
    const b = await rotate(a);
    const replay = await refresh(h, a.refresh_token);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    expect((await me(b.access_token)).status).toBe(200);
    await rotate(b);
  });

  it('revoke the whole session when a revoked token is reused after 10 s', async () => {
    const a = await signInRaw(h, 'agent@demo.local');
    const b = await rotate(a);
    await h.db.query("update auth.refresh_tokens set revoked_at = now() - interval '11 seconds' where revoked");
    const replay = await refresh(h, a.refresh_token);
    expect(replay.status).toBe(400);
    expect((await replay.json()).code).toBe('refresh_token_already_used');
    const current = await refresh(h, b.refresh_token);
    expect(current.status).toBe(400);
    expect((await current.json()).code).toBe('refresh_token_not_found');
    expect((await me(b.access_token)).status).toBe(401);
    expect((await getUser(b.access_token)).status).toBe(403);
  });

  it('answer an unknown token with refresh_token_not_found (legacy body without the version header)', async () => {
    const res = await fetch(`${h.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: h.config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: 'x'.repeat(43) }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-sb-error-code')).toBe('refresh_token_not_found');
    expect(res.headers.get('x-supabase-api-version')).toBeNull();
    expect(await res.json()).toEqual({ code: 400, error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token: Refresh Token Not Found' });
  });
});

describe('/user and /logout', () => {
  it('returns the User object for a live session and refuses bad tokens', async () => {
    const t = await signInRaw(h, 'admin@demo.local');
    const res = await getUser(t.access_token);
    expect(res.status).toBe(200);
    const user = await res.json();
    expect(user).toMatchObject({ email: 'admin@demo.local', aud: 'authenticated', role: 'authenticated', phone: '', is_anonymous: false });
    expect(user.identities[0]).toMatchObject({ provider: 'email', user_id: user.id, identity_data: { email: 'admin@demo.local', email_verified: true } });
    expect(typeof user.last_sign_in_at).toBe('string');

    const none = await fetch(`${h.url}/auth/v1/user`, { headers: { apikey: h.config.anonKey, 'x-supabase-api-version': '2024-01-01' } });
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe('no_authorization');
    const forged = await getUser(`${t.access_token.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(403);
    expect((await forged.json()).code).toBe('bad_jwt');
  });

  it('logs out one session (local), the others (others) or all of them (global, also with an empty JSON body)', async () => {
    const s1 = await signInRaw(h, 'owner@northwind.local');
    const s2 = await signInRaw(h, 'owner@northwind.local');
    const s3 = await signInRaw(h, 'owner@northwind.local');
    expect((await logout(s1.access_token, 'local')).status).toBe(204);
    expect((await getUser(s1.access_token)).status).toBe(403);
    expect((await getUser(s2.access_token)).status).toBe(200);

    expect((await logout(s2.access_token, 'others')).status).toBe(204);
    expect((await getUser(s3.access_token)).status).toBe(403);
    expect((await refresh(h, s3.refresh_token)).status).toBe(400);
    expect((await getUser(s2.access_token)).status).toBe(200);

    expect((await logout(s2.access_token, 'bogus')).status).toBe(400);
    const s4 = await signInRaw(h, 'owner@northwind.local');
    expect((await logout(s2.access_token)).status).toBe(204);
    const session = await getUser(s4.access_token);
    expect(session.status).toBe(403);
    expect(await session.json()).toMatchObject({ code: 'session_not_found' });
  });
});
