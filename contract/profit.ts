/**
 * An order's profit — THE one computation (docs/commerce.md "Order profit"), used by the order page,
 * the hold rules and the label check before an automatic purchase (docs/dropshipping.md "Hold rules",
 * "Labels"). Integer cents through contract/money.ts; browser-safe.
 *
 *   result = sale − marketplace fees − supplier cost − postage − refunds
 *
 * A part that is not known yet (no purchase order, no label, a return still open) is null, and so
 * is the result while any part is. The margin is the result in percent of the sale, one decimal,
 * rounded half up (away from zero).
 */
import { z } from 'zod';
import { mulDivRound, subtractCents } from './money';

export interface ProfitParts {
  /** what the customer paid: the order total */
  sale_cents: number;
  fees_cents: number | null;
  supplier_cents: number | null;
  postage_cents: number | null;
  refunds_cents: number | null;
}

export const orderProfit = z.object({
  sale_cents: z.number().int(),
  fees_cents: z.number().int().nullable(),
  supplier_cents: z.number().int().nullable(),
  postage_cents: z.number().int().nullable(),
  refunds_cents: z.number().int().nullable(),
  /** sale − fees − supplier − postage − refunds; null until every part is known */
  result_cents: z.number().int().nullable(),
  /** result in percent of the sale, one decimal; null with the result or a zero sale */
  margin_percent: z.number().nullable(),
});
export type OrderProfit = z.infer<typeof orderProfit>;

/** `resultCents` in percent of `saleCents`, one decimal, half away from zero (null for no sale). */
export function marginPercentOf(resultCents: number, saleCents: number): number | null {
  if (saleCents <= 0) return null;
  return mulDivRound(resultCents, 1000, saleCents) / 10;
}

/** sale − each cost in turn, or null when one of them is not known. */
export function resultCents(saleCents: number, costs: readonly (number | null)[]): number | null {
  let r = saleCents;
  for (const c of costs) {
    if (c === null) return null;
    r = subtractCents(r, c);
  }
  return r;
}

/** The breakdown with its result and margin. */
export function computeOrderProfit(p: ProfitParts): OrderProfit {
  const result = resultCents(p.sale_cents, [p.fees_cents, p.supplier_cents, p.postage_cents, p.refunds_cents]);
  return { ...p, result_cents: result, margin_percent: result === null ? null : marginPercentOf(result, p.sale_cents) };
}
