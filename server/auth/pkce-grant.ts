/**
 * POST /auth/v1/token?grant_type=pkce — docs/product/auth-protocol.md §2 (GT `api/token.go` PKCE): the auth code
 * revealed by /verify, bound to the stored challenge, valid FLOW_STATE_TTL_S after the click, single use.
 */
import type { Tx } from '../db';
import { AuthError } from './errors';
import { verifierMatches, type ChallengeMethod } from './pkce';
import { createSession, tokenResponse, type TokenContext, type TokenResponse } from './sessions';
import { findUserById } from './users';
import { FLOW_STATE_TTL_S } from './constants';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');

export async function pkceGrant(tx: Tx, ctx: TokenContext, body: Record<string, unknown>): Promise<TokenResponse> {
  const code = typeof body.auth_code === 'string' ? body.auth_code : '';
  const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
  if (!code || !verifier) {
    throw new AuthError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  if (!UUID.test(code)) throw NOT_FOUND;
  const { rows } = await tx.query<{
    id: string;
    user_id: string;
    code_challenge: string;
    code_challenge_method: ChallengeMethod;
    authentication_method: string;
    expired: boolean;
  }>(
    `select id, user_id, code_challenge, code_challenge_method, authentication_method,
            auth_code_issued_at < now() - make_interval(secs => $2) as expired
       from auth.flow_states where auth_code = $1 and auth_code_issued_at is not null for update`,
    [code, FLOW_STATE_TTL_S],
  );
  const flow = rows[0];
  if (!flow) throw NOT_FOUND;
  if (flow.expired) throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  if (!verifierMatches(verifier, flow.code_challenge, flow.code_challenge_method)) {
    throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await tx.query('delete from auth.flow_states where id = $1', [flow.id]);
  // deactivated after the link was sent (GoTrue's banned_until; docs/governance.md "Users and invitations")
  const barred = await tx.query('select 1 from auth.users where id = $1 and banned_until > now()', [flow.user_id]);
  if (barred.rows.length > 0) throw new AuthError(400, 'user_banned', 'User is banned');
  await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [flow.user_id]);
  const user = await findUserById(tx, flow.user_id);
  if (!user) throw new AuthError(403, 'user_not_found', 'User not found');
  const { session, refreshToken } = await createSession(tx, user, flow.authentication_method);
  return tokenResponse(ctx, user, session, refreshToken);
}
