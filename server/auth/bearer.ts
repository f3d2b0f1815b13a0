/**
 * Bearer checks of /user and /logout — docs/product/auth-protocol.md §4 (GT `api/auth.go` requireAuthentication):
 * signature and `exp`, `sub`, the user row and the session row must all still be there.
 */
import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify } from 'jose';
import type { Queryable } from '../db';
import { AuthError } from './errors';
import { findUserById, type UserRow } from './users';
import type { Amr, SessionRow } from './sessions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Authenticated { user: UserRow; session: SessionRow }

function bearer(req: FastifyRequest): string {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^bearer\s+(\S+)\s*$/i.exec(h) : null;
  if (!m) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return m[1];
}

export async function authenticateUser(q: Queryable, secret: string, req: FastifyRequest): Promise<Authenticated> {
  const token = bearer(req);
  let payload;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] }));
  } catch (e) {
    const why = e instanceof joseErrors.JWTExpired ? 'token has invalid claims: token is expired' : 'signature is invalid';
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
  }
  if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  if (payload.aud !== 'authenticated') {
    throw new AuthError(400, 'validation_failed', 'Invalid token: token audience doesn\'t match request audience');
  }
  const user = await findUserById(q, payload.sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const sid = payload.session_id;
  const { rows } = typeof sid === 'string' && UUID.test(sid)
    ? await q.query<{ id: string; user_id: string; aal: string; amr: Amr[] }>('select id, user_id, aal, amr from auth.sessions where id = $1', [sid])
    : { rows: [] };
  if (!rows[0] || rows[0].user_id !== user.id) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, session: rows[0] };
}
