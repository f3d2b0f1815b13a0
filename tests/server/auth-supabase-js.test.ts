/**
 * docs/product/architecture.md: the unchanged @supabase/supabase-js client against the running server —
 * magic link with PKCE, profile read, refresh rotation, sign-out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { startServer, type Harness } from './harness';
import { DEMO_TENANT } from './tokens';
import { mailbox, follow, nodeClientOptions, refresh } from './auth-kit';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

describe('supabase-js against the embedded auth server', () => {
  it('signs in with a magic link, reads the profile, refreshes and signs out', async () => {
    const supabase = createClient(h.url, h.config.anonKey, nodeClientOptions());

    const sent = await supabase.auth.signInWithOtp({ email: 'Seller@Demo.local', options: { emailRedirectTo: `${h.url}/dashboard` } });
    expect(sent.error).toBeNull();

    const mails = await mailbox(h, 'seller@demo.local');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your Magic Link');
    const link = new URL(mails[0].link);
    expect(`${link.origin}${link.pathname}`).toBe(`${h.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('magiclink');
    expect(link.searchParams.get('redirect_to')).toBe(`${h.url}/dashboard`);

    const opened = await follow(mails[0].link);
    expect(opened.status).toBe(303);
    expect(`${opened.location.origin}${opened.location.pathname}`).toBe(`${h.url}/dashboard`);
    const code = opened.location.searchParams.get('code');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const exchanged = await supabase.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    const session = exchanged.data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.user.email).toBe('seller@demo.local');
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ aud: 'authenticated', role: 'authenticated', sub: session.user.id, email: 'seller@demo.local', aal: 'aal1', is_anonymous: false });
    expect(claims.amr[0].method).toBe('magiclink');
    expect(claims.exp - claims.iat).toBe(3600);

    const me = await supabase.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user).toMatchObject({ id: session.user.id, email: 'seller@demo.local', aud: 'authenticated', role: 'authenticated' });
    expect(me.data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const profile = await supabase.from('profiles').select('tenant_id, role').eq('id', session.user.id).single();
    expect(profile.error).toBeNull();
    expect(profile.data).toEqual({ tenant_id: DEMO_TENANT.id, role: 'user' });

    const oldRefresh = session.refresh_token;
    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const newSession = refreshed.data.session!;
    expect(newSession.refresh_token).not.toBe(oldRefresh);
    const viaClient = await supabase.auth.refreshSession({ refresh_token: oldRefresh });
    expect(viaClient.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const replay = await refresh(h, oldRefresh);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ code: 'refresh_token_already_used' });

    const apiBefore = await fetch(`${h.url}/api/me`, { headers: { authorization: `Bearer ${newSession.access_token}` } });
    expect(apiBefore.status).toBe(200);

    const out = await supabase.auth.signOut();
    expect(out.error).toBeNull();
    expect((await supabase.auth.getSession()).data.session).toBeNull();
    const afterOut = await refresh(h, newSession.refresh_token);
    expect(afterOut.status).toBe(400);
    expect(await afterOut.json()).toMatchObject({ code: 'refresh_token_not_found' });
    const apiAfter = await fetch(`${h.url}/api/me`, { headers: { authorization: `Bearer ${newSession.access_token}` } });
    expect(apiAfter.status).toBe(401);
  });

  it('answers a profile read for another user with PostgREST 406 PGRST116 (row-level security)', async () => {
    const supabase = createClient(h.url, h.config.anonKey, nodeClientOptions());
    const r = await supabase.from('profiles').select('tenant_id, role').eq('id', 'a0000000-0000-4000-8000-000000000001').single();
    expect(r.status).toBe(406);
    expect(r.data).toBeNull();
    expect(r.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows', message: 'Cannot coerce the result to a single JSON object' });
  });

  it('keeps closed sign-up silent: an unknown email gets the answer of a known one and no mail', async () => {
    const supabase = createClient(h.url, h.config.anonKey, nodeClientOptions());
    const r = await supabase.auth.signInWithOtp({ email: 'stranger@example.com', options: { emailRedirectTo: `${h.url}/dashboard` } });
    expect(r.error).toBeNull();
    const r2 = await supabase.auth.signInWithOtp({ email: 'stranger@example.com', options: { shouldCreateUser: false } });
    expect(r2.error).toBeNull();
    expect(await mailbox(h, 'stranger@example.com')).toEqual([]);
  });
});
