/**
 * /api authentication — docs/product/architecture.md and docs/api-conventions.md: verify the Bearer JWT, load the profile (the
 * tenant comes from it, never from the client), check `X-Tenant-Id`. Decorates `req.auth`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import type { Verifier } from '../auth/jwt';
import { roleOf } from '../../contract/roles';
import { TENANT_REQUIRED_MESSAGE } from '../../contract/constants';
import { HttpError } from './errors';
import type { AuthCache } from './auth-cache';
import type { AuthInfo } from './context';

/** Routes that work before the client knows its tenant (it learns it from them). */
const NO_TENANT_HEADER = new Set(['/api/me', '/api/csrf']);

export interface AuthenticateOptions {
  db: Db;
  verify: Verifier;
  /** Embedded auth: the JWT's session must still exist (signed-out tokens stop working at once). */
  checkSession: boolean;
  /** Verified tokens remembered for a few seconds (see auth-cache.ts). */
  cache?: AuthCache;
}

/**
 * The server-sent stream routes, exactly `/api/stream` and `/api/stream/:name`: the only ones that
 * take `?token=`, because EventSource cannot send headers (docs/auth.md, "Tokens"). A token in a
 * URL ends up in histories and proxy logs, so no other route accepts one.
 */
const SSE_PATH = /^\/api\/stream(?:\/[^/]+)?$/;

export function isSsePath(path: string): boolean {
  return SSE_PATH.test(path);
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (typeof h === 'string' && /^bearer\s+/i.test(h)) return h.replace(/^bearer\s+/i, '').trim();
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  if (typeof q === 'string' && req.method === 'GET' && isSsePath(req.url.split('?')[0])) return q;
  return undefined;
}

/**
 * A bearer token to the member it stands for (profile, tenant, role), as every /api request resolves
 * it; also used by the MCP endpoint (docs/mcp.md), which has no X-Tenant-Id to check.
 */
export function createTokenResolver(o: AuthenticateOptions): (token: string) => Promise<AuthInfo> {
  async function resolve(token: string): Promise<AuthInfo> {
    let claims;
    try {
      claims = await o.verify(token);
    } catch {
      throw new HttpError(401, 'bad_jwt', 'Invalid or expired access token');
    }
    // one statement: profile, tenant name and (embedded auth) whether the token's session is still
    // there and is the subject's own (the verifier already required a session_id)
    const sessionId = o.checkSession ? claims.session_id : null;
    const { rows } = await o.db.transaction(
      async (tx) => {
        const read = await tx.query<{ tenant_id: string; role: string; email: string; status: string; tenant_name: string; session_live: boolean }>(
          `select p.tenant_id, p.role, p.email, p.status, t.name as tenant_name,
                  ($2::uuid is null or exists (select 1 from auth.sessions s where s.id = $2::uuid and s.user_id = $1::uuid)) as session_live
             from profiles p join tenants t on t.id = p.tenant_id
            where p.id = $1`,
          [claims.sub, sessionId],
        );
        // an invited person's first signed-in call: they have joined (docs/governance.md "Users and invitations")
        const p = read.rows[0];
        if (p?.status === 'invited' && p.session_live) {
          await tx.query(`update profiles set status = 'active', updated_at = now() where id = $1 and status = 'invited'`, [claims.sub]);
        }
        return read;
      },
      { userId: claims.sub },
    );
    const profile = rows[0];
    if (!profile) throw new HttpError(401, 'profile_not_found', 'No profile for this user');
    if (!profile.session_live) throw new HttpError(401, 'session_not_found', 'Session has ended; sign in again');
    if (profile.status === 'deactivated') throw new HttpError(401, 'user_deactivated', 'This account has been deactivated; ask an administrator of your workspace');
    const auth: AuthInfo = {
      userId: claims.sub,
      email: profile.email || String(claims.email ?? ''),
      role: roleOf(profile.role),
      tenantId: profile.tenant_id,
      tenantName: profile.tenant_name,
      sessionId: claims.session_id,
    };
    o.cache?.set(token, auth, claims.exp);
    return auth;
  }
  return async (token) => o.cache?.get(token) ?? (await resolve(token));
}

export function createAuthenticate(o: AuthenticateOptions) {
  const resolve = createTokenResolver(o);
  return async function authenticate(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(req);
    if (!token) {
      // routes with an anonymous answer (the flag defaults, docs/api-conventions.md) run without req.auth
      if (req.routeOptions.config.anonymous) return;
      throw new HttpError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    }
    const auth = await resolve(token);
    const path = req.url.split('?')[0];
    const header = req.headers['x-tenant-id'];
    if (typeof header === 'string' && header !== '' && header !== auth.tenantId) {
      throw new HttpError(403, 'tenant_mismatch', 'X-Tenant-Id does not match your tenant');
    }
    if ((typeof header !== 'string' || header === '') && !NO_TENANT_HEADER.has(path) && !path.startsWith('/api/stream')) {
      throw new HttpError(400, 'tenant_required', TENANT_REQUIRED_MESSAGE);
    }
    req.auth = auth;
  };
}
