/**
 * Request body limits (docs/api-conventions.md "Body limits"). Every route reads at most
 * BODY_LIMIT (a larger Content-Length is refused with 413 before a byte is read). Import routes
 * take files up to IMPORT_BODY_LIMIT, product image uploads up to IMAGE_BODY_LIMIT, and only from a
 * caller with a valid access token: the token is verified in onRequest, before the body is read, so
 * an anonymous client cannot make the server buffer megabytes. The full authentication (profile,
 * session, tenant) still runs as on every /api route. An import file is not buffered at all: it is
 * streamed to disk after that authentication, IMPORT_BODY_LIMIT counted as it arrives
 * (server/http/file-uploads.ts); any other body on an import route keeps BODY_LIMIT.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { Verifier } from '../auth/jwt';
import { bearerToken } from '../api/authenticate';
import { HttpError } from '../api/errors';
import { IMAGE_MAX_BYTES } from '../../contract/images';

export const BODY_LIMIT = 1024 * 1024;
export const IMPORT_BODY_LIMIT = 50 * 1024 * 1024;
/** Product image uploads: the image limit (contract/images.ts) plus room for nothing else. */
export const IMAGE_BODY_LIMIT = IMAGE_MAX_BYTES;

/** `POST /api/imports/*`: the import uploads (full URL, with the /api prefix). */
export const isImportUpload = (method: string | string[], url: string) =>
  (Array.isArray(method) ? method.includes('POST') : method === 'POST') && url.startsWith('/api/imports/');

const isImageUpload = (method: string | string[], url: string) =>
  (Array.isArray(method) ? method.includes('POST') : method === 'POST') && /^\/api\/products\/:[^/]+\/images$/.test(url);

export function tokenBeforeBody(verify: Verifier): onRequestHookHandler {
  return async (req) => {
    const token = bearerToken(req);
    if (!token) throw new HttpError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    try {
      await verify(token);
    } catch {
      throw new HttpError(401, 'bad_jwt', 'Invalid or expired access token');
    }
  };
}

/** Must be called before the routes are registered (it adjusts them as they are added). */
export function registerBodyLimits(app: FastifyInstance, verify: Verifier): void {
  const check = tokenBeforeBody(verify);
  app.addHook('onRoute', (route) => {
    const image = isImageUpload(route.method, route.url);
    if (!image && !isImportUpload(route.method, route.url)) return;
    // an import file streams with its own limit (file-uploads.ts); the route's buffered bodies keep the global one
    if (image) route.bodyLimit = IMAGE_BODY_LIMIT;
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [check, ...own];
  });
}
