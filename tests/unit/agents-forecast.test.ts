/**
 * The demand forecast's math (docs/agents.md "Demand forecasting") against cases computed by hand:
 * trend, weekly seasonality, the service level's safety factor, reorder point and quantity rounded to
 * the supplier's minimum and packs net of open purchase orders, slow movers, and the days of cover a
 * dropshipped best seller has at its suppliers with its backup.
 */
import { describe, expect, it } from 'vitest';
import { fitDemand, forecastDay, linearTrend, serviceZ, velocity, weekdayIndex } from '../../server/agents/demand/model';
import { DEMAND_DEFAULTS, daysOfCover, forecastVariant, reorderQuantity, type VariantInput } from '../../server/agents/demand/forecast';

const days = (n: number, f: (t: number) => number) => Array.from({ length: n }, (_, t) => f(t));
const stocked = (over: Partial<VariantInput>): VariantInput => ({
  sales: days(28, () => 2), firstDow: 0, mode: 'stocked', onHand: 0, openPo: 0, leadTimeDays: 7, packSize: 1, minOrderQty: 1, suppliers: [], ...over,
});

describe('trend', () => {
  it('fits the least-squares line: 1, 2, 3, 4 rises 1 a day from 1', () => {
    expect(linearTrend([1, 2, 3, 4])).toEqual({ intercept: 1, slope: 1 });
  });
  it('a flat series has no slope; a single day is its own level', () => {
    expect(linearTrend([3, 3, 3])).toEqual({ intercept: 3, slope: 0 });
    expect(linearTrend([5])).toEqual({ intercept: 5, slope: 0 });
  });
  it('projects the trend forward: 28 days of 1 + t/7 give 5 on day 29 (t = 28)', () => {
    const m = fitDemand(days(28, (t) => 1 + t / 7), 0);
    expect(m.slope).toBeCloseTo(1 / 7, 10);
    expect(forecastDay(m, 1)).toBeCloseTo(5, 6);
    // the coming week's average: t = 28 … 34, mean t = 31 → 1 + 31/7
    expect(velocity(m)).toBeCloseTo(1 + 31 / 7, 6);
  });
  it('a falling trend never forecasts below zero', () => {
    const m = fitDemand(days(14, (t) => 13 - t), 0);
    expect(forecastDay(m, 10)).toBe(0);
  });
});

