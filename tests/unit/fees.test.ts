/**
 * THE fee schedule (contract/marketplaces.ts, docs/marketplaces.md "Fee schedules") and order totals
 * (server/domain/fees.ts): one rule for every marketplace — round-half-up(items + shipping) × rate,
 * plus the fixed fee, never on tax — in integer cents.
 */
import { describe, expect, it } from 'vitest';
import { FEE_SCHEDULES, feeBaseCents, feeCents, MARKETPLACE_KINDS } from '../../contract/marketplaces';
import { orderTotalsCents } from '../../server/domain/fees';
import { feeOf } from '../../server/api/pricing/inputs';

describe('fee schedule', () => {
  it('keeps the rate in basis points, the fraction only for display', () => {
    for (const k of MARKETPLACE_KINDS) expect(FEE_SCHEDULES[k].rate).toBe(FEE_SCHEDULES[k].rate_bp / 10_000);
    expect(FEE_SCHEDULES.ebay).toMatchObject({ rate_bp: 1325, rate: 0.1325, fixed_cents: 30 });
    expect(FEE_SCHEDULES.shopify).toMatchObject({ rate_bp: 290, fixed_cents: 30 });
    for (const k of MARKETPLACE_KINDS) expect(feeOf(k)).toEqual({ rateBp: FEE_SCHEDULES[k].rate_bp, fixed: FEE_SCHEDULES[k].fixed_cents });
  });

  it('charges items and shipping on every marketplace, never tax, rounding half a cent up', () => {
    const lines = [{ quantity: 2, unit_price_cents: 1999 }, { quantity: 1, unit_price_cents: 502 }];
    for (const k of MARKETPLACE_KINDS) {
      const t = orderTotalsCents(k, lines, 599, 321);
      expect(t.subtotal_cents).toBe(4500);
      expect(t.total_cents).toBe(4500 + 599 + 321);
      expect(t.fees_cents).toBe(feeCents(k, feeBaseCents({ subtotal_cents: 4500, shipping_cents: 599 })));
      // tax never changes the fee
      expect(orderTotalsCents(k, lines, 599, 0).fees_cents).toBe(t.fees_cents);
    }
    expect(orderTotalsCents('amazon', lines, 599, 321).fees_cents).toBe(765); // 15 % of 51.00 = 7.65
    expect(orderTotalsCents('ebay', lines, 599, 321).fees_cents).toBe(676 + 30); // 13.25 % of 51.00 = 6.7575 → 6.76
    expect(orderTotalsCents('shopify', lines, 599, 321).fees_cents).toBe(148 + 30); // 2.9 % of 51.00 = 1.479 → 1.48
    expect(feeCents('ebay', 200)).toBe(27 + 30); // 26.5 ¢ → 27 ¢ (float arithmetic once made it 26)
    expect(feeCents('amazon', 10)).toBe(2); // 1.5 ¢ → 2 ¢
    expect(feeCents('shopify', 500)).toBe(15 + 30); // 14.5 ¢ → 15 ¢
  });
});
