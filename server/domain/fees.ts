/**
 * Order totals and the marketplace's fee (docs/commerce.md "Money"), in integer cents through
 * contract/money.ts. total = subtotal + shipping + tax (what the buyer paid); fees = the
 * marketplace's commission, deducted from the payout, not part of the total — from THE fee schedule
 * (`feeCents` of contract/marketplaces.ts, docs/marketplaces.md "Fee schedules"), the one the
 * sandbox's settlements deduct and the repricer prices with.
 */
import type { Marketplace } from '../../contract/orders';
import { feeBaseCents, feeCents } from '../../contract/marketplaces';
import { multiplyCents, sumCents } from '../../contract/money';

/** The marketplace's fee of an order with these items and shipping, in cents. */
export function marketplaceFeeCents(marketplace: Marketplace, subtotalCents: number, shippingCents: number): number {
  return feeCents(marketplace, feeBaseCents({ subtotal_cents: subtotalCents, shipping_cents: shippingCents }));
}

export interface OrderLineCents { quantity: number; unit_price_cents: number }

export interface OrderTotalsCents {
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  fees_cents: number;
  total_cents: number;
}

export function orderTotalsCents(marketplace: Marketplace, lines: readonly OrderLineCents[], shippingCents: number, taxCents: number): OrderTotalsCents {
  const subtotal = sumCents(lines.map((l) => multiplyCents(l.unit_price_cents, l.quantity)));
  return {
    subtotal_cents: subtotal,
    shipping_cents: shippingCents,
    tax_cents: taxCents,
    fees_cents: marketplaceFeeCents(marketplace, subtotal, shippingCents),
    total_cents: sumCents([subtotal, shippingCents, taxCents]),
  };
}
