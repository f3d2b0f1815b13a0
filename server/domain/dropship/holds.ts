/**
 * Hold rules per tenant (docs/dropshipping.md "Hold rules"): an order whose route breaks one of the
 * tenant's thresholds waits "on hold" with the reason in the work queue instead of being placed.
 * A null threshold is off. Pure: amounts in integer cents.
 */
import type { RankedOption } from './router';

export interface HoldSettings {
  /** hold when the chosen supplier has fewer units than this after the order */
  minSupplierStock: number | null;
  /** hold when the chosen supplier needs more handling days than this */
  maxHandlingDays: number | null;
  /** hold when the item's margin after supplier landed cost is below this percent of the sale */
  minMarginPercent: number | null;
}

export const DEFAULT_HOLD_SETTINGS: HoldSettings = { minSupplierStock: null, maxHandlingDays: null, minMarginPercent: null };

export interface RoutedLine {
  sku: string;
  quantity: number;
  /** what the customer paid for the line, cents */
  saleCents: number;
  /** null when the SKU maps to no variant of ours */
  route: RankedOption | null;
}

export const UNMAPPED_SKU = 'unmapped SKU';

/** Margin after the supplier's landed cost, in percent of the sale (one decimal). */
export function marginPercent(saleCents: number, landedCents: number): number {
  if (saleCents <= 0) return landedCents > 0 ? -100 : 0;
  return Math.round(((saleCents - landedCents) / saleCents) * 1000) / 10;
}

/** The reasons to hold one line (empty: go ahead). */
export function holdReasons(line: RoutedLine, s: HoldSettings): string[] {
  if (!line.route) return [UNMAPPED_SKU];
  const r = line.route;
  const out: string[] = [];
  const left = r.stock - line.quantity;
  if (s.minSupplierStock !== null && left < s.minSupplierStock) {
    out.push(`supplier stock below ${s.minSupplierStock} (${r.supplierName} has ${r.stock} for ${line.quantity})`);
  }
  if (s.maxHandlingDays !== null && r.handlingDays > s.maxHandlingDays) {
    out.push(`handling days above ${s.maxHandlingDays} (${r.supplierName} needs ${r.handlingDays})`);
  }
  if (s.minMarginPercent !== null) {
    const m = marginPercent(line.saleCents, r.landedCostCents);
    if (m < s.minMarginPercent) out.push(`margin below ${s.minMarginPercent}% (${m}% on ${line.sku})`);
  }
  return out;
}

/** Every reason across the order's lines, each once, in line order. */
export function orderHoldReasons(lines: readonly RoutedLine[], s: HoldSettings): string[] {
  return [...new Set(lines.flatMap((l) => holdReasons(l, s)))];
}
