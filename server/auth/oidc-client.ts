/**
 * The OpenID Connect client behind Google sign-in (docs/auth.md, "Google"): the provider's discovery
 * document, the code exchange at its token endpoint (client secret and this server's PKCE verifier)
 * and the ID token's signature, `iss`, `aud` and `exp` checked by jose against the provider's JWKS.
 * The discovery document and the key set are cached (jose refetches the keys for an unknown `kid`);
 * they are copies of public documents, not state a second replica would need.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { acceptedIssuers, basicAuthorization, tokenAuthMethod } from './oidc-rules';

export interface OidcSettings { issuer: string; clientId: string; clientSecret: string }

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
  id_token_signing_alg_values_supported?: string[];
}

/** Why the provider's answer was not accepted; logged, never shown (the browser gets GoTrue's words). */
export class OidcFailure extends Error {
  constructor(
    readonly stage: 'discovery' | 'exchange' | 'id_token',
    readonly reason: string,
  ) {
    super(`${stage}: ${reason}`);
  }
}

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 10_000;
/** Seconds of clock difference tolerated on `exp` (and `nbf`/`iat` when present). */
const CLOCK_TOLERANCE_S = 30;
const ASYMMETRIC = /^(RS|PS|ES)(256|384|512)$|^EdDSA$|^Ed25519$/;

function httpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

export interface OidcClient {
  readonly settings: OidcSettings;
  discover(): Promise<Discovery>;
  /** The ID token's verified claims after exchanging `code`; throws OidcFailure. */
  exchange(code: string, callbackUrl: string, codeVerifier: string): Promise<Record<string, unknown>>;
}

export function createOidcClient(settings: OidcSettings, fetchImpl: typeof fetch = fetch): OidcClient {
  let cached: { at: number; discovery: Discovery; keys: JWTVerifyGetKey } | undefined;

  async function load(): Promise<NonNullable<typeof cached>> {
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached;
    const url = `${settings.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    let doc: Record<string, unknown>;
    try {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (!res.ok) throw new OidcFailure('discovery', `${url} answered ${res.status}`);
      doc = (await res.json()) as Record<string, unknown>;
    } catch (e) {
      if (e instanceof OidcFailure) throw e;
      throw new OidcFailure('discovery', `${url}: ${e instanceof Error ? e.message : String(e)}`);
    }
    // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for
    if (doc.issuer !== settings.issuer) throw new OidcFailure('discovery', `issuer ${String(doc.issuer)} is not ${settings.issuer}`);
    for (const k of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (!httpUrl(doc[k])) throw new OidcFailure('discovery', `${k} missing`);
    }
    const discovery = doc as unknown as Discovery;
    const keys = createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: FETCH_TIMEOUT_MS });
    cached = { at: Date.now(), discovery, keys };
    return cached;
  }

  async function tokenRequest(d: Discovery, code: string, callbackUrl: string, codeVerifier: string): Promise<string> {
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callbackUrl, code_verifier: codeVerifier });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    if (tokenAuthMethod(d.token_endpoint_auth_methods_supported) === 'client_secret_basic') {
      headers.authorization = basicAuthorization(settings.clientId, settings.clientSecret);
    } else {
      form.set('client_id', settings.clientId);
      form.set('client_secret', settings.clientSecret);
    }
    let res: Response;
    try {
      res = await fetchImpl(d.token_endpoint, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch (e) {
      throw new OidcFailure('exchange', e instanceof Error ? e.message : String(e));
    }
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) throw new OidcFailure('exchange', `token endpoint answered ${res.status} ${String(body.error ?? '')}`.trim());
    if (typeof body.id_token !== 'string') throw new OidcFailure('exchange', 'no id_token in the token response');
    return body.id_token;
  }

  return {
    settings,
    discover: async () => (await load()).discovery,
    async exchange(code, callbackUrl, codeVerifier) {
      const { discovery, keys } = await load();
      const idToken = await tokenRequest(discovery, code, callbackUrl, codeVerifier);
      const algorithms = (discovery.id_token_signing_alg_values_supported ?? ['RS256']).filter((a) => ASYMMETRIC.test(a));
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          issuer: acceptedIssuers(settings.issuer),
          audience: settings.clientId,
          algorithms: algorithms.length > 0 ? algorithms : ['RS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
          clockTolerance: CLOCK_TOLERANCE_S,
        });
        return payload as Record<string, unknown>;
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        throw new OidcFailure('id_token', typeof code === 'string' ? code : e instanceof Error ? e.message : String(e));
      }
    },
  };
}
