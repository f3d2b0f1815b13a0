/**
 * GET /auth/v1/verify — docs/product/auth-protocol.md §2 (GT `api/verify.go`). Opened from the mail by a browser
 * navigation (no apikey). Consumes the link (single use, 1 h), stamps the flow state's auth code
 * and answers 303 to redirect_to?code=<uuid>; failures go to redirect_to with the error in the query
 * and the fragment. Missing parameters get plain JSON 400.
 */
import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';
import { resolveRedirect } from './redirect';
import { sha256Hex } from './crypto';
import { LINK_TYPES, OTP_EXPIRY_S } from './constants';

/** GT oauthErrorMap: the OAuth word for an HTTP status. */
export const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

const LINK_INVALID = new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');

/** redirect_to with `error`, `error_code`, `error_description` in its query (PKCE) and fragment (+ `sb`). */
export function errorRedirect(redirectTo: string, err: AuthError): string {
  const u = new URL(redirectTo);
  const fragment = new URLSearchParams();
  const word = OAUTH_ERROR[err.status];
  if (word) {
    u.searchParams.set('error', word);
    fragment.set('error', word);
  }
  for (const [k, v] of [['error_code', err.code], ['error_description', err.message]]) {
    u.searchParams.set(k, v);
    fragment.set(k, v);
  }
  fragment.set('sb', '');
  u.hash = fragment.toString();
  return u.toString();
}

export function registerVerify(scope: FastifyInstance, d: AuthDeps): void {
  // no automatic HEAD route: a link scanner's HEAD must not consume the single-use link
  scope.get('/verify', { exposeHeadRoute: false }, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const token = typeof q.token === 'string' ? q.token : '';
    const type = typeof q.type === 'string' ? q.type : '';
    if (!token) throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
    if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    if (!(LINK_TYPES as readonly string[]).includes(type)) throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
    const redirectTo = resolveRedirect(req, d.config, d.options.redirectAllowList, q.redirect_to);

    const outcome = await d.db.transaction(async (tx): Promise<{ code: string } | { error: AuthError }> => {
      const { rows } = await tx.query<{ user_id: string; token_type: string; flow_state_id: string; fresh: boolean }>(
        `select user_id, token_type, flow_state_id, sent_at > now() - make_interval(secs => $2) as fresh
           from auth.one_time_tokens where token_hash = $1 for update`,
        [sha256Hex(token), OTP_EXPIRY_S],
      );
      const t = rows[0];
      if (!t) return { error: LINK_INVALID };
      // single use: the link is gone whatever happens next (expired links too)
      await tx.query('delete from auth.one_time_tokens where user_id = $1', [t.user_id]);
      if (!t.fresh || t.token_type !== type) return { error: LINK_INVALID };
      const flow = await tx.query<{ auth_code: string }>(
        'update auth.flow_states set auth_code_issued_at = now() where id = $1 returning auth_code',
        [t.flow_state_id],
      );
      if (!flow.rows[0]) return { error: new AuthError(404, 'flow_state_not_found', 'No associated flow state found') };
      await tx.query(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
           user_metadata = user_metadata || '{"email_verified": true}'::jsonb, updated_at = now()
         where id = $1`,
        [t.user_id],
      );
      return { code: flow.rows[0].auth_code };
    });

    if ('error' in outcome) return reply.redirect(errorRedirect(redirectTo, outcome.error), 303);
    const target = new URL(redirectTo);
    target.searchParams.set('code', outcome.code);
    return reply.redirect(target.toString(), 303);
  });
}
