/**
 * Security headers on every answer (docs/api-conventions.md "Security headers"), from
 * helmet (computed once, `securityHeaders`). The Content-Security-Policy is the one the built app runs under: scripts only
 * from this origin (no inline script, no eval); styles may be inline because antd's CSS-in-JS
 * injects <style> elements at run time (and the dev mailbox page has one); canvas charts export
 * through data:/blob: images. Auth (supabase-js) and live updates (EventSource) talk to this
 * origin, or to SUPABASE_URL's when auth is hosted elsewhere. HSTS only on answers served over
 * https (behind a TLS proxy with TRUST_PROXY, from X-Forwarded-Proto): over plain http it would be
 * ignored at best and pin a development host to https at worst.
 */
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const HSTS = 'max-age=31536000; includeSubDomains';

export function contentSecurityPolicy(o: { supabaseUrl?: string }): Record<string, string[]> {
  const connect = ["'self'"];
  if (o.supabaseUrl) connect.push(new URL(o.supabaseUrl).origin);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The options helmet is given: the CSP above, and the choices explained beside each. */
function helmetOptions(o: { supabaseUrl?: string }): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(o) },
    // frame-ancestors 'none' above; X-Frame-Options DENY for browsers without CSP level 2
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: false,
    // the app embeds nothing cross-origin; COEP would only break a hosted SUPABASE_URL's avatars
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet writes, computed once: they depend on the configuration only (no nonces), and
 * building helmet's middleware again for every request, as its Fastify plugin does, parsed the CSP
 * directives each time (docs/performance.md "Listings").
 */
export function securityHeaders(o: { supabaseUrl?: string }): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  helmet(helmetOptions(o))({} as IncomingMessage, res, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, o: { supabaseUrl?: string }): Promise<void> {
  const headers = securityHeaders(o);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
