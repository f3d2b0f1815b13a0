/**
 * GET /auth/v1/user and POST /auth/v1/logout?scope=global|local|others — docs/product/auth-protocol.md §4
 * (GT `api/user.go`, `api/logout.go`). Logout deletes sessions; their refresh tokens go with them,
 * and /api stops accepting their access tokens at once (the session check in api/authenticate.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';
import { authenticateUser } from './bearer';
import { userJson } from './users';
import { sessionsRevoked } from './revocations';

export function registerUserRoutes(scope: FastifyInstance, d: AuthDeps): void {
  scope.get('/user', async (req, reply) => {
    const { user } = await authenticateUser(d.db, d.secret, req);
    return reply.send(userJson(user));
  });

  scope.post('/logout', async (req, reply) => {
    const { user, session } = await authenticateUser(d.db, d.secret, req);
    const raw = (req.query as Record<string, unknown>).scope;
    const logoutScope = raw === undefined || raw === '' ? 'global' : raw;
    if (logoutScope === 'global') {
      await d.db.query('delete from auth.sessions where user_id = $1', [user.id]);
      sessionsRevoked({ userId: user.id });
    } else if (logoutScope === 'local') {
      await d.db.query('delete from auth.sessions where id = $1', [session.id]);
      sessionsRevoked({ sessionId: session.id });
    } else if (logoutScope === 'others') {
      await d.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, session.id]);
      sessionsRevoked({ userId: user.id, exceptSessionId: session.id });
    } else {
      throw new AuthError(400, 'validation_failed', `Unsupported logout scope ${JSON.stringify(String(raw))}`);
    }
    return reply.code(204).send();
  });
}
