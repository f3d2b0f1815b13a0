/**
 * POST /mcp — the orchestrator's tools for any MCP client (docs/mcp.md), over the Streamable HTTP
 * transport in stateless mode: a new server and transport per request, answered as JSON. The caller
 * is the member of the bearer token (the same tokens and profile lookup as /api: no token or a bad
 * one → 401), the tenant and role come from their profile; the store's enableOrchestrator flag off, or
 * its enableBetaFeatures flag off (MCP access is a beta feature: docs/decisions.md "MCP access is a
 * beta feature") → 409 (docs/settings.md "Feature flags"). Refusals are JSON-RPC errors in words. No CSRF token is
 * needed: the only credential is the Authorization header, which a browser never attaches by itself
 * (docs/api-conventions.md "CSRF"); no cookie is read.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Verifier } from '../auth/jwt';
import { createTokenResolver } from '../api/authenticate';
import { createAuthCache } from '../api/auth-cache';
import { HttpError } from '../api/errors';
import { requireFlag } from '../api/flags/repository';
import { BETA_FLAG } from '../../contract/constants';

/** The SDK loads with the first MCP request, not with every start (docs/performance.md "Start time"). */
const loadSdk = async () => {
  const [{ StreamableHTTPServerTransport }, { mcpServerFor }] = await Promise.all([import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('./server')]);
  return { StreamableHTTPServerTransport, mcpServerFor };
};

export const MCP_PATH = '/mcp';
const WHAT = 'The AI Orchestrator';

/** A refusal before the MCP exchange starts: the HTTP status, and a JSON-RPC error in words. */
function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  if (status === 401) reply.header('www-authenticate', 'Bearer');
  return reply.code(status).header('cache-control', 'no-store').send({ jsonrpc: '2.0', id: null, error: { code: -32001, message, data: { code } } });
}

export function registerMcp(app: FastifyInstance, o: { db: Db; config: Config; verify: Verifier }): void {
  const cache = createAuthCache(o.config.authCacheTtlMs);
  app.addHook('onClose', async () => cache.close());
  const resolve = createTokenResolver({ db: o.db, verify: o.verify, checkSession: !o.config.supabaseUrl, cache });

  app.post(MCP_PATH, async (req, reply) => {
    const h = req.headers.authorization;
    const token = typeof h === 'string' && /^bearer\s+\S/i.test(h) ? h.replace(/^bearer\s+/i, '').trim() : '';
    if (!token) return refuse(reply, 401, 'no_authorization', 'This endpoint requires a valid Bearer token (Authorization: Bearer <access token>).');
    let auth;
    try {
      auth = await resolve(token);
      const reader = o.db.reader({ tenantId: auth.tenantId, userId: auth.userId });
      await requireFlag(reader, auth.tenantId, 'enableOrchestrator', WHAT);
      await requireFlag(reader, auth.tenantId, BETA_FLAG, 'The MCP server');
    } catch (e) {
      if (e instanceof HttpError) return refuse(reply, e.status, e.code, e.message);
      throw e;
    }
    const { StreamableHTTPServerTransport, mcpServerFor } = await loadSdk();
    const server = mcpServerFor({ app, db: o.db, auth, authorization: `Bearer ${token}`, correlationId: req.correlationId, dangerOn: o.config.orchestratorDanger, version: o.config.version });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.setHeader('cache-control', 'no-store');
    reply.raw.setHeader('x-correlation-id', req.correlationId);
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req.raw, reply.raw, req.body);
    } catch (e) {
      req.log.warn({ err: e }, 'mcp: the request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Something went wrong; try again.' } }));
      }
    }
  });
}
