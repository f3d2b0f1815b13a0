/**
 * The built front end (docs/performance.md "Delivery"): files of dist/ with the .br/.gz copies the
 * build wrote next to them (served as the client accepts), hashed assets cached for a year
 * (their name changes with their content), index.html revalidated on every load so a new build is
 * picked up at once.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function cacheControlFor(path: string): string {
  return /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : REVALIDATE;
}

export async function registerStatic(app: FastifyInstance, distDir: string): Promise<void> {
  // wildcard: files built after the start (a rebuild under a running server) are served too
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', cacheControlFor(path));
      // precompressed variants differ by Accept-Encoding: shared caches must key on it
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  // the wildcard route answers a directory ("/") with 403: the app's root is index.html
  app.get('/', (_req, reply) => reply.header('cache-control', REVALIDATE).sendFile('index.html'));
}
