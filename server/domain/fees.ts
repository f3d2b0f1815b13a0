/**
 * Order totals and the marketplace's fee (docs/commerce.md "Money"), in integer cents through
 * contract/money.ts. total = subtotal + shipping + tax (what the buyer paid); fees = the
 * marketplace's commission, deducted from the payout, not part of the total — from THE fee schedule
 * (`feeCents` of contract/marketplaces.ts, docs/marketplaces.md "Fee schedules"), the one the
 * sandbox's settlements deduct and the repricer prices with: the tenant's effective schedule at the
 * order's time when it has an override (server/domain/fee-book.ts, docs/settings.md "Fee overrides").
 */
import type { Marketplace } from '../../contract/orders';
import { feeBaseCents, feeCents, type ScheduleOf } from '../../contract/marketplaces';
import { multiplyCents, sumCents } from '../../contract/money';

/** The marketplace's fee of an order with these items and shipping on this schedule (the kind: its standard one), in cents. */
export function marketplaceFeeCents(schedule: ScheduleOf, subtotalCents: number, shippingCents: number): number {
  return feeCents(schedule, feeBaseCents({ subtotal_cents: subtotalCents, shipping_cents: shippingCents }));
}

export interface OrderLineCents { quantity: number; unit_price_cents: number }

export interface OrderTotalsCents {
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  fees_cents: number;
  total_cents: number;
}

/** `schedule`: the order's effective fee schedule (the marketplace's standard one when absent). */
export function orderTotalsCents(marketplace: Marketplace, lines: readonly OrderLineCents[], shippingCents: number, taxCents: number, schedule: ScheduleOf = marketplace): OrderTotalsCents {
  const subtotal = sumCents(lines.map((l) => multiplyCents(l.unit_price_cents, l.quantity)));
  return {
    subtotal_cents: subtotal,
    shipping_cents: shippingCents,
    tax_cents: taxCents,
    fees_cents: marketplaceFeeCents(schedule, subtotal, shippingCents),
    total_cents: sumCents([subtotal, shippingCents, taxCents]),
  };
}
