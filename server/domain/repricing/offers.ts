/**
 * Which competitor offers count for a rule (docs/repricing.md "Competitor filters"): by
 * fulfilment type, minimum seller rating, and without our own other accounts. An offer whose
 * fulfilment type or rating is unknown counts unless the filter asks for it.
 */
import type { EngineOffer, EngineRule } from './types';

export function countedOffers(offers: readonly EngineOffer[], f: EngineRule['filters']): EngineOffer[] {
  const kinds = f.fulfilment && f.fulfilment.length > 0 ? f.fulfilment : null;
  const out: EngineOffer[] = [];
  for (const o of offers) {
    if (f.exclude_own && o.own) continue;
    if (kinds != null && (o.fulfilment == null || !kinds.includes(o.fulfilment))) continue;
    if (f.min_rating != null && (o.rating == null || o.rating < f.min_rating)) continue;
    // cheapest first, by seller name on a tie: an insertion in place (a listing has a few offers)
    let i = out.length;
    while (i > 0 && cheaper(o, out[i - 1])) {
      out[i] = out[i - 1];
      i--;
    }
    out[i] = o;
  }
  return out;
}

function cheaper(a: EngineOffer, b: EngineOffer): boolean {
  return a.price_cents < b.price_cents || (a.price_cents === b.price_cents && a.seller < b.seller);
}
