/**
 * /catalog's own parameters (docs/marketplaces-ui.md "Catalog & Listings"): `tab` (listings,
 * violations, pricing) and the product's `filter=violations`, which opens the Listings tab filtered to
 * listings with a MAP violation — the listings table's own `violations=true` parameter.
 */
export const CATALOG_TABS = ['listings', 'violations', 'pricing'] as const;
export type CatalogTab = (typeof CATALOG_TABS)[number];

export function tabOf(q: URLSearchParams): CatalogTab {
  const t = q.get('tab');
  return (CATALOG_TABS as readonly string[]).includes(t ?? '') ? (t as CatalogTab) : 'listings';
}

/** The address `?filter=violations` stands for, or null when there is nothing to rewrite. */
export function rewriteFilter(q: URLSearchParams): URLSearchParams | null {
  if (q.get('filter') !== 'violations') return null;
  const next = new URLSearchParams(q);
  next.delete('filter');
  next.delete('tab');
  next.set('violations', 'true');
  return next;
}

/** A tab's address: the other tab's table state does not follow. */
export function tabSearch(tab: CatalogTab): string {
  return tab === 'listings' ? '' : `?tab=${tab}`;
}
