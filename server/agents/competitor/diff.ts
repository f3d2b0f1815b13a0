/**
 * What changed among a listing's competitors since the monitor last looked (docs/agents.md
 * "Competitor monitor"), pure: new sellers, prices dropped by more than the threshold, the buy box
 * lost or won (its owner `you` is the seller's own listing), and the sellers offering below MAP.
 * The first look at a listing only remembers it. Tests: tests/unit/agents-competitor.test.ts.
 */
import type { COMPETITOR_CHANGES } from '../../../contract/agents-events';
import { formatCents } from '../../../contract/money';

export interface Offer { seller: string; price_cents: number }
export interface Look { offers: readonly Offer[]; buy_box_owner: string | null }
export interface Change { change: (typeof COMPETITOR_CHANGES)[number]; seller: string; price_cents: number | null; before_cents: number | null }

export const OWN = 'you';

export function diffOffers(before: Look | null, now: Look, o: { dropPct: number; mapCents: number | null }): Change[] {
  const out: Change[] = [];
  if (o.mapCents !== null) {
    for (const x of now.offers) if (x.price_cents < o.mapCents) out.push({ change: 'map_violator', seller: x.seller, price_cents: x.price_cents, before_cents: null });
  }
  if (!before) return out;
  const prev = new Map(before.offers.map((x) => [x.seller, x.price_cents]));
  for (const x of now.offers) {
    const was = prev.get(x.seller);
    if (was === undefined) out.push({ change: 'new_entrant', seller: x.seller, price_cents: x.price_cents, before_cents: null });
    else if ((was - x.price_cents) * 100 > was * o.dropPct) out.push({ change: 'price_drop', seller: x.seller, price_cents: x.price_cents, before_cents: was });
  }
  const price = (seller: string | null) => now.offers.find((x) => x.seller === seller)?.price_cents ?? null;
  if (before.buy_box_owner === OWN && now.buy_box_owner !== OWN) out.push({ change: 'buy_box_lost', seller: now.buy_box_owner ?? 'nobody', price_cents: price(now.buy_box_owner), before_cents: null });
  if (before.buy_box_owner !== OWN && now.buy_box_owner === OWN) out.push({ change: 'buy_box_won', seller: before.buy_box_owner ?? 'nobody', price_cents: null, before_cents: null });
  return out;
}

const money = (c: number | null) => (c === null ? '' : formatCents(c));

/** The alert's sentence for a change on a listing (SKU). */
export function changeWords(sku: string, c: Change): string {
  switch (c.change) {
    case 'new_entrant':
      return `${sku}: ${c.seller} started selling at ${money(c.price_cents)}.`;
    case 'price_drop':
      return `${sku}: ${c.seller} dropped its price from ${money(c.before_cents)} to ${money(c.price_cents)}.`;
    case 'buy_box_lost':
      return `${sku}: you lost the buy box to ${c.seller}${c.price_cents === null ? '' : ` at ${money(c.price_cents)}`}.`;
    case 'buy_box_won':
      return `${sku}: you won the buy box back from ${c.seller}.`;
    default:
      return `${sku}: ${c.seller} sells at ${money(c.price_cents)}, below MAP.`;
  }
}
