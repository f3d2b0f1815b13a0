/**
 * Which webhook URLs the server will call (SSRF guard, docs/events.md "Webhooks"): http(s)
 * only, no credentials in the URL, never link-local (cloud metadata at 169.254.169.254),
 * unspecified or reserved addresses in any spelling (address-policy.ts); loopback and private
 * networks only when allowed (WEBHOOK_ALLOW_PRIVATE; default outside production: local
 * receivers). This is the check when an endpoint is saved; a name is judged again on the address
 * it resolves to at connect time (guarded-lookup.ts), so DNS rebinding cannot pass.
 */
import { judgeAddress, type AddressVerdict } from './address-policy';

export type UrlVerdict = AddressVerdict;

/** The host of a URL without IPv6 brackets; WHATWG URL has already turned 0xa9fea9fe into dotted form. */
export function hostOf(u: URL): string {
  return u.hostname.replace(/^\[|\]$/g, '');
}

export function isLocalhostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

export function checkWebhookUrl(raw: string, allowPrivate: boolean): UrlVerdict {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a valid URL' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { ok: false, reason: 'only http and https URLs are allowed' };
  if (u.username || u.password) return { ok: false, reason: 'credentials in the URL are not allowed; the signature authenticates us' };
  const host = hostOf(u);
  if (isLocalhostName(host)) return allowPrivate ? { ok: true } : { ok: false, reason: 'localhost targets are disabled' };
  const literal = judgeAddress(host, allowPrivate);
  // a name (not an address literal) passes here and is judged on its resolved addresses at connect time
  if (!literal.ok && literal.reason.endsWith('is not an IP address')) return { ok: true };
  return literal;
}
