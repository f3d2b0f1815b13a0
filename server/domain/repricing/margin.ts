/**
 * Unit margin at a price (docs/repricing.md "Proposals"): price − cost − shipping − the marketplace's
 * fee (THE fee schedule's rule: round-half-up of price × rate, plus the fixed fee), in integer cents.
 * Null without a cost.
 */
import { percentOf } from '../../../contract/money';

export function marginCents(priceCents: number, costCents: number | null, shippingCents: number, feeRateBp: number, feeFixedCents: number): number | null {
  if (costCents == null) return null;
  const fee = percentOf(priceCents, feeRateBp) + feeFixedCents; // feeCents of contract/marketplaces.ts
  return priceCents - costCents - shippingCents - fee;
}
