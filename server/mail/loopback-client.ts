/**
 * Whether a request comes from this machine (docs/auth.md, "Dev mailbox"). The client address is
 * `req.ip`, which follows X-Forwarded-For only as far as TRUST_PROXY trusts the hops. With
 * `TRUST_PROXY=true` every hop is trusted, so anyone can send `X-Forwarded-For: 127.0.0.1`: then
 * every address of the chain (`req.ips`, the socket's included) must be loopback.
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a) || a === '::1';
}

/**
 * Addresses a forwarding header names (X-Forwarded-For, Forwarded `for=`). Without TRUST_PROXY they
 * are not believed as the client, but a reverse proxy on this machine connects from loopback: a
 * request that says it was forwarded for someone else is then treated as that someone.
 */
function forwardedFor(req: FastifyRequest): string[] {
  const out: string[] = [];
  const headers = req.headers ?? {};
  const xff = headers['x-forwarded-for'];
  for (const v of Array.isArray(xff) ? xff : xff ? [xff] : []) out.push(...v.split(',').map((s) => s.trim()));
  const fwd = headers.forwarded;
  for (const m of (typeof fwd === 'string' ? fwd : '').matchAll(/for=("?)\[?([^\]";,]+)\]?\1/gi)) out.push(m[2]);
  return out.filter(Boolean);
}

export function isLoopbackClient(req: FastifyRequest, trustProxy: boolean | string): boolean {
  if (trustProxy === true) return (req.ips ?? [req.ip]).every(isLoopbackAddress);
  // no proxy trusted: req.ip is the socket's address; a proxy list: the first address it does not vouch for
  if (!isLoopbackAddress(req.ip)) return false;
  // a loopback socket forwarding for another client is a local reverse proxy, not this machine
  return trustProxy !== false || forwardedFor(req).every(isLoopbackAddress);
}
