/**
 * The rules of Google sign-in that need no network (docs/auth.md, "Google"; server/auth/oidc-rules.ts):
 * accepted issuers, the authorization URL, client authentication at the token endpoint, the ID-token
 * claims beyond the signature, the identity data and app_metadata.providers.
 */
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../server/auth/crypto';
import {
  acceptedIssuers,
  authorizationUrl,
  basicAuthorization,
  checkIdTokenClaims,
  identityData,
  issuerAcceptable,
  tokenAuthMethod,
  withProvider,
} from '../../server/auth/oidc-rules';

describe('issuer', () => {
  it('is https, or plain http on this machine only', () => {
    expect(issuerAcceptable('https://accounts.google.com')).toBe(true);
    expect(issuerAcceptable('http://127.0.0.1:4010')).toBe(true);
    expect(issuerAcceptable('http://localhost:4010')).toBe(true);
    expect(issuerAcceptable('http://accounts.google.com')).toBe(false);
    expect(issuerAcceptable('http://10.0.0.5')).toBe(false);
    expect(issuerAcceptable('https://issuer.example/?x=1')).toBe(false);
    expect(issuerAcceptable('not a url')).toBe(false);
  });

  it('Google’s tokens may name the bare host; any other issuer only itself', () => {
    expect(acceptedIssuers('https://accounts.google.com')).toEqual(['https://accounts.google.com', 'accounts.google.com']);
    expect(acceptedIssuers('http://127.0.0.1:4010')).toEqual(['http://127.0.0.1:4010']);
  });
});

describe('authorization URL', () => {
  const base = {
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    clientId: 'client-1',
    callbackUrl: 'https://console.example.com/auth/v1/callback',
    state: 'S',
    nonce: 'N',
    providerChallenge: 'C',
  };

  it('asks for a code with openid email profile, state, nonce and S256 PKCE', () => {
    const u = new URL(authorizationUrl({ ...base, extra: {} }));
    expect(`${u.origin}${u.pathname}`).toBe(base.authorizationEndpoint);
    expect(Object.fromEntries(u.searchParams)).toEqual({
      client_id: 'client-1',
      redirect_uri: 'https://console.example.com/auth/v1/callback',
      response_type: 'code',
      scope: 'openid email profile',
      state: 'S',
      nonce: 'N',
      code_challenge: 'C',
      code_challenge_method: 'S256',
    });
  });

  it('adds requested scopes once and passes other parameters on, never ours', () => {
    const u = new URL(
      authorizationUrl({
        ...base,
        scopes: 'email https://www.googleapis.com/auth/calendar.readonly,openid',
        extra: {
          prompt: 'select_account',
          login_hint: 'sam@example.com',
          provider: 'google',
          redirect_to: 'https://console.example.com/auth',
          code_challenge: 'client-challenge',
          client_id: 'other',
          redirect_uri: 'https://evil.example/cb',
          state: 'forged',
          nonce: 'forged',
          scope: 'forged',
          response_type: 'token',
          skip_http_redirect: 'true',
        },
      }),
    );
    expect(u.searchParams.get('scope')).toBe('openid email profile https://www.googleapis.com/auth/calendar.readonly');
    expect(u.searchParams.get('prompt')).toBe('select_account');
    expect(u.searchParams.get('login_hint')).toBe('sam@example.com');
    for (const [k, v] of Object.entries({ client_id: 'client-1', redirect_uri: base.callbackUrl, state: 'S', nonce: 'N', response_type: 'code', code_challenge: 'C' })) {
      expect(u.searchParams.getAll(k)).toEqual([v]);
    }
    for (const k of ['provider', 'redirect_to', 'skip_http_redirect']) expect(u.searchParams.has(k)).toBe(false);
  });
});

