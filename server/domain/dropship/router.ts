/**
 * The supplier router (docs/dropshipping.md "Routing"): for one order item, the suppliers mapped to
 * its variant are ranked and the best one takes the purchase order; the next one is kept as the
 * backup a rejection falls back to. Pure: the caller loads the mappings and supplier scores.
 *
 * Ranking, in order: serves the ship-to country, has the stock for the quantity, highest supplier
 * score (unscored suppliers rank last), lowest landed cost (cost × quantity + shipping), then the
 * mapping's priority (1 first) and the supplier id so the same input always picks the same supplier.
 */

/** One supplier mapping of a variant (up to MAX_SUPPLIERS_PER_VARIANT of them). */
export interface SupplierOption {
  supplierId: string;
  supplierName: string;
  supplierSku: string;
  /** unit cost in cents */
  costCents: number;
  /** shipping the supplier charges per shipment, in cents */
  shippingCents: number;
  stock: number;
  handlingDays: number;
  /** ISO 3166-1 alpha-2 */
  shipFrom: string;
  /** ISO alpha-2 codes; empty = ships everywhere */
  countriesServed: readonly string[];
  /** 1 = preferred; a tie-breaker after score and cost */
  priority: number;
  /** supplier score 0–100 (server/domain/supplier-score.ts), null when never scored */
  score: number | null;
}

export const MAX_SUPPLIERS_PER_VARIANT = 10;

export interface RouteItem {
  sku: string;
  quantity: number;
}

export interface RankedOption extends SupplierOption {
  landedCostCents: number;
}

export type RouteDecision =
  | { kind: 'routed'; primary: RankedOption; backup: RankedOption | null; reason: string }
  | { kind: 'unroutable'; reason: string };

export const landedCostCents = (o: SupplierOption, quantity: number) => o.costCents * quantity + o.shippingCents;

export const servesCountry = (o: SupplierOption, country: string) =>
  o.countriesServed.length === 0 || o.countriesServed.some((c) => c.toUpperCase() === country.toUpperCase());

/** Best first: score (desc, unscored last), landed cost (asc), priority (asc), supplier id. */
export function compareOptions(a: RankedOption, b: RankedOption): number {
  const sa = a.score ?? -1;
  const sb = b.score ?? -1;
  if (sa !== sb) return sb - sa;
  if (a.landedCostCents !== b.landedCostCents) return a.landedCostCents - b.landedCostCents;
  if (a.priority !== b.priority) return a.priority - b.priority;
  return a.supplierId < b.supplierId ? -1 : a.supplierId > b.supplierId ? 1 : 0;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Picks the supplier for an item shipped to `shipTo`. `exclude` holds suppliers already tried for
 * this item (a rejection re-routes without them).
 */
export function routeItem(item: RouteItem, options: readonly SupplierOption[], shipTo: string, exclude: ReadonlySet<string> = new Set()): RouteDecision {
  if (options.length === 0) return { kind: 'unroutable', reason: 'unmapped SKU' };
  const open = options.filter((o) => !exclude.has(o.supplierId));
  if (open.length === 0) return { kind: 'unroutable', reason: `every supplier of ${item.sku} was tried` };
  const serving = open.filter((o) => servesCountry(o, shipTo));
  if (serving.length === 0) return { kind: 'unroutable', reason: `no supplier of ${item.sku} ships to ${shipTo}` };
  const ranked = serving
    .filter((o) => o.stock >= item.quantity)
    .map((o) => ({ ...o, landedCostCents: landedCostCents(o, item.quantity) }))
    .sort(compareOptions);
  if (ranked.length === 0) return { kind: 'unroutable', reason: `out of stock at every supplier of ${item.sku}` };
  const [primary, backup = null] = ranked;
  const why = [`ships to ${shipTo}`, `${primary.stock} in stock`];
  why.push(primary.score === null ? 'unscored' : `score ${primary.score}`);
  why.push(`landed ${money(primary.landedCostCents)}`);
  const skipped = serving.length - ranked.length;
  const reason = `routed to ${primary.supplierName} because it ${why.join(', ')}` +
    (skipped > 0 ? ` (${skipped} out of stock)` : '') +
    (backup ? `; backup ${backup.supplierName}` : '; no backup');
  return { kind: 'routed', primary, backup, reason };
}
