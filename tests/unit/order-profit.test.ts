/** THE order profit (contract/profit.ts, docs/commerce.md "Order profit"): exact cents, parts not known yet. */
import { describe, expect, it } from 'vitest';
import { computeOrderProfit, marginPercentOf, resultCents } from '../../contract/profit';
import { feeCents } from '../../contract/marketplaces';

describe('order profit', () => {
  it('ORD-105769: $71.98 − $9.84 fees − $41.30 supplier − $49.88 label is −$29.04', () => {
    const p = computeOrderProfit({ sale_cents: 7198, fees_cents: 984, supplier_cents: 4130, postage_cents: 4988, refunds_cents: 0 });
    expect(p.result_cents).toBe(-2904);
    expect(p.margin_percent).toBe(-40.3);
  });

  it('the "39.3 %" order is −$1.30 after the 15 % fee and a $13.95 label', () => {
    const fees = feeCents('amazon', 5206);
    expect(fees).toBe(781);
    expect(marginPercentOf(5206 - 3160, 5206)).toBe(39.3);
    const p = computeOrderProfit({ sale_cents: 5206, fees_cents: fees, supplier_cents: 3160, postage_cents: 1395, refunds_cents: 0 });
    expect(p.result_cents).toBe(-130);
    expect(p.margin_percent).toBe(-2.5);
  });

  it('subtracts refunds', () => {
    expect(computeOrderProfit({ sale_cents: 10000, fees_cents: 1500, supplier_cents: 4000, postage_cents: 895, refunds_cents: 2500 }))
      .toMatchObject({ result_cents: 1105, margin_percent: 11.1 });
  });

  it('has no result while a part is not known yet', () => {
    const p = computeOrderProfit({ sale_cents: 7198, fees_cents: 984, supplier_cents: null, postage_cents: null, refunds_cents: 0 });
    expect(p).toMatchObject({ supplier_cents: null, postage_cents: null, result_cents: null, margin_percent: null });
    expect(resultCents(100, [10, null])).toBeNull();
  });

  it('rounds the margin half away from zero and has none for a zero sale', () => {
    expect(marginPercentOf(1, 8)).toBe(12.5);
    expect(marginPercentOf(-1, 2000)).toBe(-0.1);
    expect(marginPercentOf(-1, 2001)).toBe(0);
    expect(marginPercentOf(-500, 0)).toBeNull();
  });
});
