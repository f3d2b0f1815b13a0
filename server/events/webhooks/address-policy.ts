/**
 * Classifies one IP address for the webhook SSRF guard (docs/events.md "Webhooks").
 * Every spelling is normalised first by ipaddr.js (decimal, octal and hex IPv4, compressed IPv6),
 * then IPv4 carried inside IPv6 is unwrapped — mapped (::ffff:a.b.c.d), compatible (::a.b.c.d),
 * NAT64 (64:ff9b::/96) and 6to4 (2002::/16) — so `[::ffff:a9fe:a9fe]` is judged as 169.254.169.254.
 * Only ordinary unicast is public; loopback and private networks are allowed only when the
 * operator allows private targets; everything else (link-local, unspecified, broadcast,
 * multicast, reserved, Teredo) is always refused.
 */
import ipaddr from 'ipaddr.js';

export type AddressKind = 'public' | 'loopback' | 'private' | 'forbidden';
export type AddressVerdict = { ok: true } | { ok: false; reason: string };

function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const range = v6.range();
  if (range === 'ipv4Mapped') return v6.toIPv4Address();
  if (range === 'rfc6052') return v4(p[6], p[7]);
  if (range === '6to4') return v4(p[1], p[2]);
  // IPv4-compatible ::a.b.c.d (deprecated, still routed by some stacks); :: and ::1 are themselves
  if (p.slice(0, 6).every((x) => x === 0) && (p[6] !== 0 || p[7] > 1)) return v4(p[6], p[7]);
  return null;
}

function kindOfV4(a: ipaddr.IPv4): AddressKind {
  switch (a.range()) {
    case 'unicast':
      return 'public';
    case 'loopback':
      return 'loopback';
    case 'private':
    case 'carrierGradeNat':
      return 'private';
    default:
      return 'forbidden';
  }
}

/** Kind of an address literal in any spelling; null when it is not an IP address. */
export function addressKind(raw: string): AddressKind | null {
  const text = raw.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(text)) return null;
  const a = ipaddr.parse(text);
  if (a.kind() === 'ipv4') return kindOfV4(a as ipaddr.IPv4);
  const v6 = a as ipaddr.IPv6;
  const inner = embeddedIPv4(v6);
  if (inner) return kindOfV4(inner);
  switch (v6.range()) {
    case 'unicast':
      return 'public';
    case 'loopback':
      return 'loopback';
    case 'uniqueLocal':
      return 'private';
    default:
      return 'forbidden';
  }
}

/** Whether the webhook dispatcher may connect to `ip` (a literal from the URL or from DNS). */
export function judgeAddress(ip: string, allowPrivate: boolean): AddressVerdict {
  const kind = addressKind(ip);
  if (kind === null) return { ok: false, reason: `${ip} is not an IP address` };
  if (kind === 'forbidden') return { ok: false, reason: `address ${ip} is not allowed (link-local, unspecified, reserved or broadcast)` };
  if (kind !== 'public' && !allowPrivate) return { ok: false, reason: `address ${ip} is ${kind}; private targets are disabled` };
  return { ok: true };
}
