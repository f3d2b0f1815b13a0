/**
 * Open sign-up (AUTH_ALLOW_SIGNUP=true, docs/auth.md): a new address gets a link and an account,
 * but no profile — the profile read answers PostgREST's 406, which sends the app back to /auth.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { anonHeaders, signInRaw } from './auth-kit';

let h: Harness;
beforeAll(async () => {
  // read when the embedded server is registered; this file runs in its own worker process
  process.env.AUTH_ALLOW_SIGNUP = 'true';
  h = await startServer();
});
afterAll(async () => {
  delete process.env.AUTH_ALLOW_SIGNUP;
  await h?.close();
});

describe('open sign-up', () => {
  it('creates the user on the first link and confirms the address on the click', async () => {
    const settings = await (await fetch(`${h.url}/auth/v1/settings`, { headers: anonHeaders(h) })).json();
    expect(settings.disable_signup).toBe(false);

    const t = await signInRaw(h, 'New.Person@Example.com');
    expect(t.user).toMatchObject({ email: 'new.person@example.com', aud: 'authenticated', role: 'authenticated' });
    const { rows } = await h.db.query<{ email_confirmed_at: Date | null }>('select email_confirmed_at from auth.users where email = $1', ['new.person@example.com']);
    expect(rows[0].email_confirmed_at).not.toBeNull();

    const profile = await fetch(`${h.url}/rest/v1/profiles?select=tenant_id,role&id=eq.${t.user.id}`, {
      headers: { apikey: h.config.anonKey, authorization: `Bearer ${t.access_token}`, accept: 'application/vnd.pgrst.object+json' },
    });
    expect(profile.status).toBe(406);
    expect((await profile.json()).code).toBe('PGRST116');
  });
});
