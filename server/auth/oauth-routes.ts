/**
 * GET /auth/v1/authorize and GET /auth/v1/callback — Google sign-in as GoTrue does it for supabase-js
 * `signInWithOAuth({ provider: 'google' })` with flowType pkce (docs/product/auth-protocol.md §5,
 * docs/auth.md "Google"; GT `api/external.go`, `api/external_oauth.go`).
 *
 * /authorize (a browser navigation): the client's PKCE challenge and validated redirect_to are kept
 * under a fresh single-use state, and the browser goes (302) to the provider's authorization endpoint
 * with that state, a nonce and this server's own PKCE challenge. /callback: the state is consumed, the
 * code exchanged with the client secret and the verifier, the ID token verified, the user found or
 * created, and the browser goes back (302) to redirect_to?code=<auth code> for the `pkce` grant of
 * /token. Failures go to redirect_to with `error`, `error_code`, `error_description` in the query and
 * the fragment; a state that is missing, unknown or already used goes to the site URL (303), since
 * only the state knew where to return.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';
import { parsePkceParams } from './pkce';
import { externalOrigin, resolveRedirect, siteUrl } from './redirect';
import { randomToken, sha256Base64Url, sha256Hex } from './crypto';
import { createState, takeState } from './oauth-state';
import { createOidcClient, OidcFailure, type OidcClient } from './oidc-client';
import { authorizationUrl, checkIdTokenClaims, issuerAcceptable, type ClaimsRefusal } from './oidc-rules';
import { userForAccount } from './external-identity';
import { OAUTH_ERROR } from './verify-route';
import { PROVIDERS } from './meta-routes';

const GOOGLE = 'google';

/** The Google client when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set and the issuer is acceptable. */
export function googleClientFor(config: Config, log: FastifyBaseLogger): OidcClient | undefined {
  if (!config.google) return undefined;
  if (!issuerAcceptable(config.google.issuer)) {
    log.error(`Google sign-in is off: GOOGLE_ISSUER must be an https URL (plain http only on this machine), not ${config.google.issuer}`);
    return undefined;
  }
  return createOidcClient(config.google);
}

const STATE_MISSING = new AuthError(400, 'bad_oauth_callback', 'OAuth state parameter missing');
const STATE_INVALID = new AuthError(400, 'bad_oauth_state', 'OAuth callback with invalid state');
const CODE_MISSING = new AuthError(400, 'bad_oauth_callback', 'OAuth callback with missing authorization code');
const UNAVAILABLE = new AuthError(503, 'unexpected_failure', 'Google sign-in is unavailable right now. Try again shortly, or use the email link.');
const EXCHANGE_FAILED = new AuthError(500, 'unexpected_failure', 'Unable to exchange external code');
const PROFILE_FAILED = new AuthError(500, 'unexpected_failure', 'Error getting user profile from external provider');
const EMAIL_MISSING = new AuthError(500, 'unexpected_failure', 'Error getting user email from external provider');
const EMAIL_UNVERIFIED = new AuthError(422, 'provider_email_needs_verification', 'Unverified email with google. Verify the email with google in order to sign in');

/** GT getErrorQueryString: these refusals read `access_denied`, the others follow the status. */
const ACCESS_DENIED = new Set(['signup_disabled', 'user_banned', 'provider_email_needs_verification']);

/** A provider's own `error` (the user cancelled, …) goes back as it came, without an error_code. */
interface ProviderError { error: string; description: string }

/** redirect_to with the error in its query and, as GoTrue still does, its fragment (GT redirectErrors). */
export function callbackErrorUrl(redirectTo: string, err: AuthError | ProviderError): string {
  const u = new URL(redirectTo);
  const fields: [string, string][] =
    err instanceof AuthError
      ? [
          ['error', ACCESS_DENIED.has(err.code) ? 'access_denied' : (OAUTH_ERROR[err.status] ?? 'server_error')],
          ['error_description', err.message],
          ['error_code', err.code],
        ]
      : [['error', err.error], ...(err.description ? ([['error_description', err.description]] as [string, string][]) : [])];
  const fragment = new URLSearchParams();
  for (const [k, v] of fields) {
    u.searchParams.set(k, v);
    fragment.set(k, v);
  }
  u.hash = fragment.toString();
  return u.toString();
}

/** A state nobody can vouch for: back to the site URL, error in the query (GT loadFlowState). */
function toSite(req: FastifyRequest, reply: FastifyReply, config: Config, err: AuthError): FastifyReply {
  const u = new URL(siteUrl(req, config));
  u.searchParams.set('error', OAUTH_ERROR[err.status] ?? 'server_error');
  u.searchParams.set('error_code', err.code);
  u.searchParams.set('error_description', err.message);
  return reply.redirect(u.toString(), 303);
}

