/**
 * The rules of Google sign-in that need no network or database (docs/auth.md, "Google"): which
 * issuer URLs are accepted, the authorization URL, how the client authenticates at the token
 * endpoint, what an ID token's claims must say beyond its signature, and what is recorded of them.
 */
import { safeEqual, sha256Hex } from './crypto';
import { isLoopbackHostname } from './site-origins';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** https, or plain http on this machine only (a local provider in tests and development). */
export function issuerAcceptable(issuer: string): boolean {
  try {
    const u = new URL(issuer);
    if (u.search || u.hash) return false;
    return u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHostname(u.hostname));
  } catch {
    return false;
  }
}

/** The `iss` values an ID token may carry: Google also signs with the bare host name. */
export function acceptedIssuers(issuer: string): string[] {
  return issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, 'accounts.google.com'] : [issuer];
}

/** OpenID Connect's default is client_secret_basic; _post only when the provider lists it and not basic. */
export function tokenAuthMethod(supported: unknown): 'client_secret_basic' | 'client_secret_post' {
  if (!Array.isArray(supported) || supported.length === 0 || supported.includes('client_secret_basic')) return 'client_secret_basic';
  return supported.includes('client_secret_post') ? 'client_secret_post' : 'client_secret_basic';
}

/** `Authorization: Basic` of RFC 6749 §2.3.1: both parts form-encoded before base64. */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${enc(clientId)}:${enc(clientSecret)}`).toString('base64')}`;
}

/** Parameters of /authorize that are ours to set, never passed on from the client's query. */
const RESERVED = new Set([
  'provider', 'scopes', 'redirect_to', 'code_challenge', 'code_challenge_method', 'skip_http_redirect', 'apikey',
  'client_id', 'redirect_uri', 'response_type', 'response_mode', 'scope', 'state', 'nonce', 'request', 'request_uri',
]);

const BASE_SCOPES = ['openid', 'email', 'profile'];

export interface AuthorizationRequest {
  authorizationEndpoint: string;
  clientId: string;
  callbackUrl: string;
  state: string;
  nonce: string;
  /** base64url SHA-256 of this server's verifier towards the provider. */
  providerChallenge: string;
  /** The client's `scopes` (space or comma separated), added to openid email profile. */
  scopes?: string;
  /** The rest of the client's query (supabase-js `options.queryParams`, e.g. prompt, login_hint, hd). */
  extra: Record<string, unknown>;
}

/**
 * The provider's authorization URL. As GoTrue does, the client's other query parameters go along
 * (`prompt=select_account`, `login_hint`, `hd`, …); the ones that make the request ours cannot be replaced.
 */
export function authorizationUrl(r: AuthorizationRequest): string {
  const u = new URL(r.authorizationEndpoint);
  for (const [k, v] of Object.entries(r.extra)) {
    if (!RESERVED.has(k) && typeof v === 'string') u.searchParams.set(k, v);
  }
  const scopes = [...BASE_SCOPES];
  for (const s of (r.scopes ?? '').split(/[\s,]+/)) if (s && !scopes.includes(s)) scopes.push(s);
  u.searchParams.set('client_id', r.clientId);
  u.searchParams.set('redirect_uri', r.callbackUrl);
  u.searchParams.set('response_type', 'code');
  u.searchParams.set('scope', scopes.join(' '));
  u.searchParams.set('state', r.state);
  u.searchParams.set('nonce', r.nonce);
  u.searchParams.set('code_challenge', r.providerChallenge);
  u.searchParams.set('code_challenge_method', 'S256');
  return u.toString();
}

export type ClaimsRefusal = 'nonce_mismatch' | 'authorized_party_mismatch' | 'subject_missing' | 'email_missing' | 'email_unverified';

export interface VerifiedAccount { sub: string; email: string; claims: Record<string, unknown> }

/**
 * What the ID token must say once jose has checked its signature, `iss`, `aud` and `exp`: our nonce
 * (whose SHA-256 hex is what auth.oauth_states keeps),
 * our client as the authorized party when it names one, a subject and a verified email (lower-cased,
 * as every address of auth.users).
 */
export function checkIdTokenClaims(
  claims: Record<string, unknown>,
  expected: { nonceHash: string; clientId: string },
): { ok: true; account: VerifiedAccount } | { ok: false; reason: ClaimsRefusal } {
  if (typeof claims.nonce !== 'string' || !safeEqual(sha256Hex(claims.nonce), expected.nonceHash)) return { ok: false, reason: 'nonce_mismatch' };
  const aud = claims.aud;
  const multiple = Array.isArray(aud) && aud.length > 1;
  if ((multiple || claims.azp !== undefined) && claims.azp !== expected.clientId) return { ok: false, reason: 'authorized_party_mismatch' };
  if (typeof claims.sub !== 'string' || claims.sub === '') return { ok: false, reason: 'subject_missing' };
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email) return { ok: false, reason: 'email_missing' };
  // some providers send the boolean as a string
  if (claims.email_verified !== true && claims.email_verified !== 'true') return { ok: false, reason: 'email_unverified' };
  return { ok: true, account: { sub: claims.sub, email, claims } };
}

/**
 * The identity data GoTrue records for an OpenID account (GT `internal/api/provider` Claims), which
 * it also merges into user_metadata. Absent claims are left out.
 */
export function identityData(account: VerifiedAccount): Record<string, unknown> {
  const c = account.claims;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const data: Record<string, unknown> = {
    iss: str(c.iss),
    sub: account.sub,
    name: str(c.name),
    picture: str(c.picture),
    email: account.email,
    email_verified: true,
    phone_verified: false,
    full_name: str(c.name),
    avatar_url: str(c.picture),
    provider_id: account.sub,
  };
  if (str(c.hd)) data.custom_claims = { hd: c.hd };
  for (const k of Object.keys(data)) if (data[k] === undefined) delete data[k];
  return data;
}

/**
 * app_metadata once the user has an identity at `provider` (GT UpdateAppMetaDataProviders): the
 * provider joins `providers`; `provider` (the first one) stays, or is this one for a new user.
 */
export function withProvider(appMetadata: Record<string, unknown>, provider: string): Record<string, unknown> {
  const listed = Array.isArray(appMetadata.providers) ? appMetadata.providers.filter((p): p is string => typeof p === 'string') : [];
  const providers = listed.includes(provider) ? listed : [...listed, provider];
  return { ...appMetadata, provider: typeof appMetadata.provider === 'string' ? appMetadata.provider : provider, providers };
}
