/**
 * The one Fastify app — docs/product/architecture.md §1. Load order reads as a table of contents:
 * parsers and hooks, health, embedded auth (/auth/v1, /rest/v1, /dev/mailbox), the product API
 * (/api, authenticated), then the built front end with index.html fallback.
 */
import { clearCountCache } from './api/list-kit/count-cache';
import { clearEndpointCache } from './events/webhooks/endpoints';
import Fastify, { type FastifyInstance, type FastifyError, type FastifyServerOptions } from 'fastify';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import type { Config } from './config';
import { HttpError, databaseUnavailable, errorBody } from './api/errors';
import { isDatabaseUnavailable } from './db/unavailable';
import { MAX_PARAM_LENGTH, clientErrorHandler, frameworkErrors, routeNotFound } from './api/router-errors';
import { trackRoutes } from './api/route-index';
import { rejectBadText } from './api/text-guard';
import { registerHealth } from './api/health';
import { registerMcp } from './mcp/routes';
import { createAuthenticate } from './api/authenticate';
import { createAuthCache } from './api/auth-cache';
import { createRateLimit } from './api/rate-limit';
import { apiModules } from './api/routes';
import { liveRoutesOf } from './api/module';
import { route, type RouteDef } from './api/kit';
import type { Api, Services } from './api/module';
import { createVerifier } from './auth/jwt';
import { resolveJwtSecret } from './auth/secret';
import { registerEmbeddedAuth } from './auth/routes';
import { attachEventRuntime, loadJetStream } from './events/runtime';
import { consumerRegistry } from './events/consumers';
import { setLiveRoutes } from './events/live-table';
import { loggerOptions } from './logging';
import './api/context';
// delivery and hardening of every answer (docs/api-conventions.md "Security headers", "Body limits")
import { registerSecurityHeaders } from './http/security-headers';
import { registerCompression } from './http/compression';
import { registerStatic } from './http/static';
import { BODY_LIMIT, IMPORT_BODY_LIMIT, isImportUpload, registerBodyLimits } from './http/body-limits';
import { streamFileBodies } from './http/file-uploads';
import { importFilesDir } from './api/imports/import-file';
import { countsChanged } from './api/list-kit/count-cache';
import { maintenanceMs, startMaintenance } from './db/maintenance';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them to prove redaction). */
  logStream?: NodeJS.WritableStream;
  /**
   * Start the event runtime (tail, consumers, SSE hub) when the app is ready (the default), or leave
   * it to the caller's `app.events.start()`: the server process starts it after listening.
   */
  eventsOnReady?: boolean;
}

// paths that never fall back to index.html (a missing /assets/ chunk is a 404, not HTML)
const APP_PREFIXES = ['/api', '/auth/', '/rest/', '/dev/', '/health', '/assets/', '/mcp'];

/**
 * Fastify's JSON-schema compilers (ajv, fast-json-stringify), loaded when a route first declares a
 * Fastify schema instead of when the app is built: routes here validate with zod (server/api/kit.ts)
 * and declare none, and loading both took ~0.15 s of every start (docs/performance.md "Start time").
 * The compilers are Fastify's own defaults, resolved from Fastify's install.
 */
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
type CompilerBuilder = (...args: unknown[]) => unknown;
function lazyBuilder(pkg: string): CompilerBuilder {
  let build: CompilerBuilder | undefined;
  return (...args) => (build ??= (fastifyRequire(pkg) as () => CompilerBuilder)())(...args);
}
const lazyCompilers = () => ({
  compilersFactory: { buildValidator: lazyBuilder('@fastify/ajv-compiler'), buildSerializer: lazyBuilder('@fastify/fast-json-stringify-compiler') },
});