const CLAIM_ERRORS: Record<ClaimsRefusal, AuthError> = {
  nonce_mismatch: PROFILE_FAILED,
  authorized_party_mismatch: PROFILE_FAILED,
  subject_missing: PROFILE_FAILED,
  email_missing: EMAIL_MISSING,
  email_unverified: EMAIL_UNVERIFIED,
};

export function registerOAuthRoutes(scope: FastifyInstance, d: AuthDeps): void {
  // a navigation; no automatic HEAD route: a HEAD must neither start a flow nor consume a state
  scope.get('/authorize', { exposeHeadRoute: false }, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const name = typeof q.provider === 'string' ? q.provider.toLowerCase() : '';
    if (name !== GOOGLE || !d.google) {
      if (PROVIDERS.includes(name) && name !== 'anonymous_users') {
        throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
      }
      throw new AuthError(400, 'validation_failed', `Unsupported provider: Provider ${name} could not be found`);
    }
    const pkce = parsePkceParams(q.code_challenge, q.code_challenge_method);
    const redirectTo = resolveRedirect(req, d.config, d.options.redirectAllowList, q.redirect_to);

    let authorizationEndpoint: string;
    try {
      authorizationEndpoint = (await d.google.discover()).authorization_endpoint;
    } catch (e) {
      req.log.error({ reason: e instanceof OidcFailure ? e.message : String(e) }, 'google sign-in: the provider cannot be reached');
      return reply.redirect(callbackErrorUrl(redirectTo, UNAVAILABLE), 302);
    }
    const nonce = randomToken(32);
    const providerCodeVerifier = randomToken(32);
    const callbackUrl = `${externalOrigin(req, d.config)}/auth/v1/callback`;
    const state = await createState(d.db, {
      provider: GOOGLE,
      nonceHash: sha256Hex(nonce),
      providerCodeVerifier,
      callbackUrl,
      codeChallenge: pkce.challenge,
      codeChallengeMethod: pkce.method,
      redirectTo,
    });
    const target = authorizationUrl({
      authorizationEndpoint,
      clientId: d.google.settings.clientId,
      callbackUrl,
      state,
      nonce,
      providerChallenge: sha256Base64Url(providerCodeVerifier),
      scopes: typeof q.scopes === 'string' ? q.scopes : undefined,
      extra: q,
    });
    return reply.redirect(target, 302);
  });

  scope.get('/callback', { exposeHeadRoute: false }, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const state = typeof q.state === 'string' ? q.state : '';
    if (!state) return toSite(req, reply, d.config, STATE_MISSING);
    const taken = await takeState(d.db, state);
    if (!taken.found || taken.pending.provider !== GOOGLE || !d.google) return toSite(req, reply, d.config, STATE_INVALID);
    const { pending } = taken;
    const back = (err: AuthError | ProviderError, reason?: string) => {
      if (reason) req.log.warn({ reason }, 'google sign-in refused');
      return reply.redirect(callbackErrorUrl(pending.redirectTo, err), 302);
    };
    if (taken.expired) return back(STATE_INVALID, 'state_expired');
    if (typeof q.error === 'string' && q.error) {
      return back({ error: q.error, description: typeof q.error_description === 'string' ? q.error_description : '' }, `provider_error ${q.error}`);
    }
    const code = typeof q.code === 'string' ? q.code : '';
    if (!code) return back(CODE_MISSING, 'code_missing');

    let claims: Record<string, unknown>;
    try {
      claims = await d.google.exchange(code, pending.callbackUrl, pending.providerCodeVerifier);
    } catch (e) {
      if (!(e instanceof OidcFailure)) throw e;
      return back(e.stage === 'exchange' ? EXCHANGE_FAILED : PROFILE_FAILED, e.message);
    }
    const checked = checkIdTokenClaims(claims, { nonceHash: pending.nonceHash, clientId: d.google.settings.clientId });
    if (!checked.ok) return back(CLAIM_ERRORS[checked.reason], checked.reason);

    const outcome = await d.db.transaction(async (tx): Promise<{ code: string } | { error: AuthError }> => {
      let userId: string;
      try {
        userId = (await userForAccount(tx, GOOGLE, checked.account, d.options.allowSignup)).id;
      } catch (e) {
        if (e instanceof AuthError && e.status < 500) return { error: e };
        throw e;
      }
      const authCode = randomUUID();
      // the code is revealed now: the pkce grant of /token accepts it for FLOW_STATE_TTL_S from here
      await tx.query(
        `insert into auth.flow_states (id, user_id, auth_code, code_challenge, code_challenge_method, authentication_method, auth_code_issued_at)
         values ($1, $2, $3, $4, $5, 'oauth', now())`,
        [randomUUID(), userId, authCode, pending.codeChallenge, pending.codeChallengeMethod],
      );
      return { code: authCode };
    });
    if ('error' in outcome) return back(outcome.error, outcome.error.code);
    const target = new URL(pending.redirectTo);
    target.searchParams.set('code', outcome.code);
    return reply.redirect(target.toString(), 302);
  });
}
