/**
 * What hosted Supabase's API gateway does in front of Auth and PostgREST — docs/product/auth-protocol.md §0 and
 * checklist: CORS for browser callers on another origin (Vite dev), and the `apikey` check.
 * The key may come as the `apikey` header or query parameter (the gateway accepts both). As on
 * hosted Supabase, the routes a browser reaches by navigation (/verify, /authorize) and the public
 * JWKS are open.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { safeEqual } from './crypto';

const ALLOWED_HEADERS =
  'authorization, apikey, content-type, x-client-info, x-supabase-api-version, accept-profile, content-profile, prefer, range, x-retry-count';

function cors(req: FastifyRequest, reply: FastifyReply): void {
  // bearer tokens, no cookies: any origin may call, as on hosted Supabase
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', 'x-supabase-api-version, x-sb-error-code, content-range, retry-after');
  if (req.method === 'OPTIONS') {
    const asked = req.headers['access-control-request-headers'];
    reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    reply.header('access-control-allow-headers', typeof asked === 'string' && asked ? asked : ALLOWED_HEADERS);
    reply.header('access-control-max-age', '86400');
  }
}

function presentedKey(req: FastifyRequest): string | undefined {
  const h = req.headers.apikey;
  if (typeof h === 'string' && h !== '') return h;
  const q = (req.query as Record<string, unknown> | undefined)?.apikey;
  return typeof q === 'string' && q !== '' ? q : undefined;
}

/**
 * Adds CORS, an OPTIONS answer and the apikey check to every route of `scope`;
 * `openPaths` (full URLs without query) skip the key.
 */
export function applyGateway(scope: FastifyInstance, config: Config, openPaths: string[]): void {
  const open = new Set(openPaths);
  scope.addHook('onRequest', async (req, reply) => {
    cors(req, reply);
    if (req.method === 'OPTIONS' || open.has(req.url.split('?')[0])) return;
    const key = presentedKey(req);
    if (!key) {
      return reply.code(401).send({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
    }
    if (!config.anonKey || !safeEqual(key, config.anonKey)) {
      return reply.code(401).send({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
    }
  });
  scope.options('/*', async (_req, reply) => reply.code(204).send());
}
