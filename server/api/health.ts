/** GET/HEAD /health — `{status, version, commit, environment, uptime_s, db}` (contract/ops.ts `healthAnswer`), 503 when the database does not answer. */
import type { FastifyInstance } from 'fastify';
import type { HealthAnswer } from '../../contract/ops';
import type { Db } from '../db';
import type { Config } from '../config';

/**
 * The server's environment as the Ops Console and the Diagnostics drawer both show it ("Server
 * environment", docs/decisions.md): NODE_ENV when set, else what the configuration implies.
 */
export function serverEnvironment(production: boolean): string {
  return process.env.NODE_ENV || (production ? 'production' : 'development');
}

export function registerHealth(app: FastifyInstance, db: Db, config: Config): void {
  const started = Date.now();
  const handler = async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    // a browser navigation to /health is the System Health page of the app (docs/product/routes-and-roles.md), not the JSON
    const accept = req.headers.accept ?? '';
    if (req.method === 'GET' && accept.includes('text/html') && !accept.includes('application/json') && 'sendFile' in reply) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    let dbState: 'up' | 'down' = 'down';
    try {
      await Promise.race([
        db.query('select 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
      ]);
      dbState = 'up';
    } catch {
      dbState = 'down';
    }
    reply.code(dbState === 'up' ? 200 : 503).header('cache-control', 'no-store');
    return {
      status: dbState === 'up' ? 'ok' : 'unavailable',
      version: config.version,
      commit: config.commit,
      environment: serverEnvironment(config.production),
      uptime_s: Math.round((Date.now() - started) / 1000),
      db: { engine: db.engine, status: dbState },
    } satisfies HealthAnswer;
  };
  app.get('/health', handler);
  // Fastify answers HEAD for GET routes by default (exposeHeadRoutes); the status code carries the answer.
}
