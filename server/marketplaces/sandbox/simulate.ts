/**
 * The sandbox marketplace's rules as pure functions (docs/marketplaces.md "Sandbox"): every random
 * choice comes from a PRNG seeded by the account id, the item and the tick number, so the same ticks
 * from the same state give the same offers and orders on every engine and every run (no Math.random).
 */
import { SANDBOX_MAX_COMPETITORS } from '../../../contract/marketplaces';
import { rngOf } from '../../domain/prng';
import { plausibleAddress } from '../../domain/addresses';
import type { ShipTo } from '../../../contract/addresses';

export { rngOf };

export interface SimOffer {
  seller: string;
  base_price_cents: number;
  price_cents: number;
  shipping_cents: number;
  rating: number;
}

const SELLERS = [
  'BargainBay Traders', 'Summit Retail', 'Northstar Goods', 'Cobalt Commerce', 'Prairie Outlet', 'Urban Nest Supply',
  'Keystone Deals', 'Harbor Lane Co', 'Redwood Market', 'Atlas Discount', 'Willow & Pine', 'Metro Bargains',
];

/**
 * The competitors an item gets when the marketplace accepts it: 0–8 sellers priced around ours
 * (−15 % … +20 %). Some items attract an undercutter well below our price (a MAP breaker).
 */
export function initialOffers(accountId: string, externalId: string, ourPriceCents: number): SimOffer[] {
  const r = rngOf(accountId, externalId, 'offers');
  const n = Math.floor(r() * (SANDBOX_MAX_COMPETITORS + 1));
  const start = Math.floor(r() * SELLERS.length);
  const offers: SimOffer[] = [];
  for (let i = 0; i < n; i++) {
    const undercut = r() < 0.12;
    const factor = undercut ? 0.7 + r() * 0.1 : 0.85 + r() * 0.35;
    const base = Math.max(1, Math.round(ourPriceCents * factor));
    offers.push({
      seller: SELLERS[(start + i) % SELLERS.length],
      base_price_cents: base,
      price_cents: base,
      shipping_cents: r() < 0.5 ? 0 : 299 + Math.floor(r() * 5) * 100,
      rating: 60 + Math.floor(r() * 41),
    });
  }
  return offers;
}

/** Prices wander ±6 % around each seller's base price, a fresh draw per tick. */
export function moveOffers(accountId: string, tick: number, externalId: string, offers: SimOffer[]): SimOffer[] {
  return offers.map((o) => {
    const r = rngOf(accountId, tick, externalId, o.seller);
    const drift = (r() - 0.5) * 0.12;
    return { ...o, price_cents: Math.max(1, Math.round(o.base_price_cents * (1 + drift))) };
  });
}

/**
 * The buy box: the lowest landed price (price + shipping) among sellers rated 70 or better and our
 * own item (rated 100, shipping included); ties go to the better rating, then to us.
 */
export function buyBoxOf(ourPriceCents: number | null, offers: SimOffer[]): { owner: string | null; priceCents: number | null } {
  const candidates = offers.filter((o) => o.rating >= 70).map((o) => ({ owner: o.seller, landed: o.price_cents + o.shipping_cents, price: o.price_cents, rating: o.rating }));
  if (ourPriceCents !== null) candidates.push({ owner: 'you', landed: ourPriceCents, price: ourPriceCents, rating: 101 });
  if (candidates.length === 0) return { owner: null, priceCents: null };
  candidates.sort((a, b) => a.landed - b.landed || b.rating - a.rating);
  return { owner: candidates[0].owner, priceCents: candidates[0].price };
}

export interface SimItem {
  external_id: string;
  price_cents: number;
  quantity: number;
  has_buy_box: boolean;
}

export interface SimOrder {
  external_id: string;
  item_external_id: string;
  quantity: number;
  unit_price_cents: number;
  buyer: string;
}

/** The sandbox buyers' names (exported for tests/server/demo-emails-migration.test.ts). */
export const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Ethan', 'Ivy', 'Lucas', 'Nora', 'Owen', 'Ruby', 'Leo'];
export const LAST = ['Parker', 'Nguyen', 'Garcia', 'Smith', 'Khan', 'Rossi', 'Müller', 'Okafor', 'Silva', 'Cohen'];

/**
 * Orders of one tick: each buyable item sells with probability `rate` (a third of it without the
 * buy box), one or two units within its quantity. Items are visited in external-id order.
 */
export function ordersOfTick(accountId: string, kind: string, tick: number, items: SimItem[], rate: number): SimOrder[] {
  const out: SimOrder[] = [];
  const sorted = [...items].sort((a, b) => (a.external_id < b.external_id ? -1 : a.external_id > b.external_id ? 1 : 0));
  for (const it of sorted) {
    if (it.quantity <= 0) continue;
    const r = rngOf(accountId, tick, it.external_id, 'order');
    const p = it.has_buy_box ? rate : rate / 3;
    if (r() >= p) continue;
    const qty = Math.min(it.quantity, r() < 0.85 ? 1 : 2);
    out.push({
      external_id: `${kind.toUpperCase()}-SBX-${accountId.slice(0, 8)}-${tick}-${out.length + 1}`,
      item_external_id: it.external_id,
      quantity: qty,
      unit_price_cents: it.price_cents,
      buyer: `${FIRST[Math.floor(r() * FIRST.length)]} ${LAST[Math.floor(r() * LAST.length)]}`,
    });
  }
  return out;
}

/**
 * Where a sandbox order ships: the buyer's address, a plausible US one (the sandbox marketplaces are
 * US storefronts selling in dollars), drawn from the account and the order's number, so a pull gives
 * the same address every time (docs/marketplaces.md "Sandbox").
 */
export function buyerAddress(accountId: string, externalId: string, buyer: string): ShipTo {
  return plausibleAddress(rngOf(accountId, externalId, 'ship-to'), 'US', buyer);
}
