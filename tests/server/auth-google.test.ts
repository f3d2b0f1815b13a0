/**
 * Google sign-in on the embedded auth server (docs/auth.md, "Google"; docs/product/auth-protocol.md §5)
 * against a local OpenID provider (support/oidc-stub.ts): /authorize → provider → /callback → code →
 * pkce grant → session, for an existing magic-link user (the same user) and a new one, with
 * supabase-js too, and every refusal: state wrong, replayed, expired or missing; an ID token with a bad
 * signature, another nonce, another audience or expired; an unverified or unknown address; a provider
 * that says no; a redirect_to off the site.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { startServer, type Harness } from './harness';
import { anonHeaders, exchange, follow, mailbox, nodeClientOptions, pkcePair, requestLink, signInRaw, type TokenJson } from './auth-kit';
import { DEMO_TENANT } from './tokens';
import { startOidcStub, type OidcStub } from './support/oidc-stub';

let stub: OidcStub;
let h: Harness;
let log = '';
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    log += chunk.toString();
    done();
  },
});

beforeAll(async () => {
  stub = await startOidcStub();
  h = await startServer({ google: { clientId: stub.clientId, clientSecret: stub.clientSecret, issuer: stub.issuer } }, { logStream });
});
afterAll(async () => {
  await h?.close();
  await stub?.close();
});
beforeEach(() => {
  stub.tamper = {};
  stub.deny = false;
});

interface Journey {
  /** The 302 of /authorize: the provider's authorization URL. */
  toProvider: URL;
  /** The provider's redirect to /auth/v1/callback. */
  toCallback: URL;
  /** Where /callback sent the browser. */
  back: { status: number; location: URL };
  verifier: string;
}

async function authorize(server: Harness, challenge: string, redirectTo = `${server.url}/auth?next=%2Forders`, extra = ''): Promise<Response> {
  const qs = new URLSearchParams({ provider: 'google', redirect_to: redirectTo, code_challenge: challenge, code_challenge_method: 's256' });
  return fetch(`${server.url}/auth/v1/authorize?${qs}${extra}`, { redirect: 'manual' });
}

/** The browser's way through: /authorize, the provider (which signs `stub.account` in), /callback. */
async function journey(server: Harness, redirectTo?: string): Promise<Journey> {
  const { verifier, challenge } = pkcePair();
  const start = await authorize(server, challenge, redirectTo);
  expect(start.status).toBe(302);
  const toProvider = new URL(start.headers.get('location')!);
  const atProvider = await follow(toProvider.toString());
  expect(atProvider.status).toBe(302);
  const back = await follow(atProvider.location.toString());
  return { toProvider, toCallback: atProvider.location, back, verifier };
}

async function signInWithGoogle(server: Harness): Promise<TokenJson> {
  const j = await journey(server);
  expect(j.back.status).toBe(302);
  const code = j.back.location.searchParams.get('code');
  expect(code, j.back.location.toString()).toMatch(/^[0-9a-f-]{36}$/);
  const res = await exchange(server, code!, j.verifier);
  expect(res.status).toBe(200);
  return (await res.json()) as TokenJson;
}

function claimsOf(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
}

/** An error redirect of /callback: to redirect_to, the error in query and fragment, no code. */
function expectRefused(back: { status: number; location: URL }, error: string, description: string | null, code?: string): void {
  expect(back.status).toBe(302);
  expect(`${back.location.origin}${back.location.pathname}`).toBe(`${h.url}/auth`);
  expect(back.location.searchParams.get('next')).toBe('/orders');
  expect(back.location.searchParams.get('code')).toBeNull();
  for (const params of [back.location.searchParams, new URLSearchParams(back.location.hash.slice(1))]) {
    expect(params.get('error')).toBe(error);
    expect(params.get('error_description')).toBe(description);
    expect(params.get('error_code')).toBe(code ?? null);
  }
}

/** A state nobody can vouch for: to the site URL (303), the error in the query. */
function expectToSite(back: { status: number; location: URL }, code: string, description: string): void {
  expect(back.status).toBe(303);
  expect(back.location.origin).toBe(h.url);
  expect(back.location.searchParams.get('error')).toBe('invalid_request');
  expect(back.location.searchParams.get('error_code')).toBe(code);
  expect(back.location.searchParams.get('error_description')).toBe(description);
  expect(back.location.searchParams.get('code')).toBeNull();
}

const identityCount = async (provider: string, sub: string) =>
  Number((await h.db.query<{ n: string }>('select count(*) as n from auth.identities where provider = $1 and provider_id = $2', [provider, sub])).rows[0].n);

