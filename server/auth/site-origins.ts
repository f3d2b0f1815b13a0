/**
 * Which origins magic links may point at (docs/auth.md, "Link origin"). A link is built from
 * SITE_URL; when it is unset, from an allow-list: AUTH_SITE_ORIGINS, else the addresses this server
 * listens on (loopback by default). The request's Host / X-Forwarded-Host only picks an entry of
 * that list, never adds one: otherwise a forged Host would mail the victim a link to the attacker's
 * host, and the attacker, who made the PKCE verifier, would get the session.
 */
import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** `http(s)://host[:port]` of a URL, or undefined when it is not an http(s) URL. */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

const hostPart = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** Every origin a listening socket answers on: loopback names, or the interfaces for a wildcard bind. */
function originsOfAddress(a: Pick<AddressInfo, 'address' | 'port'>): string[] {
  const hosts: string[] = [];
  if (a.address === '0.0.0.0' || a.address === '::') {
    hosts.push(...LOOPBACK_NAMES);
    for (const list of Object.values(networkInterfaces())) {
      for (const i of list ?? []) {
        // link-local IPv6 needs a zone id, which a URL cannot carry usefully
        if (!i.internal && !(i.family === 'IPv6' && i.address.startsWith('fe80:'))) hosts.push(hostPart(i.address));
      }
    }
  } else if (isLoopbackHostname(a.address)) {
    // the bound address first (what the server listens on), then the other names of this machine
    hosts.push(hostPart(a.address), ...LOOPBACK_NAMES);
  } else {
    hosts.push(hostPart(a.address));
  }
  return [...new Set(hosts.map((h) => new URL(`http://${h}:${a.port}`).origin))];
}

/**
 * The origins links may use when SITE_URL is unset, best first. `addresses` are the bound sockets
 * (Fastify's `addresses()`); before listen (tests using inject) the configured PORT on loopback.
 */
export function allowedLinkOrigins(config: Config, addresses: (AddressInfo | string)[]): string[] {
  if (config.siteUrl) {
    const site = originOf(config.siteUrl);
    if (site) return [site];
  }
  const configured = config.authSiteOrigins.map(originOf).filter((o): o is string => Boolean(o));
  if (configured.length > 0) return configured;
  const sockets = addresses.filter((a): a is AddressInfo => typeof a === 'object');
  const bound = sockets.length > 0 ? sockets : [{ address: '127.0.0.1', port: config.port }];
  return [...new Set(bound.flatMap(originsOfAddress))];
}

/** What `npm start` prints: where links point and why (main.ts). */
export function describeLinkOrigin(config: Config, app: FastifyInstance): string {
  const origins = allowedLinkOrigins(config, app.addresses());
  if (config.siteUrl) return `Magic links point at ${origins[0]} (SITE_URL)`;
  const source = config.authSiteOrigins.length > 0 ? 'AUTH_SITE_ORIGINS' : 'the listening address; set SITE_URL for a public one';
  return `Magic links point at ${origins[0]}${origins.length > 1 ? ` (or ${origins.slice(1).join(', ')} when the request came there)` : ''} — ${source}`;
}

export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** Origins of this request's server (the list above, computed per request: tests set SITE_URL after listen). */
export function linkOriginsFor(req: FastifyRequest, config: Config): string[] {
  return allowedLinkOrigins(config, req.server.addresses());
}

/** The origin of links and of the `iss` claim: the request's own origin only when it is on the list. */
export function linkOrigin(req: FastifyRequest, config: Config): string {
  const origins = linkOriginsFor(req, config);
  const own = originOf(requestOrigin(req));
  return own && origins.includes(own) ? own : origins[0];
}
