/**
 * Magic links and auth codes — docs/product/auth-protocol.md §1/§2: single use, 1 h links, newest link wins,
 * 5 min codes bound to the PKCE challenge, redirect_to validation, error redirects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { anonHeaders, exchange, follow, mailbox, pkcePair, requestLink } from './auth-kit';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

async function linkFor(email: string, challenge: string, redirectTo?: string): Promise<string> {
  const res = await requestLink(h, email, { challenge, redirectTo });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({});
  return (await mailbox(h, email))[0].link;
}

function expectLinkError(location: URL, base: string): void {
  expect(`${location.origin}${location.pathname}`).toBe(base);
  expect(location.searchParams.get('code')).toBeNull();
  for (const params of [location.searchParams, new URLSearchParams(location.hash.slice(1))]) {
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('error_code')).toBe('otp_expired');
    expect(params.get('error_description')).toBe('Email link is invalid or has expired');
  }
  expect(new URLSearchParams(location.hash.slice(1)).has('sb')).toBe(true);
}

describe('magic links', () => {
  it('works once: a second click redirects with otp_expired in query and fragment', async () => {
    const { verifier, challenge } = pkcePair();
    const link = await linkFor('agent@demo.local', challenge);
    const first = await follow(link);
    expect(first.status).toBe(303);
    const code = first.location.searchParams.get('code')!;
    const second = await follow(link);
    expect(second.status).toBe(303);
    expectLinkError(second.location, `${h.url}/dashboard`);
    expect((await exchange(h, code, verifier)).status).toBe(200);
  });

  it('is not consumed by a HEAD request (link scanners)', async () => {
    const { verifier, challenge } = pkcePair();
    const link = await linkFor('agent@demo.local', challenge);
    expect((await fetch(link, { method: 'HEAD', redirect: 'manual' })).status).toBe(404);
    const opened = await follow(link);
    expect((await exchange(h, opened.location.searchParams.get('code')!, verifier)).status).toBe(200);
  });

  it('expires one hour after it was sent', async () => {
    const { challenge } = pkcePair();
    const link = await linkFor('agent@demo.local', challenge);
    await h.db.query("update auth.one_time_tokens set sent_at = now() - interval '3601 seconds'");
    expectLinkError((await follow(link)).location, `${h.url}/dashboard`);
  });

  it('is invalidated by a newer link for the same address', async () => {
    const a = pkcePair();
    const b = pkcePair();
    const older = await linkFor('admin@demo.local', a.challenge);
    const newer = await linkFor('admin@demo.local', b.challenge);
    expect(newer).not.toBe(older);
    expectLinkError((await follow(older)).location, `${h.url}/dashboard`);
    const ok = await follow(newer);
    expect((await exchange(h, ok.location.searchParams.get('code')!, b.verifier)).status).toBe(200);
  });

  it('stores only a hash of the link token', async () => {
    const { challenge } = pkcePair();
    const link = await linkFor('seller@demo.local', challenge);
    const token = new URL(link).searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const { rows } = await h.db.query<{ token_hash: string }>('select token_hash from auth.one_time_tokens');
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('keeps redirect_to on the site or falls back to the site URL', async () => {
    const { challenge } = pkcePair();
    const foreign = await linkFor('seller@demo.local', challenge, 'https://evil.example/steal');
    expect(new URL(foreign).searchParams.get('redirect_to')).toBe(h.config.siteUrl);
    const local = await linkFor('seller@demo.local', challenge, 'http://localhost:5173/dashboard?x=1');
    const opened = await follow(local);
    expect(opened.location.origin).toBe('http://localhost:5173');
    expect(opened.location.searchParams.get('x')).toBe('1');
    expect(opened.location.searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers missing verify parameters with plain JSON 400', async () => {
    const res = await fetch(`${h.url}/auth/v1/verify?type=magiclink`);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-sb-error-code')).toBe('validation_failed');
    expect(await res.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Verify requires a token or a token hash' });
  });

  it('refuses /otp without PKCE, with a bad address, and lower-cases the address', async () => {
    const noPkce = await fetch(`${h.url}/auth/v1/otp`, { method: 'POST', headers: anonHeaders(h), body: JSON.stringify({ email: 'seller@demo.local', code_challenge: null, code_challenge_method: null }) });
    expect(noPkce.status).toBe(400);
    expect(await noPkce.json()).toEqual({ code: 'validation_failed', message: 'PKCE flow requires code_challenge_method and code_challenge' });
    const bad = await requestLink(h, 'not-an-email', { challenge: pkcePair().challenge });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('validation_failed');
    const before = (await mailbox(h, 'owner@northwind.local')).length;
    expect((await requestLink(h, '  OWNER@Northwind.LOCAL ', { challenge: pkcePair().challenge })).status).toBe(200);
    expect(await mailbox(h, 'owner@northwind.local')).toHaveLength(before + 1);
  });

  it('sends no mail to an unknown address but answers as for a known one (no account enumeration)', async () => {
    const res = await requestLink(h, 'nobody@example.com', { challenge: pkcePair().challenge });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-sb-error-code')).toBeNull();
    expect(await res.json()).toEqual({});
    expect(await mailbox(h, 'nobody@example.com')).toEqual([]);
    const { rows } = await h.db.query("select 1 from auth.users where email = 'nobody@example.com'");
    expect(rows).toHaveLength(0);
  });
});

describe('auth codes', () => {
  async function codeFor(email: string): Promise<{ code: string; verifier: string }> {
    const { verifier, challenge } = pkcePair();
    const link = await linkFor(email, challenge);
    return { code: (await follow(link)).location.searchParams.get('code')!, verifier };
  }

  it('are single use', async () => {
    const { code, verifier } = await codeFor('agent@demo.local');
    const first = await exchange(h, code, verifier);
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email: 'agent@demo.local', aud: 'authenticated' } });
    expect(typeof body.refresh_token).toBe('string');
    expect(body.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(3590);
    const again = await exchange(h, code, verifier);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ code: 'flow_state_not_found', message: 'invalid flow state, no valid flow state found' });
  });

  it('expire five minutes after the click', async () => {
    const { code, verifier } = await codeFor('agent@demo.local');
    await h.db.query("update auth.flow_states set auth_code_issued_at = now() - interval '301 seconds' where auth_code = $1", [code]);
    const res = await exchange(h, code, verifier);
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('flow_state_expired');
  });

  it('need the matching code verifier', async () => {
    const { code } = await codeFor('agent@demo.local');
    const res = await exchange(h, code, pkcePair().verifier);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'bad_code_verifier', message: 'code challenge does not match previously saved code verifier' });
  });

  it('refuses other grant types', async () => {
    const res = await fetch(`${h.url}/auth/v1/token?grant_type=password`, { method: 'POST', headers: anonHeaders(h), body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });
});
