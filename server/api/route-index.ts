/**
 * Every route the app registered, with the route kit's schemas when the kit declared it: read by the
 * 405 answer (which methods a known path allows) and by tests that walk the whole API
 * (tests/server/bad-input-property.test.ts). Filled by an onRoute hook added before any route.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';

/** What the route kit puts on a route's config (server/api/kit.ts). */
export interface KitRouteInfo {
  /** A permission key, or `signed-in` (docs/api-conventions.md "Access"). */
  access: string;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** The whole body of a successful JSON answer (docs/api-conventions.md "Answers"). */
  answer?: ZodType;
  /** The table whose row the kit locks before the handler (`false`: declared as changing no row of its own). */
  lock?: string | false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the route kit: the route's declared schemas and permission. */
    kit?: KitRouteInfo;
  }
}

export interface IndexedRoute {
  method: string;
  /** Full URL pattern with the prefix, e.g. `/api/products/:id`. */
  url: string;
  kit?: KitRouteInfo;
  pattern: RegExp;
}

const indexes = new WeakMap<object, IndexedRoute[]>();

/** `/api/products/:id` → a regex matching concrete paths of that route. */
function compile(url: string): RegExp {
  const body = url
    .split('/')
    .map((seg) => {
      if (seg === '*') return '.*';
      if (seg.startsWith(':')) return '[^/]+';
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/** Starts indexing; call right after creating the app, before any route is added. */
export function trackRoutes(app: FastifyInstance): void {
  const list: IndexedRoute[] = [];
  indexes.set(app.server, list);
  app.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    for (const method of methods) {
      if (method === 'HEAD' && opts.url !== '/') continue;
      list.push({ method, url: opts.url, kit: (opts.config as { kit?: KitRouteInfo } | undefined)?.kit, pattern: compile(opts.url) });
    }
  });
}

/** The routes of an app (any instance of it: the index is kept per HTTP server). */
export function listRoutes(app: FastifyInstance): readonly IndexedRoute[] {
  return indexes.get(app.server) ?? [];
}

/** Methods registered for a concrete path (empty when the path is unknown). */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  const methods = new Set<string>();
  // catch-all routes (the static files' `/*`) say nothing about which methods a path has
  for (const r of listRoutes(app)) if (!r.url.includes('*') && r.pattern.test(path)) methods.add(r.method);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}
