/**
 * The OpenID client behind Google sign-in (docs/auth.md, "Google"; server/auth/oidc-client.ts) with a
 * fake fetch: the discovery document is checked and cached, and a failed code exchange is an
 * OidcFailure naming its stage, never a code or a secret.
 */
import { describe, expect, it, vi } from 'vitest';
import { createOidcClient, OidcFailure } from '../../server/auth/oidc-client';
import { googleClientFor } from '../../server/auth/oauth-routes';
import type { Config } from '../../server/config';
import type { FastifyBaseLogger } from 'fastify';

const ISSUER = 'https://issuer.example';
const settings = { issuer: ISSUER, clientId: 'client-1', clientSecret: 'secret-1' };
const discovery = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/auth`,
  token_endpoint: `${ISSUER}/token`,
  jwks_uri: `${ISSUER}/jwks`,
  token_endpoint_auth_methods_supported: ['client_secret_post'],
};

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeFetch(routes: Record<string, () => Response>) {
  return vi.fn(async (input: string | URL | Request) => {
    const url = String(input);
    const route = routes[url];
    if (!route) throw new TypeError(`fetch failed: ${url}`);
    return route();
  });
}

async function failureOf(p: Promise<unknown>): Promise<OidcFailure> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(OidcFailure);
  return e as OidcFailure;
}

describe('discovery', () => {
  it('reads the document once and keeps it', async () => {
    const f = fakeFetch({ [`${ISSUER}/.well-known/openid-configuration`]: () => answer(200, discovery) });
    const client = createOidcClient(settings, f as unknown as typeof fetch);
    expect((await client.discover()).authorization_endpoint).toBe(`${ISSUER}/auth`);
    await client.discover();
    expect(f).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an unreachable provider', () => {
      throw new TypeError('fetch failed');
    }, /fetch failed/],
    ['an error answer', () => answer(503, {}), /answered 503/],
    ['another issuer', () => answer(200, { ...discovery, issuer: 'https://evil.example' }), /issuer https:\/\/evil.example is not/],
    ['no token endpoint', () => answer(200, { ...discovery, token_endpoint: undefined }), /token_endpoint missing/],
  ])('refuses %s', async (_what, route, message) => {
    const client = createOidcClient(settings, fakeFetch({ [`${ISSUER}/.well-known/openid-configuration`]: route }) as unknown as typeof fetch);
    const e = await failureOf(client.discover());
    expect(e.stage).toBe('discovery');
    expect(e.message).toMatch(message);
  });
});

describe('code exchange', () => {
  it('posts the code, the verifier and the client secret as the provider asks (client_secret_post here)', async () => {
    let sent: { headers: Record<string, string>; body: URLSearchParams } | undefined;
    const f = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      if (String(input).endsWith('openid-configuration')) return answer(200, discovery);
      sent = { headers: init!.headers as Record<string, string>, body: init!.body as URLSearchParams };
      return answer(400, { error: 'invalid_grant' });
    });
    const client = createOidcClient(settings, f as unknown as typeof fetch);
    const e = await failureOf(client.exchange('the-code', 'https://console.example/auth/v1/callback', 'the-verifier'));
    expect(e.stage).toBe('exchange');
    expect(e.message).toBe('exchange: token endpoint answered 400 invalid_grant');
    expect(e.message).not.toContain('the-code');
    expect(Object.fromEntries(sent!.body)).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'https://console.example/auth/v1/callback',
      code_verifier: 'the-verifier',
      client_id: 'client-1',
      client_secret: 'secret-1',
    });
    expect(sent!.headers.authorization).toBeUndefined();
  });

  it('refuses a token answer without an ID token', async () => {
    const f = fakeFetch({
      [`${ISSUER}/.well-known/openid-configuration`]: () => answer(200, discovery),
      [`${ISSUER}/token`]: () => answer(200, { access_token: 'a', token_type: 'Bearer' }),
    });
    const e = await failureOf(createOidcClient(settings, f as unknown as typeof fetch).exchange('c', 'https://x/cb', 'v'));
    expect(e.message).toBe('exchange: no id_token in the token response');
  });
});

describe('configuration', () => {
  const log = () => ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

  it('is off without client id and secret, and off with a plain-http issuer off this machine (said in the log)', () => {
    const l = log();
    expect(googleClientFor({} as Config, l)).toBeUndefined();
    expect(googleClientFor({ google: { clientId: 'c', clientSecret: 's', issuer: 'http://accounts.example.com' } } as Config, l)).toBeUndefined();
    expect(l.error).toHaveBeenCalledTimes(1);
    expect(String(l.error.mock.calls[0][0])).toContain('GOOGLE_ISSUER must be an https URL');
    expect(googleClientFor({ google: { clientId: 'c', clientSecret: 's', issuer: 'https://accounts.google.com' } } as Config, l)?.settings.clientId).toBe('c');
  });
});
