/**
 * Where links point and where /verify may send the browser — docs/product/auth-protocol.md §1
 * (GT `internal/utilities/request.go` GetReferrer/IsRedirectURLValid).
 * The site is SITE_URL when set, else an origin of the allow-list of site-origins.ts (never an
 * origin only the request's Host header names). `redirect_to` must be on the same list.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { isLoopbackHostname, linkOrigin, linkOriginsFor } from './site-origins';

/** The site URL: redirect target of last resort. Read per request (tests set it after listen). */
export function siteUrl(req: FastifyRequest, config: Config): string {
  return config.siteUrl ?? `${linkOrigin(req, config)}/`;
}

/** Origin of the links in mails and the `iss` prefix. */
export function externalOrigin(req: FastifyRequest, config: Config): string {
  return linkOrigin(req, config);
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

/**
 * On one of the site's origins (any loopback origin when the site is on loopback, so the Vite dev
 * server on :5173 works against :3000), or allow-listed by AUTH_REDIRECT_ALLOW_LIST.
 */
export function isRedirectAllowed(candidate: string, siteOrigins: string[], allowList: string[]): boolean {
  const u = parse(candidate);
  if (!u) return false;
  for (const origin of siteOrigins) {
    const s = parse(origin);
    if (!s) continue;
    if (u.origin === s.origin) return true;
    if (isLoopbackHostname(s.hostname) && isLoopbackHostname(u.hostname)) return true;
  }
  return allowList.some((p) => globToRegExp(p).test(candidate));
}

/** The validated redirect: `redirect_to`, else the Referer, else the site URL. */
export function resolveRedirect(req: FastifyRequest, config: Config, allowList: string[], requested: unknown): string {
  const origins = linkOriginsFor(req, config);
  if (typeof requested === 'string' && isRedirectAllowed(requested, origins, allowList)) return requested;
  const referer = req.headers.referer;
  if (typeof referer === 'string' && isRedirectAllowed(referer, origins, allowList)) return referer;
  return siteUrl(req, config);
}