describe('Google sign-in, configured', () => {
  it('says so in /settings and refuses a flow without PKCE', async () => {
    const settings = await (await fetch(`${h.url}/auth/v1/settings`, { headers: anonHeaders(h) })).json();
    expect(settings.external).toMatchObject({ google: true, email: true, github: false });
    const res = await fetch(`${h.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(`${h.url}/auth`)}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'validation_failed', msg: 'PKCE flow requires code_challenge_method and code_challenge' });
    // another provider stays off
    const github = await fetch(`${h.url}/auth/v1/authorize?provider=github&code_challenge=${pkcePair().challenge}&code_challenge_method=s256`, { redirect: 'manual' });
    expect(github.status).toBe(400);
    expect((await github.json()).msg).toBe('Unsupported provider: provider is not enabled');
  });

  it('sends the browser to the provider with state, nonce and its own PKCE, then back with a code: the magic-link user, same id', async () => {
    const byLink = await signInRaw(h, 'seller@demo.local');
    stub.account = { sub: 'google-seller', email: 'Seller@Demo.local', email_verified: true, name: 'Sam Seller', picture: 'https://example.com/sam.png' };

    const { verifier, challenge } = pkcePair();
    const start = await authorize(h, challenge, undefined, '&prompt=select_account&client_id=someone-else');
    expect(start.status).toBe(302);
    const toProvider = new URL(start.headers.get('location')!);
    expect(`${toProvider.origin}${toProvider.pathname}`).toBe(`${stub.issuer}/o/oauth2/v2/auth`);
    const q = toProvider.searchParams;
    expect(q.get('client_id')).toBe(stub.clientId);
    expect(q.get('redirect_uri')).toBe(`${h.url}/auth/v1/callback`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('code_challenge')).not.toBe(challenge);
    expect(q.get('prompt')).toBe('select_account');
    expect(q.has('redirect_to')).toBe(false);
    // only a hash of the state is kept
    const kept = await h.db.query<{ state_hash: string }>('select state_hash from auth.oauth_states');
    expect(kept.rows.map((r) => r.state_hash)).not.toContain(q.get('state'));

    const atProvider = await follow(toProvider.toString());
    expect(`${atProvider.location.origin}${atProvider.location.pathname}`).toBe(`${h.url}/auth/v1/callback`);
    const back = await follow(atProvider.location.toString());
    expect(back.status).toBe(302);
    expect(`${back.location.origin}${back.location.pathname}`).toBe(`${h.url}/auth`);
    expect(back.location.searchParams.get('next')).toBe('/orders');
    const code = back.location.searchParams.get('code')!;

    // the code exchange at the provider: client secret (Basic) and this server's verifier
    const tokenRequest = stub.tokenRequests.at(-1)!;
    expect(tokenRequest.authorization).toMatch(/^Basic /);
    expect(tokenRequest.form.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenRequest.form.get('redirect_uri')).toBe(`${h.url}/auth/v1/callback`);

    // the code is bound to the browser's challenge
    expect((await exchange(h, code, pkcePair().verifier)).status).toBe(400);
    const res = await exchange(h, code, verifier);
    expect(res.status).toBe(200);
    const t = (await res.json()) as TokenJson & { user: Record<string, unknown> };
    expect(t.user.id).toBe(byLink.user.id);
    expect(t.user.email).toBe('seller@demo.local');
    expect(t.user.app_metadata).toEqual({ provider: 'email', providers: ['email', 'google'] });
    const identities = t.user.identities as { provider: string; id: string; identity_data: Record<string, unknown> }[];
    expect(identities.map((i) => i.provider)).toEqual(['email', 'google']);
    expect(identities[1]).toMatchObject({ id: 'google-seller', identity_data: { sub: 'google-seller', email: 'seller@demo.local', full_name: 'Sam Seller', avatar_url: 'https://example.com/sam.png', email_verified: true } });
    expect(t.user.user_metadata).toMatchObject({ full_name: 'Sam Seller', provider_id: 'google-seller' });
    const claims = claimsOf(t.access_token);
    expect(claims).toMatchObject({ sub: byLink.user.id, aud: 'authenticated', app_metadata: { providers: ['email', 'google'] } });
    expect((claims.amr as { method: string }[])[0].method).toBe('oauth');

    // the session works like any other: the profile read, /user
    const profile = await fetch(`${h.url}/rest/v1/profiles?select=tenant_id,role&id=eq.${t.user.id}`, {
      headers: { apikey: h.config.anonKey, authorization: `Bearer ${t.access_token}`, accept: 'application/vnd.pgrst.object+json' },
    });
    expect(await profile.json()).toEqual({ tenant_id: DEMO_TENANT.id, role: 'user' });
    const me = await fetch(`${h.url}/auth/v1/user`, { headers: { ...anonHeaders(h), authorization: `Bearer ${t.access_token}` } });
    expect(((await me.json()) as { identities: unknown[] }).identities).toHaveLength(2);

    // again: found by the account's subject, no second identity
    const again = await signInWithGoogle(h);
    expect(again.user.id).toBe(byLink.user.id);
    expect(await identityCount('google', 'google-seller')).toBe(1);
    // and the magic link still signs in the same user
    expect((await signInRaw(h, 'seller@demo.local')).user.id).toBe(byLink.user.id);
  });

  it('works with the unchanged supabase-js signInWithOAuth and exchangeCodeForSession', async () => {
    stub.account = { sub: 'google-agent', email: 'agent@demo.local', email_verified: true };
    const supabase = createClient(h.url, h.config.anonKey, nodeClientOptions());
    const started = await supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: `${h.url}/auth`, skipBrowserRedirect: true } });
    expect(started.error).toBeNull();
    const toProvider = await follow(started.data.url!);
    expect(toProvider.status).toBe(302);
    const toCallback = await follow(toProvider.location.toString());
    const back = await follow(toCallback.location.toString());
    const code = back.location.searchParams.get('code');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const exchanged = await supabase.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session!.user.email).toBe('agent@demo.local');
    expect(exchanged.data.session!.user.app_metadata.providers).toEqual(['email', 'google']);
    const me = await supabase.auth.getUser();
    expect(me.data.user!.identities!.map((i) => i.provider)).toEqual(['email', 'google']);
  });

  it('refuses a state it never issued, or one already used, sending the browser to the site', async () => {
    stub.account = { sub: 'google-admin', email: 'admin@demo.local', email_verified: true };
    const exchangesBefore = stub.tokenRequests.length;
    expectToSite(await follow(`${h.url}/auth/v1/callback?state=not-a-state&code=anything`), 'bad_oauth_state', 'OAuth callback with invalid state');
    expectToSite(await follow(`${h.url}/auth/v1/callback?code=anything`), 'bad_oauth_callback', 'OAuth state parameter missing');
    expect(stub.tokenRequests.length).toBe(exchangesBefore);

    const { challenge } = pkcePair();
    const atProvider = await follow((await authorize(h, challenge)).headers.get('location')!);
    const callback = atProvider.location.toString();
    // a HEAD (link scanner) does not consume it
    expect((await fetch(callback, { method: 'HEAD', redirect: 'manual' })).status).toBe(404);
    const first = await follow(callback);
    expect(first.location.searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/);
    const replay = await follow(callback);
    expectToSite(replay, 'bad_oauth_state', 'OAuth callback with invalid state');
  });

  it('refuses a state older than ten minutes, back to redirect_to', async () => {
    const { challenge } = pkcePair();
    const atProvider = await follow((await authorize(h, challenge)).headers.get('location')!);
    await h.db.query("update auth.oauth_states set created_at = now() - interval '601 seconds'");
    expectRefused(await follow(atProvider.location.toString()), 'invalid_request', 'OAuth callback with invalid state', 'bad_oauth_state');
  });

  it.each([
    ['a signature by another key', { foreignKey: true }, 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'],
    ['another nonce', { nonce: 'not-the-nonce' }, 'nonce_mismatch'],
    ['another audience', { audience: 'someone-else.apps.example' }, 'ERR_JWT_CLAIM_VALIDATION_FAILED'],
    ['another issuer', { issuer: 'https://accounts.example.com' }, 'ERR_JWT_CLAIM_VALIDATION_FAILED'],
    ['an expired token', { expiresInS: -120 }, 'ERR_JWT_EXPIRED'],
  ])('refuses an ID token with %s', async (_what, tamper, reason) => {
    stub.account = { sub: 'google-tampered', email: 'admin@demo.local', email_verified: true };
    stub.tamper = tamper;
    const logged = log.length;
    const j = await journey(h);
    expectRefused(j.back, 'server_error', 'Error getting user profile from external provider', 'unexpected_failure');
    expect(log.slice(logged)).toContain(reason);
    expect(await identityCount('google', 'google-tampered')).toBe(0);
  });

  it.each([
    ['false', false],
    ['absent', undefined],
    ['the string "false"', 'false'],
  ])('refuses an address the provider has not verified (email_verified %s)', async (_what, verified) => {
    stub.account = { sub: 'google-unverified', email: 'admin@demo.local', email_verified: verified };
    const j = await journey(h);
    expectRefused(j.back, 'access_denied', 'Unverified email with google. Verify the email with google in order to sign in', 'provider_email_needs_verification');
    expect(await identityCount('google', 'google-unverified')).toBe(0);
  });

  it('refuses an account without an address or a user while sign-up is closed', async () => {
    stub.account = { sub: 'google-noemail', email_verified: true };
    expectRefused((await journey(h)).back, 'server_error', 'Error getting user email from external provider', 'unexpected_failure');

    stub.account = { sub: 'google-stranger', email: 'stranger@example.com', email_verified: true };
    expectRefused((await journey(h)).back, 'access_denied', 'Signups not allowed for this instance', 'signup_disabled');
    expect((await h.db.query('select 1 from auth.users where email = $1', ['stranger@example.com'])).rows).toHaveLength(0);
    expect(await identityCount('google', 'google-stranger')).toBe(0);
  });

  it('passes on the provider’s own refusal (the user cancelled)', async () => {
    stub.deny = true;
    const exchangesBefore = stub.tokenRequests.length;
    expectRefused((await journey(h)).back, 'access_denied', null);
    expect(stub.tokenRequests.length).toBe(exchangesBefore);
  });

  it('never returns to a redirect_to off the site: the site URL is used instead', async () => {
    stub.account = { sub: 'google-seller', email: 'seller@demo.local', email_verified: true };
    const j = await journey(h, 'https://evil.example/steal');
    expect(j.back.status).toBe(302);
    expect(j.back.location.origin).toBe(h.url);
    expect(j.back.location.searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/);
    expect(j.toCallback.toString()).not.toContain('evil.example');
  });
});

describe('Google sign-in with open sign-up', () => {
  let open: Harness;
  beforeAll(async () => {
    // read when the embedded server is registered
    process.env.AUTH_ALLOW_SIGNUP = 'true';
    try {
      open = await startServer({ google: { clientId: stub.clientId, clientSecret: stub.clientSecret, issuer: stub.issuer } });
    } finally {
      delete process.env.AUTH_ALLOW_SIGNUP;
    }
  });
  afterAll(async () => open?.close());

  it('creates a confirmed user with only the Google identity; a magic link of that address is the same user', async () => {
    stub.account = { sub: 'google-newcomer', email: 'New.Comer@Example.com', email_verified: true, name: 'New Comer' };
    const t = (await signInWithGoogle(open)) as TokenJson & { user: Record<string, unknown> };
    expect(t.user).toMatchObject({ email: 'new.comer@example.com', app_metadata: { provider: 'google', providers: ['google'] } });
    expect((t.user.identities as { provider: string }[]).map((i) => i.provider)).toEqual(['google']);
    expect(t.user.email_confirmed_at).toBeTruthy();
    expect(t.user.user_metadata).toMatchObject({ full_name: 'New Comer', email_verified: true });
    // no profile yet: the app sends such a user back to /auth
    const profile = await fetch(`${open.url}/rest/v1/profiles?select=tenant_id,role&id=eq.${t.user.id}`, {
      headers: { apikey: open.config.anonKey, authorization: `Bearer ${t.access_token}`, accept: 'application/vnd.pgrst.object+json' },
    });
    expect(profile.status).toBe(406);

    const { verifier, challenge } = pkcePair();
    expect((await requestLink(open, 'new.comer@example.com', { challenge })).status).toBe(200);
    const [mail] = await mailbox(open, 'new.comer@example.com');
    const code = (await follow(mail.link)).location.searchParams.get('code')!;
    const byLink = (await (await exchange(open, code, verifier)).json()) as TokenJson;
    expect(byLink.user.id).toBe(t.user.id);
  });
});

describe('Google sign-in, provider unreachable', () => {
  let down: Harness;
  beforeAll(async () => {
    // nothing listens on port 1: discovery fails at once
    down = await startServer({ google: { clientId: 'c', clientSecret: 's', issuer: 'http://127.0.0.1:1' } });
  });
  afterAll(async () => down?.close());

  it('sends the browser back to redirect_to with temporarily_unavailable, and keeps no state', async () => {
    const res = await authorize(down, pkcePair().challenge);
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${down.url}/auth`);
    expect(back.searchParams.get('error')).toBe('temporarily_unavailable');
    expect(back.searchParams.get('error_description')).toBe('Google sign-in is unavailable right now. Try again shortly, or use the email link.');
    expect((await down.db.query('select 1 from auth.oauth_states')).rows).toHaveLength(0);
  });
});
