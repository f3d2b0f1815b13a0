/**
 * The one Fastify app — DESIGN §1. Load order reads as a table of contents:
 * parsers and hooks, health, embedded auth (/auth/v1, /rest/v1, /dev/mailbox), the product API
 * (/api, authenticated), then the built front end with index.html fallback.
 */
import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import type { Config } from './config';
import { HttpError } from './api/errors';
import { registerHealth } from './api/health';
import { createAuthenticate } from './api/authenticate';
import { createAuthCache } from './api/auth-cache';
import { createRateLimit } from './api/rate-limit';
import { apiModules } from './api/routes';
import { route } from './api/kit';
import type { Api, Services } from './api/module';
import { createVerifier } from './auth/jwt';
import { resolveJwtSecret } from './auth/secret';
import { registerEmbeddedAuth } from './auth/routes';
import { attachEventRuntime } from './events/runtime';
import './api/context';

export interface BuildOptions { config: Config; db: Db; logger?: boolean }

const APP_PREFIXES = ['/api', '/auth/', '/rest/', '/dev/', '/health'];

export async function buildApp({ config, db: rawDb, logger = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    // only behind a known proxy: otherwise a client could pick its own address past the per-IP limits
    trustProxy: config.trustProxy,
    bodyLimit: 50 * 1024 * 1024,
    genReqId: () => randomUUID(),
  });
  // event runtime (issue 6): request/query timing for the ops summary, started on ready, stopped on close
  const db = attachEventRuntime(app, rawDb, config);

  // supabase-js signOut POSTs an empty body with a JSON content type (auth-protocol §0)
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'bad_json', 'Could not parse request body as JSON'), undefined);
    }
  });
  app.addContentTypeParser(['text/csv', 'text/plain', 'text/tab-separated-values', 'application/octet-stream'], { parseAs: 'string' }, (_r, body, done) =>
    done(null, body),
  );

  app.addHook('onRequest', async (req, reply) => {
    const cid = req.headers['x-correlation-id'];
    req.correlationId = typeof cid === 'string' && cid.length > 0 && cid.length <= 128 ? cid : randomUUID();
    const caus = req.headers['x-causation-id'];
    if (typeof caus === 'string' && caus.length > 0 && caus.length <= 128) req.causationId = caus;
    reply.header('X-Correlation-Id', req.correlationId);
    reply.header('X-Request-Id', req.id);
  });

  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.status).send({ message: err.message, code: err.code, details: err.details ?? null });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ message: err.message, code: (err as FastifyError).code ?? 'bad_request', details: null });
    }
    req.log.error({ err, correlationId: req.correlationId }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal Server Error', code: 'internal', details: null });
  });

  const secret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const verify = createVerifier({ secret, supabaseUrl: config.supabaseUrl, supabaseJwtSecret: config.supabaseJwtSecret });
  const services: Services = { db, config };

  registerHealth(app, db, config);
  if (!config.supabaseUrl) await registerEmbeddedAuth(app, { db, config, secret });

  await app.register(
    async (scope) => {
      const cache = createAuthCache(config.authCacheTtlMs);
      scope.addHook('onClose', async () => cache.close());
      scope.addHook('preHandler', createAuthenticate({ db, verify, checkSession: !config.supabaseUrl, cache }));
      scope.addHook('preHandler', createRateLimit({ db, perMinute: config.rateLimitPerMin, writesPerMinute: config.rateLimitWritesPerMin }));
      const api: Api = { app: scope, services, route: (def) => route(scope, db, def) };
      for (const mod of apiModules) mod(api);
    },
    { prefix: '/api' },
  );

  const indexHtml = join(config.distDir, 'index.html');
  if (existsSync(indexHtml)) {
    // wildcard: files built after the start (a rebuild under a running server) are served too
    await app.register(fastifyStatic, { root: config.distDir, wildcard: true, index: false });
    // the wildcard route answers a directory ("/") with 403: the app's root is index.html
    app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0];
      if ((req.method === 'GET' || req.method === 'HEAD') && !APP_PREFIXES.some((p) => path.startsWith(p))) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ message: `Route ${req.method} ${path} not found`, code: 'not_found', details: null });
    });
  } else {
    app.setNotFoundHandler((req, reply) =>
      reply.code(404).send({ message: `Route ${req.method} ${req.url.split('?')[0]} not found`, code: 'not_found', details: null }),
    );
  }
  return app;
}
