/**
 * Sessions, refresh tokens and the token response — docs/product/auth-protocol.md §2, §3, §6.
 * A session row is what the access token's `session_id` names; refresh tokens are opaque random
 * strings stored as hashes, each child pointing at its parent.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable, Tx } from '../db';
import { signAccessToken } from './jwt';
import { randomToken, sha256Hex } from './crypto';
import { userJson, type UserRow } from './users';

export interface Amr { method: string; timestamp: number }
export interface SessionRow { id: string; user_id: string; aal: string; amr: Amr[] }

export interface TokenContext { secret: string; ttlS: number; issuer: string }

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

/** Inserts a refresh token for the session (child of `parentId` when rotating) and returns its plain value. */
export async function addRefreshToken(tx: Tx, session: SessionRow, parentId: number | null): Promise<string> {
  const token = randomToken(32);
  await tx.query(
    'insert into auth.refresh_tokens (token_hash, session_id, user_id, parent_id) values ($1, $2, $3, $4)',
    [sha256Hex(token), session.id, session.user_id, parentId],
  );
  return token;
}

/** A new session after a successful sign-in (`method` becomes the access token's amr). */
export async function createSession(tx: Tx, user: UserRow, method: string): Promise<{ session: SessionRow; refreshToken: string }> {
  const session: SessionRow = {
    id: randomUUID(),
    user_id: user.id,
    aal: 'aal1',
    amr: [{ method, timestamp: Math.floor(Date.now() / 1000) }],
  };
  await tx.query('insert into auth.sessions (id, user_id, aal, amr) values ($1, $2, $3, $4)', [
    session.id,
    session.user_id,
    session.aal,
    JSON.stringify(session.amr),
  ]);
  return { session, refreshToken: await addRefreshToken(tx, session, null) };
}

/** The access-token response of /token (GT AccessTokenResponse) with a fresh HS256 access token. */
export async function tokenResponse(ctx: TokenContext, user: UserRow, session: SessionRow, refreshToken: string): Promise<TokenResponse> {
  const { token, expiresAt } = await signAccessToken(
    {
      sub: user.id,
      email: user.email,
      phone: '',
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      role: 'authenticated',
      aal: 'aal1',
      amr: session.amr,
      session_id: session.id,
      is_anonymous: false,
    },
    ctx.secret,
    { ttlS: ctx.ttlS, issuer: ctx.issuer },
  );
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.ttlS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an access token's `session_id` names a live session of its `sub` (docs/auth.md, "Sessions"). */
export async function sessionOwnedBy(q: Queryable, sessionId: unknown, userId: string): Promise<boolean> {
  if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return false;
  const { rows } = await q.query('select 1 from auth.sessions where id = $1 and user_id = $2', [sessionId, userId]);
  return rows.length > 0;
}
