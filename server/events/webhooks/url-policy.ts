/**
 * Which webhook URLs the server will call (SSRF guard, docs/events.md): http(s) only, no
 * credentials in the URL, never link-local (cloud metadata at 169.254.169.254) or unspecified
 * addresses; loopback and private networks only when allowed (default outside production:
 * local receivers). The resolved address is checked again at delivery time, so a DNS name that
 * later points inside is refused then too.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export type UrlVerdict = { ok: true } | { ok: false; reason: string };

function ipv4Kind(ip: string): 'loopback' | 'private' | 'link-local' | 'unspecified' | 'public' {
  const [a, b] = ip.split('.').map(Number);
  if (a === 127) return 'loopback';
  if (a === 0) return 'unspecified';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)) return 'private';
  return 'public';
}

export function addressKind(ip: string): 'loopback' | 'private' | 'link-local' | 'unspecified' | 'public' {
  if (isIP(ip) === 4) return ipv4Kind(ip);
  const v6 = ip.toLowerCase();
  if (v6 === '::1') return 'loopback';
  if (v6 === '::') return 'unspecified';
  if (v6.startsWith('::ffff:')) return ipv4Kind(v6.slice(7));
  if (v6.startsWith('fe80')) return 'link-local';
  if (v6.startsWith('fc') || v6.startsWith('fd')) return 'private';
  return 'public';
}

function judgeAddress(ip: string, allowPrivate: boolean): UrlVerdict {
  const kind = addressKind(ip);
  if (kind === 'link-local' || kind === 'unspecified') return { ok: false, reason: `address ${ip} is not allowed (${kind})` };
  if ((kind === 'loopback' || kind === 'private') && !allowPrivate) return { ok: false, reason: `address ${ip} is ${kind}; private targets are disabled` };
  return { ok: true };
}

/** Static check when an endpoint is saved. */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): UrlVerdict {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a valid URL' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { ok: false, reason: 'only http and https URLs are allowed' };
  if (u.username || u.password) return { ok: false, reason: 'credentials in the URL are not allowed; the signature authenticates us' };
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return allowPrivate ? { ok: true } : { ok: false, reason: 'localhost targets are disabled' };
  if (isIP(host)) return judgeAddress(host, allowPrivate);
  return { ok: true };
}

/** Delivery-time check on the address the name resolves to now. */
export async function checkResolvedUrl(raw: string, allowPrivate: boolean): Promise<UrlVerdict> {
  const first = checkWebhookUrl(raw, allowPrivate);
  if (!first.ok) return first;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) || host === 'localhost') return first;
  try {
    const addrs = await lookup(host, { all: true });
    for (const a of addrs) {
      const v = judgeAddress(a.address, allowPrivate);
      if (!v.ok) return v;
    }
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: `cannot resolve ${host}: ${e instanceof Error ? e.message : String(e)}` };
  }
}
