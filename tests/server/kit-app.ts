/**
 * A bare Fastify app for testing the route kit directly (`route()` over the harness database),
 * every request signed in as the Demo Store's admin with a correlation id.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AuthInfo } from '../../server/api/context';
import { ACCOUNTS, DEMO_TENANT } from './tokens';

const admin = ACCOUNTS.find((a) => a.email === 'admin@demo.local')!;
export const ADMIN_AUTH: AuthInfo = { userId: admin.id, email: admin.email, role: 'admin', tenantId: DEMO_TENANT.id, tenantName: DEMO_TENANT.name };

export function kitApp(): FastifyInstance {
  const app = Fastify({ logger: false });
  app.addHook('onRequest', async (req) => {
    req.correlationId = String(req.headers['x-correlation-id'] ?? randomUUID());
    req.auth = ADMIN_AUTH;
  });
  return app;
}
