/**
 * Slot fillers of the embedded intent engine (docs/orchestrator.md "The embedded engine"): plain
 * words → the values the tools take. Dates are UTC days relative to `now`; amounts become cents.
 */
import { MARKETPLACES, type Marketplace } from '../../../contract/orders';

export const normalize = (s: string) => s.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().replace(/[?!.]+$/, '');

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

export function marketplace(t: string): Marketplace | undefined {
  const m = /\b(amazon|e-?bay|walmart|shopify)\b/.exec(t);
  if (!m) return undefined;
  const name = m[1].replace('-', '');
  return (MARKETPLACES as readonly string[]).includes(name) ? (name as Marketplace) : undefined;
}

/** `ORD-100123`, `order 100123`, `order #100123` → `ORD-100123`. */
export function orderId(raw: string): string | undefined {
  const m = /\bord-?(\d{1,12})\b/i.exec(raw) ?? /\border\s*#?\s*(\d{3,12})\b/i.exec(raw) ?? /#(\d{3,12})\b/.exec(raw);
  return m ? `ORD-${m[1]}` : undefined;
}

/** `SKU-123`, `sku APP-0001-BLK-M`, or a code written in capitals with a digit (`APP-0001-BLK`). */
export function sku(raw: string): string | undefined {
  const explicit = /\bsku[\s:#]+([A-Za-z0-9][A-Za-z0-9_-]*?)(?:'s)?(?=[\s?.,!]|$)/i.exec(raw);
  if (explicit) return explicit[1].toUpperCase();
  const prefixed = /\b(SKU-[A-Za-z0-9][A-Za-z0-9_-]*?)(?:'s)?(?=[\s?.,!]|$)/i.exec(raw);
  if (prefixed) return prefixed[1].toUpperCase();
  for (const tok of raw.split(/[\s,?!]+/)) {
    const w = tok.replace(/'s$/, '').replace(/[.]+$/, '');
    if (/^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/.test(w) && /\d/.test(w) && !/^ORD-\d+$/.test(w)) return w;
  }
  return undefined;
}

const toCents = (num: string, k?: string) => {
  const [whole, frac = ''] = num.replace(/,/g, '').split('.');
  const cents = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  return k ? cents * 1000 : cents;
};
const AMOUNT = String.raw`\$?\s*(\d[\d,]*(?:\.\d{1,2})?)\s*(k\b)?\s*(?:dollars|usd)?`;

/** "over $100", "under 50 dollars", "between $20 and $80" → cents bounds. */
export function amounts(t: string): { min?: number; max?: number } {
  const between = new RegExp(String.raw`between\s+${AMOUNT}\s+and\s+${AMOUNT}`).exec(t);
  if (between) return { min: toCents(between[1], between[2]), max: toCents(between[3], between[4]) };
  const out: { min?: number; max?: number } = {};
  const min = new RegExp(String.raw`(?:over|above|more than|greater than|at least|bigger than|larger than|>=?)\s*${AMOUNT}`).exec(t);
  if (min) out.min = toCents(min[1], min[2]);
  const max = new RegExp(String.raw`(?:under|below|less than|at most|cheaper than|smaller than|<=?)\s*${AMOUNT}`).exec(t);
  if (max) out.max = toCents(max[1], max[2]);
  return out;
}

/** today, yesterday, this week, last week, last N days, this month, last month, since / on YYYY-MM-DD. */
export function dates(t: string, now: Date): { from?: string; to?: string } {
  const today = dayOf(now);
  if (/\btoday\b|\bthis morning\b|\btonight\b/.test(t)) return { from: today, to: today };
  if (/\byesterday\b/.test(t)) {
    const y = dayOf(addDays(now, -1));
    return { from: y, to: y };
  }
  const n = /\b(?:last|past|previous)\s+(\d{1,3}|two|three|seven|fourteen|thirty)\s+days?\b/.exec(t);
  if (n) {
    const words: Record<string, number> = { two: 2, three: 3, seven: 7, fourteen: 14, thirty: 30 };
    const days = words[n[1]] ?? Number(n[1]);
    return { from: dayOf(addDays(now, -(days - 1))), to: today };
  }
  if (/\b(?:last|past) 24 hours\b/.test(t)) return { from: dayOf(addDays(now, -1)), to: today };
  const weekday = (now.getUTCDay() + 6) % 7; // Monday = 0
  if (/\bthis week\b/.test(t)) return { from: dayOf(addDays(now, -weekday)), to: today };
  if (/\blast week\b/.test(t)) return { from: dayOf(addDays(now, -weekday - 7)), to: dayOf(addDays(now, -weekday - 1)) };
  if (/\b(?:last|past) week\b|\blast 7 days\b/.test(t)) return { from: dayOf(addDays(now, -6)), to: today };
  const month = today.slice(0, 7);
  if (/\bthis month\b/.test(t)) return { from: `${month}-01`, to: today };
  if (/\blast month\b/.test(t)) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
    return { from: dayOf(first), to: dayOf(last) };
  }
  const since = /\b(?:since|after|from)\s+(\d{4}-\d{2}-\d{2})\b/.exec(t);
  if (since) return { from: since[1], to: today };
  const on = /\bon\s+(\d{4}-\d{2}-\d{2})\b/.exec(t);
  if (on) return { from: on[1], to: on[1] };
  return {};
}

/** The first of `words` (a word → value map) found as a whole word or phrase. */
export function oneOf<T extends string>(t: string, words: Record<string, T>): T | undefined {
  let best: { at: number; v: T } | undefined;
  for (const [w, v] of Object.entries(words)) {
    const m = new RegExp(String.raw`\b${w}\b`).exec(t);
    if (m && (!best || m.index < best.at)) best = { at: m.index, v };
  }
  return best?.v;
}

export const ORDER_STATUS_WORDS = {
  pending: 'pending', 'not routed|unrouted|new': 'pending', routed: 'routed', 'ordered from (?:the )?supplier': 'ordered_from_supplier',
  shipped: 'shipped', delivered: 'delivered', 'cancell?ed|canceled': 'cancelled', 'partially returned': 'partially_returned', returned: 'returned',
} as const;
export const LISTING_STATUS_WORDS = { active: 'active', live: 'active', paused: 'paused', draft: 'draft', ended: 'ended', 'errors?|failed|broken': 'error' } as const;
export const PO_STATUS_WORDS = { placed: 'placed', open: 'placed', confirmed: 'confirmed', rejected: 'rejected', shipped: 'shipped', 'cancell?ed|canceled': 'cancelled' } as const;
export const RMA_STATUS_WORDS = {
  requested: 'requested', 'new|open': 'requested', approved: 'approved', 'in transit': 'in_transit', received: 'received', refunded: 'refunded', replaced: 'replaced', rejected: 'rejected',
} as const;
export const SEVERITY_WORDS = { critical: 'critical', high: 'high', medium: 'medium', low: 'low', 'errors?': 'error', 'warnings?': 'warning', info: 'info' } as const;
export const ALERT_STATUS_WORDS = { open: 'open', unresolved: 'open', acknowledged: 'acknowledged', resolved: 'resolved', all: 'all' } as const;
export const STOCK_WORDS = { 'out of stock|sold out': 'out_of_stock', 'low stock|low on stock|running low|low inventory': 'low_stock', 'in stock': 'in_stock' } as const;
export const PRODUCT_STATUS_WORDS = { 'active|published': 'active', draft: 'draft', archived: 'archived' } as const;

/** Which automation step a failed message belongs to: its consumer (server/api/fulfillment/consumers.ts). */
export const CONSUMER_WORDS = { 'labels?': 'dropship-labels', 'rout(?:e|ed|ing)': 'dropship-router', 'tracking|tracking numbers?': 'dropship-tracking', intake: 'dropship-intake' } as const;

export function tier(t: string): number | undefined {
  const m = /\btier[\s-]*(1|2|3|one|two|three)\b/.exec(t);
  if (!m) return undefined;
  return ({ one: 1, two: 2, three: 3 } as Record<string, number>)[m[1]] ?? Number(m[1]);
}