describe('client authentication at the token endpoint', () => {
  it('is Basic unless the provider lists only client_secret_post', () => {
    expect(tokenAuthMethod(undefined)).toBe('client_secret_basic');
    expect(tokenAuthMethod([])).toBe('client_secret_basic');
    expect(tokenAuthMethod(['client_secret_post', 'client_secret_basic'])).toBe('client_secret_basic');
    expect(tokenAuthMethod(['client_secret_post'])).toBe('client_secret_post');
    expect(tokenAuthMethod(['private_key_jwt'])).toBe('client_secret_basic');
  });

  it('form-encodes id and secret before base64 (RFC 6749 §2.3.1)', () => {
    const header = basicAuthorization('id:1', 'sec ret/+');
    expect(Buffer.from(header.replace(/^Basic /, ''), 'base64').toString()).toBe('id%3A1:sec+ret%2F%2B');
  });
});

describe('ID-token claims', () => {
  const nonce = 'the-nonce';
  const expected = { nonceHash: sha256Hex(nonce), clientId: 'client-1' };
  const good = { iss: 'https://accounts.google.com', sub: '1234', aud: 'client-1', azp: 'client-1', nonce, email: ' Sam@Example.COM ', email_verified: true };

  it('accepts our nonce, a subject and a verified address, lower-cased', () => {
    const r = checkIdTokenClaims(good, expected);
    expect(r).toEqual({ ok: true, account: { sub: '1234', email: 'sam@example.com', claims: good } });
    expect(checkIdTokenClaims({ ...good, email_verified: 'true' }, expected).ok).toBe(true);
    expect(checkIdTokenClaims({ ...good, azp: undefined }, expected).ok).toBe(true);
  });

  it.each([
    [{ nonce: 'another' }, 'nonce_mismatch'],
    [{ nonce: undefined }, 'nonce_mismatch'],
    [{ azp: 'client-2' }, 'authorized_party_mismatch'],
    [{ aud: ['client-1', 'client-2'], azp: undefined }, 'authorized_party_mismatch'],
    [{ sub: '' }, 'subject_missing'],
    [{ email: undefined }, 'email_missing'],
    [{ email: '  ' }, 'email_missing'],
    [{ email_verified: false }, 'email_unverified'],
    [{ email_verified: 'false' }, 'email_unverified'],
    [{ email_verified: undefined }, 'email_unverified'],
    [{ email_verified: 1 }, 'email_unverified'],
  ])('refuses %o: %s', (change, reason) => {
    expect(checkIdTokenClaims({ ...good, ...change }, expected)).toEqual({ ok: false, reason });
  });
});

describe('what is recorded', () => {
  it('keeps GoTrue’s identity data and leaves absent claims out', () => {
    const account = { sub: '42', email: 'sam@example.com', claims: { iss: 'https://accounts.google.com', sub: '42', name: 'Sam', picture: 'https://p/1.png', hd: 'example.com' } };
    expect(identityData(account)).toEqual({
      iss: 'https://accounts.google.com',
      sub: '42',
      name: 'Sam',
      picture: 'https://p/1.png',
      email: 'sam@example.com',
      email_verified: true,
      phone_verified: false,
      full_name: 'Sam',
      avatar_url: 'https://p/1.png',
      provider_id: '42',
      custom_claims: { hd: 'example.com' },
    });
    expect(Object.keys(identityData({ sub: '7', email: 'a@b.c', claims: { sub: '7' } }))).toEqual(['sub', 'email', 'email_verified', 'phone_verified', 'provider_id']);
  });

  it('adds the provider to providers once; the first provider stays', () => {
    expect(withProvider({ provider: 'email', providers: ['email'] }, 'google')).toEqual({ provider: 'email', providers: ['email', 'google'] });
    expect(withProvider({ provider: 'email', providers: ['email', 'google'] }, 'google')).toEqual({ provider: 'email', providers: ['email', 'google'] });
    expect(withProvider({}, 'google')).toEqual({ provider: 'google', providers: ['google'] });
  });
});
