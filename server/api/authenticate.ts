/**
 * /api authentication — issue 2 §8 and DESIGN §4: verify the Bearer JWT, load the profile (the
 * tenant comes from it, never from the client), check `X-Tenant-Id`. Decorates `req.auth`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import type { Verifier } from '../auth/jwt';
import { roleOf } from '../../contract/roles';
import { TENANT_REQUIRED_MESSAGE } from '../../contract/constants';
import { HttpError } from './errors';

/** Routes that work before the client knows its tenant (it learns it from them). */
const NO_TENANT_HEADER = new Set(['/api/me', '/api/csrf']);

export interface AuthenticateOptions {
  db: Db;
  verify: Verifier;
  /** Embedded auth: the JWT's session must still exist (signed-out tokens stop working at once). */
  checkSession: boolean;
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (typeof h === 'string' && /^bearer\s+/i.test(h)) return h.replace(/^bearer\s+/i, '').trim();
  // EventSource cannot send headers: SSE routes take ?token= (DESIGN §5)
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  if (typeof q === 'string' && req.url.startsWith('/api/stream')) return q;
  return undefined;
}

export function createAuthenticate(o: AuthenticateOptions) {
  return async function authenticate(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(req);
    if (!token) {
      // routes with an anonymous answer (the flag defaults, DESIGN §4) run without req.auth
      if (req.routeOptions.config.anonymous) return;
      throw new HttpError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    }
    let claims;
    try {
      claims = await o.verify(token);
    } catch {
      throw new HttpError(401, 'bad_jwt', 'Invalid or expired access token');
    }
    const profile = await o.db.transaction(async (tx) => {
      const p = await tx.query<{ tenant_id: string; role: string; email: string }>(
        'select tenant_id, role, email from profiles where id = $1',
        [claims.sub],
      );
      const pr = p.rows[0];
      if (!pr) return null;
      // the tenants policy reads app.tenant_id: switch to the profile's tenant for the name
      await tx.query("select set_config('app.tenant_id', $1, true)", [pr.tenant_id]);
      const t = await tx.query<{ name: string }>('select name from tenants where id = $1', [pr.tenant_id]);
      return { ...pr, tenant_name: t.rows[0]?.name ?? '' };
    }, { userId: claims.sub });
    if (!profile) throw new HttpError(401, 'profile_not_found', 'No profile for this user');
    if (o.checkSession && claims.session_id) {
      const s = await o.db.query('select 1 from auth.sessions where id = $1', [claims.session_id]);
      if (s.rows.length === 0) throw new HttpError(401, 'session_not_found', 'Session has ended; sign in again');
    }
    const path = req.url.split('?')[0];
    const header = req.headers['x-tenant-id'];
    if (typeof header === 'string' && header !== '' && header !== profile.tenant_id) {
      throw new HttpError(403, 'tenant_mismatch', 'X-Tenant-Id does not match your tenant');
    }
    if ((typeof header !== 'string' || header === '') && !NO_TENANT_HEADER.has(path) && !path.startsWith('/api/stream')) {
      throw new HttpError(400, 'tenant_required', TENANT_REQUIRED_MESSAGE);
    }
    req.auth = {
      userId: claims.sub,
      email: profile.email || String(claims.email ?? ''),
      role: roleOf(profile.role),
      tenantId: profile.tenant_id,
      tenantName: profile.tenant_name,
      sessionId: claims.session_id,
    };
  };
}
