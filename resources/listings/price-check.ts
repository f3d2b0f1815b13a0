/**
 * A listing price against the variant's MAP and cost (docs/marketplaces-ui.md "Create Listing"): below
 * MAP is allowed but becomes a MAP violation (a warning); below cost the server refuses with 409
 * below_cost unless the seller confirms (the form asks first). Amounts in integer cents.
 */
import { formatCents } from '../../contract/money';

export interface PriceCheck {
  belowMap: boolean;
  belowCost: boolean;
  /** The sentence shown under the price, or null when the price is fine. */
  warning: string | null;
}

export function checkPrice(priceCents: number | null | undefined, mapCents: number | null | undefined, costCents: number | null | undefined): PriceCheck {
  if (priceCents === null || priceCents === undefined) return { belowMap: false, belowCost: false, warning: null };
  const belowMap = mapCents != null && priceCents < mapCents;
  const belowCost = costCents != null && priceCents < costCents;
  const parts: string[] = [];
  if (belowMap) parts.push(`Below the MAP price of ${formatCents(mapCents!)}: the listing will be recorded as a MAP violation.`);
  if (belowCost) parts.push(`Below the cost of ${formatCents(costCents!)}: every sale loses money, and you will be asked to confirm.`);
  return { belowMap, belowCost, warning: parts.length ? parts.join(' ') : null };
}
