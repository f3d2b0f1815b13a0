/**
 * Where links point and where /verify may send the browser — auth-protocol §1
 * (GT `internal/utilities/request.go` GetReferrer/IsRedirectURLValid).
 * The site is SITE_URL when set, else the origin the request reached us on (one process serves
 * the app and /auth/v1, so that origin is both the API external URL and the site).
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** The site URL: redirect target of last resort. Read per request (tests set it after listen). */
export function siteUrl(req: FastifyRequest, config: Config): string {
  return config.siteUrl ?? `${requestOrigin(req)}/`;
}

/** Origin of the links in mails and the `iss` prefix: the site's origin. */
export function externalOrigin(req: FastifyRequest, config: Config): string {
  return config.siteUrl ? new URL(config.siteUrl).origin : requestOrigin(req);
}

function parse(url: string): URL | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : undefined;
  } catch {
    return undefined;
  }
}

/** GoTrue-style glob: `**` crosses `.` and `/`, `*` stays within one label or path segment. */
function globToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '*' && pattern[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (ch === '*') {
      re += '[^./]*';
    } else {
      re += ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${re}$`);
}

/** Same origin as the site (any loopback origin when the site is on loopback), or allow-listed. */
export function isRedirectAllowed(candidate: string, site: string, allowList: string[]): boolean {
  const u = parse(candidate);
  const s = parse(site);
  if (!u) return false;
  if (s) {
    // a loopback site (development) accepts any loopback origin: the app may run on Vite's port
    if (LOOPBACK.has(s.hostname) && LOOPBACK.has(u.hostname)) return true;
    if (u.hostname === s.hostname && u.protocol === s.protocol && u.port === s.port) return true;
  }
  return allowList.some((p) => globToRegExp(p).test(candidate));
}

/** The validated redirect: `redirect_to`, else the Referer, else the site URL. */
export function resolveRedirect(req: FastifyRequest, config: Config, allowList: string[], requested: unknown): string {
  const site = siteUrl(req, config);
  if (typeof requested === 'string' && isRedirectAllowed(requested, site, allowList)) return requested;
  const referer = req.headers.referer;
  if (typeof referer === 'string' && isRedirectAllowed(referer, site, allowList)) return referer;
  return site;
}