export async function buildApp({ config, db: rawDb, logger = true, logStream, eventsOnReady = true }: BuildOptions): Promise<FastifyInstance> {
  // the process's caches hold figures of the database they were read from: a new app starts without them
  clearCountCache();
  clearEndpointCache();
  const app = Fastify({
    // credentials never reach a log line (server/logging.ts)
    logger: logger ? loggerOptions(config, logStream) : false,
    // only behind a known proxy: otherwise a client could pick its own address past the per-IP limits
    trustProxy: config.trustProxy,
    // small for everyone; import uploads get more after their token is checked (server/http/body-limits.ts)
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    // router-level errors answer the API's error shape (server/api/router-errors.ts)
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    schemaController: lazyCompilers() as FastifyServerOptions['schemaController'],
  });
  // the outbox's live routing table from the modules' live rows (docs/events.md "Live routing"): handed
  // down from here, so nothing the routes import leads back to the module list
  setLiveRoutes(liveRoutesOf(apiModules));
  // event runtime (docs/events.md): request/query timing for the ops summary, started on ready, stopped on close
  // what a consumer wrote makes the tenant's cached list totals stale, as a committed command does
  const db = attachEventRuntime(app, rawDb, config, consumerRegistry(apiModules), countsChanged, {
    startOnReady: eventsOnReady,
    jetStream: await loadJetStream(config.natsUrl),
  });
  // the embedded engine has no autovacuum: its tables' statistics are kept here (server/db/maintenance.ts)
  let stopMaintenance: () => Promise<void> = async () => undefined;
  app.addHook('onReady', async () => {
    stopMaintenance = startMaintenance(rawDb, maintenanceMs(rawDb.engine), (e) => app.log.error({ err: e }, 'table upkeep'));
  });
  app.addHook('onClose', async () => stopMaintenance());

  await registerSecurityHeaders(app, { supabaseUrl: config.supabaseUrl });
  await registerCompression(app);
  // before any route: the index answers 405s; NULs and unpaired surrogates are refused for every route (server/api/text-guard.ts)
  trackRoutes(app);
  app.addHook('preValidation', rejectBadText);

  // supabase-js signOut POSTs an empty body with a JSON content type (docs/product/auth-protocol.md §0)
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
  // product image uploads arrive as raw bytes; the route checks type and magic numbers (server/api/images/routes.ts)
  app.addContentTypeParser(/^image\/[a-z0-9.+-]+$/i, { parseAs: 'buffer' }, (_r, body, done) => done(null, body));

  app.addHook('onRequest', async (req, reply) => {
    const cid = req.headers['x-correlation-id'];
    req.correlationId = typeof cid === 'string' && cid.length > 0 && cid.length <= 128 ? cid : randomUUID();
    const caus = req.headers['x-causation-id'];
    if (typeof caus === 'string' && caus.length > 0 && caus.length <= 128) req.causationId = caus;
    reply.header('X-Correlation-Id', req.correlationId);
    reply.header('X-Request-Id', req.id);
  });

  // token answers and API data are never kept by a browser or a shared cache (docs/auth.md, "Tokens")
  app.addHook('onSend', async (req, reply) => {
    if (/^\/(?:api|auth\/v1|rest\/v1)(?:[/?]|$)/.test(req.url)) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    // a lost or refused database connection is the database's outage, not a bug: 503 with Retry-After (docs/reliability.md)
    if (!(err instanceof HttpError) && isDatabaseUnavailable(err)) {
      req.log.warn({ err, correlationId: req.correlationId }, 'database unavailable');
      err = databaseUnavailable();
    }
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.status).send(errorBody(err));
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own codes (FST_ERR_CTP_BODY_TOO_LARGE…) in the API's snake_case vocabulary
      const code = (err as FastifyError).code?.replace(/^FST_ERR_(CTP_)?/, '').toLowerCase() ?? 'bad_request';
      return reply.code(status).send({ message: err.message, code, details: null });
    }
    req.log.error({ err, correlationId: req.correlationId }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal Server Error', code: 'internal', details: null });
  });

  const secret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const verify = createVerifier({ secret, supabaseUrl: config.supabaseUrl, supabaseJwtSecret: config.supabaseJwtSecret });
  const services: Services = { db, config };
  registerBodyLimits(app, verify);

  registerHealth(app, db, config);
  if (!config.supabaseUrl) await registerEmbeddedAuth(app, { db, config, secret });

  await app.register(
    async (scope) => {
      const cache = createAuthCache(config.authCacheTtlMs);
      scope.addHook('onClose', async () => cache.close());
      scope.addHook('preHandler', createAuthenticate({ db, verify, checkSession: !config.supabaseUrl, cache }));
      scope.addHook('preHandler', createRateLimit({ db, perMinute: config.rateLimitPerMin, writesPerMinute: config.rateLimitWritesPerMin }));
      // import uploads go to a scope of their own that streams file bodies to disk (server/http/file-uploads.ts)
      const uploads: RouteDef[] = [];
      const api: Api = {
        app: scope,
        services,
        route: (def) => {
          if (isImportUpload(def.method, `/api${def.url}`)) uploads.push(def as RouteDef);
          else route(scope, db, def);
        },
      };
      for (const mod of apiModules) mod.routes(api);
      await scope.register(async (files) => {
        streamFileBodies(files, { dir: importFilesDir(config.dataDir), limit: IMPORT_BODY_LIMIT });
        for (const def of uploads) route(files, db, def);
      });
    },
    { prefix: '/api' },
  );
  // the orchestrator's tools for MCP clients, with the member's bearer token (docs/mcp.md)
  registerMcp(app, { db, config, verify });

  const indexHtml = join(config.distDir, 'index.html');
  if (existsSync(indexHtml)) {
    await registerStatic(app, config.distDir);
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0];
      if ((req.method === 'GET' || req.method === 'HEAD') && !APP_PREFIXES.some((p) => path.startsWith(p))) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return routeNotFound(app, req, reply);
    });
  } else {
    app.setNotFoundHandler((req, reply) => routeNotFound(app, req, reply));
  }
  return app;
}
