/**
 * Which competitor offers count for a rule (docs/repricing.md "Competitor filters"): by
 * fulfilment type, minimum seller rating, and without our own other accounts. An offer whose
 * fulfilment type or rating is unknown counts unless the filter asks for it.
 */
import type { EngineOffer, EngineRule } from './types';

export function countedOffers(offers: readonly EngineOffer[], f: EngineRule['filters']): EngineOffer[] {
  const kinds = f.fulfilment && f.fulfilment.length > 0 ? f.fulfilment : null;
  return offers
    .filter((o) => !(f.exclude_own && o.own))
    .filter((o) => kinds == null || (o.fulfilment != null && kinds.includes(o.fulfilment)))
    .filter((o) => f.min_rating == null || (o.rating != null && o.rating >= f.min_rating))
    .sort((a, b) => a.price_cents - b.price_cents || (a.seller < b.seller ? -1 : a.seller > b.seller ? 1 : 0));
}
