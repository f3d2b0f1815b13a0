/**
 * Hold rules per tenant (docs/dropshipping.md "Hold rules"): an order whose route breaks one of the
 * tenant's thresholds waits "on hold" with the reason in the work queue instead of being placed.
 * A null threshold is off. Pure: amounts in integer cents.
 */
import type { RankedOption } from './router';
import { marginPercentOf, resultCents } from '../../../contract/profit';

export interface HoldSettings {
  /** hold when the chosen supplier has fewer units than this after the order */
  minSupplierStock: number | null;
  /** hold when the chosen supplier needs more handling days than this */
  maxHandlingDays: number | null;
  /**
   * hold when the order's expected result — sale − marketplace fees − supplier landed cost − the
   * postage estimate — is below this percent of the sale (contract/profit.ts), never the gross markup
   */
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

/**
 * What the order brings in and costs besides its routed lines, cents: the sale (the order total),
 * the marketplace fee (contract/marketplaces.ts feeCents), the supplier cost of lines already on a
 * live purchase order, and the postage estimate (null: no estimate, counted as 0).
 */
export interface OrderMoney { saleCents: number; feesCents: number; otherSupplierCents: number; postageCents: number | null }

/** The order's expected result in percent of its sale (one decimal) once its routed lines are bought. */
export function expectedMarginPercent(lines: readonly RoutedLine[], m: OrderMoney): number | null {
  const landed = lines.reduce((n, l) => n + (l.route?.landedCostCents ?? 0), 0);
  const r = resultCents(m.saleCents, [m.feesCents, m.otherSupplierCents, landed, m.postageCents ?? 0])!;
  return m.saleCents <= 0 ? (r < 0 ? -100 : 0) : marginPercentOf(r, m.saleCents);
}

/** The reasons to hold one line on stock and handling (empty: go ahead); the margin is the order's (`orderHoldReasons`). */
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
  return out;
}

/** Every reason across the order's lines, each once, in line order, then the order's margin. */
export function orderHoldReasons(lines: readonly RoutedLine[], s: HoldSettings, money?: OrderMoney): string[] {
  const out = [...new Set(lines.flatMap((l) => holdReasons(l, s)))];
  if (s.minMarginPercent !== null && lines.every((l) => l.route)) {
    const m = expectedMarginPercent(lines, money ?? { saleCents: lines.reduce((n, l) => n + l.saleCents, 0), feesCents: 0, otherSupplierCents: 0, postageCents: null });
    const what = money ? (money.postageCents === null ? 'after fees and supplier cost' : 'after fees, supplier cost and postage') : 'after supplier cost';
    if (m !== null && m < s.minMarginPercent) out.push(`margin below ${s.minMarginPercent}% (${m}% ${what})`);
  }
  return out;
}