describe('weekly seasonality', () => {
  it('each weekday against the mean: weekends sell double', () => {
    // Sunday first; Sat and Sun 4, weekdays 2 → mean (4+2*5+4)/7 = 18/7
    const y = days(14, (t) => (t % 7 === 0 || t % 7 === 6 ? 4 : 2));
    const idx = weekdayIndex(y, 0);
    expect(idx[0]).toBeCloseTo(4 / (18 / 7), 10);
    expect(idx[1]).toBeCloseTo(2 / (18 / 7), 10);
    expect(idx.reduce((s, v) => s + v, 0)).toBeCloseTo(7, 10);
  });
  it('a trend is not taken for seasonality: 1 + t/7 has every weekday average', () => {
    weekdayIndex(days(28, (t) => 1 + t / 7), 0).forEach((v) => expect(v).toBeCloseTo(1, 10));
  });
  it('fewer than two weeks, or no sales: every day is an average day', () => {
    expect(weekdayIndex(days(13, () => 5), 0)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(weekdayIndex(days(28, () => 0), 0)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
  it('the forecast follows the weekday: a Monday-only seller forecasts its Mondays', () => {
    const m = fitDemand(days(28, (t) => (t % 7 === 1 ? 7 : 0)), 0);
    // day 29 is t = 28, a Sunday; day 30 a Monday: 7, as every Monday
    expect(forecastDay(m, 1)).toBeCloseTo(0, 6);
    expect(forecastDay(m, 2)).toBeCloseTo(7, 6);
    expect(velocity(m)).toBeCloseTo(1, 6);
  });
});

describe('service level', () => {
  it('95 % → z = 1.645, 50 % → 0, 99 % → 2.326', () => {
    expect(serviceZ(0.95)).toBeCloseTo(1.6449, 4);
    expect(serviceZ(0.5)).toBeCloseTo(0, 8);
    expect(serviceZ(0.99)).toBeCloseTo(2.3263, 4);
    expect(() => serviceZ(1)).toThrow();
  });
});

describe('reorder quantity', () => {
  it('rounds up to whole packs and to the minimum', () => {
    expect(reorderQuantity(37, 12, 1)).toBe(48);
    expect(reorderQuantity(37, 12, 50)).toBe(60);
    expect(reorderQuantity(37, 1, 1)).toBe(37);
    expect(reorderQuantity(0.2, 1, 1)).toBe(1);
    expect(reorderQuantity(0, 12, 50)).toBe(0);
    expect(reorderQuantity(-5, 12, 50)).toBe(0);
  });
});

describe('stocked variants', () => {
  it('2 a day, 7-day lead time, no spread: reorder at 14; 5 on hand → order up to 14 + 28 = 42, need 37, packs of 12 → 48', () => {
    const f = forecastVariant(stocked({ onHand: 5, packSize: 12 }));
    expect(f.daily_demand).toBe(2);
    expect(f.explanation.lead_time_demand).toBe(14);
    expect(f.explanation.safety_stock).toBe(0);
    expect(f.reorder_point).toBe(14);
    expect(f.explanation.need).toBe(37);
    expect(f.reorder_quantity).toBe(48);
    expect(f.summary).toContain('reorder at 14');
    expect(f.summary).toContain('order 48');
  });
  it('open purchase orders count: 5 on hand + 6 ordered → need 31 → 36 in packs of 12; 10 + 6 is above the reorder point → none', () => {
    expect(forecastVariant(stocked({ onHand: 5, openPo: 6, packSize: 12 })).reorder_quantity).toBe(36);
    const f = forecastVariant(stocked({ onHand: 10, openPo: 6, packSize: 12 }));
    expect(f.reorder_quantity).toBe(0);
    expect(f.summary).toContain('no order needed yet');
  });
  it('safety stock = z × σ × √lead time: alternating 1 and 3 (σ = 1 × √(28/26)) over a 4-day lead time', () => {
    const f = forecastVariant(stocked({ sales: days(28, (t) => (t % 2 ? 3 : 1)), leadTimeDays: 4, onHand: 100 }));
    const sigma = fitDemand(days(28, (t) => (t % 2 ? 3 : 1)), 0).sigma;
    expect(f.explanation.safety_stock).toBeCloseTo(1.6449 * sigma * 2, 1);
    expect(f.reorder_point).toBe(Math.ceil(f.explanation.lead_time_demand + 1.6448536 * sigma * 2 - 1e-9));
  });
  it('a higher service level keeps more safety stock', () => {
    const sales = days(56, (t) => (t % 3 ? 4 : 0));
    const lo = forecastVariant(stocked({ sales }), { ...DEMAND_DEFAULTS, service_level: 0.9 });
    const hi = forecastVariant(stocked({ sales }), { ...DEMAND_DEFAULTS, service_level: 0.99 });
    expect(hi.reorder_point!).toBeGreaterThan(lo.reorder_point!);
  });
  it('a slow mover keeps the minimum instead of an absurd suggestion: the supplier minimum in packs', () => {
    const sales = days(182, (t) => (t === 40 || t === 120 ? 1 : 0));
    const f = forecastVariant(stocked({ sales, onHand: 0, packSize: 6, minOrderQty: 10 }));
    expect(f.slow_mover).toBe(true);
    expect(f.reorder_point).toBe(1);
    expect(f.reorder_quantity).toBe(12);
    expect(f.summary).toContain('Sells too rarely to forecast (2 units in 182 days)');
    expect(forecastVariant(stocked({ sales, onHand: 3 })).reorder_quantity).toBe(0);
  });
});

describe('dropshipped variants', () => {
  const suppliers = [
    { id: 'b', name: 'Backup Co', stock: 200, priority: 2 },
    { id: 'a', name: 'Acme', stock: 20, priority: 1 },
    { id: 'c', name: 'Empty Ltd', stock: 0, priority: 3 },
  ];
  it('days of cover at each supplier; a best seller about to run out at its first supplier warns and names the backup', () => {
    const f = forecastVariant(stocked({ mode: 'dropship', sales: days(28, () => 4), suppliers }));
    expect(f.explanation.suppliers.map((s) => [s.name, s.days])).toEqual([['Acme', 5], ['Backup Co', 50], ['Empty Ltd', 0]]);
    expect(f.days_of_cover).toBe(55);
    expect(f.stockout_risk).toBe(true);
    expect(f.explanation.backup_supplier).toBe('Backup Co');
    expect(f.warning).toBe('Best seller runs out at Acme in about 5 days (20 units left, 4 sold a day). Backup: Backup Co with 200 units (50 days).');
    expect(f.reorder_quantity).toBeNull();
  });
  it('no warning for a variant under the best-seller threshold, nor with enough cover', () => {
    expect(forecastVariant(stocked({ mode: 'dropship', sales: days(28, () => 0.5), suppliers })).warning).toBeNull();
    expect(forecastVariant(stocked({ mode: 'dropship', sales: days(28, () => 1), suppliers })).warning).toBeNull(); // 20 days at Acme
  });
  it('says when no other supplier has stock', () => {
    const f = forecastVariant(stocked({ mode: 'dropship', sales: days(28, () => 4), suppliers: [suppliers[1], suppliers[2]] }));
    expect(f.warning).toContain('No other supplier has stock.');
  });
  it('a variant that does not sell has no days of cover to run out', () => {
    expect(daysOfCover(10, 0)).toBeNull();
    expect(forecastVariant(stocked({ mode: 'dropship', sales: days(28, () => 0), suppliers })).days_of_cover).toBeNull();
  });
});
