/**
 * Unit margin at a price (docs/repricing.md "Proposals"): price − cost − shipping − the marketplace's
 * fee (round-half-up of price × rate, plus the fixed fee), in integer cents. Null without a cost.
 */
import { mulDivRound } from '../../../contract/money';

export function marginCents(priceCents: number, costCents: number | null, shippingCents: number, feeRateBp: number, feeFixedCents: number): number | null {
  if (costCents == null) return null;
  const fee = mulDivRound(priceCents, feeRateBp, 10_000) + feeFixedCents;
  return priceCents - costCents - shippingCents - fee;
}
