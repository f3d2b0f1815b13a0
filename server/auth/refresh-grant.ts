/**
 * POST /auth/v1/token?grant_type=refresh_token — docs/product/auth-protocol.md §3 (GT `internal/tokens/service.go`
 * RefreshTokenGrant): rotation with parent pointers and reuse detection, in one transaction with
 * the presented token's row locked (`for update`), so two replicas cannot both rotate it.
 *
 * Reuse of a revoked token (docs/auth.md, "Refresh-token reuse"):
 *  - within REFRESH_REUSE_INTERVAL_S of its revocation → refused (400 refresh_token_already_used),
 *    the session stays (a benign race, e.g. two tabs);
 *  - later → reuse detected: the session and its whole token family are revoked, same answer.
 */
import type { Tx } from '../db';
import { AuthError } from './errors';
import { sha256Hex } from './crypto';
import { addRefreshToken, tokenResponse, type Amr, type TokenContext, type TokenResponse } from './sessions';
import { findUserById } from './users';
import { REFRESH_REUSE_INTERVAL_S } from './constants';
import { sessionsRevoked } from './revocations';

export type RefreshOutcome = { ok: true; response: TokenResponse } | { ok: false; error: AuthError };

const ALREADY_USED = new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');

/** Returns errors instead of throwing when the transaction must still commit (revocation on reuse). */
export async function refreshGrant(tx: Tx, ctx: TokenContext, body: Record<string, unknown>): Promise<RefreshOutcome> {
  const presented = typeof body.refresh_token === 'string' ? body.refresh_token : '';
  if (!presented) throw new AuthError(400, 'validation_failed', 'refresh_token required');
  if (presented.length < 12 || presented.length > 512) throw new AuthError(400, 'validation_failed', 'Refresh token is not valid');

  const { rows } = await tx.query<{ id: number; session_id: string; user_id: string; revoked: boolean; revoked_age: number | null }>(
    `select id, session_id, user_id, revoked, extract(epoch from now() - revoked_at)::float8 as revoked_age
       from auth.refresh_tokens where token_hash = $1 for update`,
    [sha256Hex(presented)],
  );
  const token = rows[0];
  if (!token) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

  const s = await tx.query<{ id: string; user_id: string; aal: string; amr: Amr[] }>(
    'select id, user_id, aal, amr from auth.sessions where id = $1 for update',
    [token.session_id],
  );
  const session = s.rows[0];
  if (!session) throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: Session Not Found');

  if (token.revoked) {
    if (Number(token.revoked_age ?? 0) > REFRESH_REUSE_INTERVAL_S) {
      // reuse detected: log the session out (its refresh tokens go with it)
      await tx.query('delete from auth.sessions where id = $1', [session.id]);
      sessionsRevoked({ sessionId: session.id });
    }
    return { ok: false, error: ALREADY_USED };
  }

  await tx.query('update auth.refresh_tokens set revoked = true, revoked_at = now() where id = $1', [token.id]);
  const child = await addRefreshToken(tx, session, Number(token.id));
  await tx.query('update auth.sessions set refreshed_at = now() where id = $1', [session.id]);
  const user = await findUserById(tx, token.user_id);
  if (!user) throw new AuthError(400, 'user_not_found', 'User not found');
  return { ok: true, response: await tokenResponse(ctx, user, session, child) };
}
