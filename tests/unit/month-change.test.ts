/** Net revenue against the same days of last month (docs/dashboard.md "Net revenue change"): the days compared, the percent rule, the words. */
import { describe, expect, it } from 'vitest';
import { changePercent, changeText, monthBefore, netRevenueCents, sameDaysLastMonth } from '../../contract/month-change';

describe('the same days of last month', () => {
  it('moves each end back a month, clamped at that month’s end', () => {
    expect(sameDaysLastMonth('2026-03-01', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-15' });
    expect(sameDaysLastMonth('2026-03-01', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(sameDaysLastMonth('2024-03-01', '2024-03-30')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(sameDaysLastMonth('2026-01-01', '2026-01-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(monthBefore('2026-05-31')).toBe('2026-04-30');
    expect(monthBefore('2026-07-31')).toBe('2026-06-30');
  });
});

describe('the change in percent', () => {
  it('is (now − before) / |before| × 100, rounded half up to one decimal; none from 0', () => {
    expect(changePercent(11_240, 10_000)).toBe(12.4);
    expect(changePercent(9_700, 10_000)).toBe(-3);
    expect(changePercent(10_000, 10_000)).toBe(0);
    expect(changePercent(10_005, 10_000)).toBe(0.1); // 0.05 % rounds up
    expect(changePercent(5_000, -10_000)).toBe(150);
    expect(changePercent(5_000, 0)).toBeNull();
  });

  it('reads as the card shows it', () => {
    expect(changeText(11_240, { net_cents: 10_000, orders: 3 })).toBe('+12.4% vs same days last month');
    expect(changeText(9_700, { net_cents: 10_000, orders: 3 })).toBe('-3.0% vs same days last month');
    expect(changeText(10_000, { net_cents: 10_000, orders: 3 })).toBe('0.0% vs same days last month');
    expect(changeText(10_000, { net_cents: 0, orders: 0 })).toBe('no sales in the same days last month');
    expect(changeText(10_000, { net_cents: 0, orders: 2 })).toBe('no net revenue in the same days last month');
  });

  it('net revenue is revenue less refunds', () => {
    expect(netRevenueCents({ revenue_cents: 12_345, refunds_cents: 345 })).toBe(12_000);
  });
});
