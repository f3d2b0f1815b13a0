/** POST /auth/v1/token — docs/product/auth-protocol.md §2/§3: `pkce` and `refresh_token` grants; any other → 400 (GT `api/token.go`). */
import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';
import { externalOrigin } from './redirect';
import { pkceGrant } from './pkce-grant';
import { refreshGrant } from './refresh-grant';
import type { TokenContext } from './sessions';

export function registerToken(scope: FastifyInstance, d: AuthDeps): void {
  scope.post('/token', async (req, reply) => {
    const grant = (req.query as Record<string, unknown>).grant_type;
    if (grant !== 'pkce' && grant !== 'refresh_token') throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
    const body = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
    }
    const ctx: TokenContext = { secret: d.secret, ttlS: d.config.accessTokenTtlS, issuer: `${externalOrigin(req, d.config)}/auth/v1` };
    const b = body as Record<string, unknown>;
    if (grant === 'pkce') return reply.send(await d.db.transaction((tx) => pkceGrant(tx, ctx, b)));
    const outcome = await d.db.transaction((tx) => refreshGrant(tx, ctx, b));
    if (!outcome.ok) throw outcome.error;
    return reply.send(outcome.response);
  });
}
