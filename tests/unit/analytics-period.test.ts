/** Analytics' period rules (docs/analytics.md "Periods"): days, the previous period, buckets, the query's refusals. */
import { describe, expect, it } from 'vitest';
import { addDays, analyticsSummaryQuery, bucketOf, bucketsOf, changeOf, figuresOf, periodDays, previousPeriod, ZERO_FIGURES } from '../../contract/analytics';

describe('periods', () => {
  it.each([
    ['2025-03-01', '2025-03-01', 1], ['2025-03-01', '2025-03-31', 31], ['2024-02-28', '2024-03-01', 3], ['2025-03-02', '2025-03-01', 0],
  ])('%s..%s holds %i days', (from, to, n) => expect(periodDays(from, to)).toBe(n));

  it.each([
    ['2025-03-01', '2025-03-31', '2025-01-29', '2025-02-28'],
    ['2025-03-10', '2025-03-10', '2025-03-09', '2025-03-09'],
    ['2024-03-01', '2024-03-07', '2024-02-23', '2024-02-29'],
  ])('the period before %s..%s is %s..%s', (from, to, pf, pt) => {
    expect(previousPeriod(from, to)).toEqual({ from: pf, to: pt });
    expect(periodDays(pf, pt)).toBe(periodDays(from, to));
  });

  it('buckets: the day, the ISO week from Monday, the month', () => {
    expect(bucketOf('2025-03-05', 'day')).toBe('2025-03-05');
    expect(bucketOf('2025-03-05', 'week')).toBe('2025-03-03'); // a Wednesday
    expect(bucketOf('2025-03-09', 'week')).toBe('2025-03-03'); // a Sunday
    expect(bucketOf('2025-03-31', 'month')).toBe('2025-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('buckets cover the period exactly, clipped at both ends', () => {
    expect(bucketsOf('2025-01-30', '2025-03-02', 'month')).toEqual([
      { key: '2025-01-01', start: '2025-01-30', end: '2025-01-31' },
      { key: '2025-02-01', start: '2025-02-01', end: '2025-02-28' },
      { key: '2025-03-01', start: '2025-03-01', end: '2025-03-02' },
    ]);
    const weeks = bucketsOf('2025-03-05', '2025-03-20', 'week');
    expect(weeks.map((w) => [w.key, w.start, w.end])).toEqual([
      ['2025-03-03', '2025-03-05', '2025-03-09'], ['2025-03-10', '2025-03-10', '2025-03-16'], ['2025-03-17', '2025-03-17', '2025-03-20'],
    ]);
    expect(bucketsOf('2024-12-15', '2025-12-14', 'month')).toHaveLength(13);
    expect(bucketsOf('2025-01-01', '2025-01-31', 'day')).toHaveLength(31);
  });

  it('refuses a period that ends before it starts or spans more than two years, naming `to`', () => {
    const issues = (q: Record<string, string>) => analyticsSummaryQuery.safeParse(q).error?.issues.map((i) => i.path.join('.'));
    expect(issues({ from: '2025-03-02', to: '2025-03-01' })).toEqual(['to']);
    expect(issues({ from: '2023-01-01', to: '2025-01-02' })).toEqual(['to']);
    expect(analyticsSummaryQuery.safeParse({ from: '2023-03-01', to: '2025-02-28' }).success).toBe(true);
  });
});

describe('figures', () => {
  it('nets the margin as the order profit does, and the change in percent of the previous', () => {
    const f = figuresOf({ orders: 1, units: 2, revenue_cents: 7198, fees_cents: 984, supplier_cents: 4130, shipping_cents: 4988, refunds_cents: 0, margin_orders: 1, margin_revenue_cents: 7198, margin_net_cents: -2904 });
    expect(f.net_margin_cents).toBe(-2904);
    expect(f.net_margin_percent).toBe(-40.3);
    expect(f.unknown_cost_orders).toBe(0);
    expect(changeOf(f, ZERO_FIGURES).revenue_cents).toEqual({ delta: 7198, percent: null });
    expect(changeOf({ ...f, revenue_cents: 15000 }, { ...f, revenue_cents: 10000 }).revenue_cents).toEqual({ delta: 5000, percent: 50 });
  });

  it('nets the margin over the orders whose costs are known only, and says unknown rather than 0 when none is', () => {
    // two orders: one with every cost known (net $10.00 of $50.00), one without a label yet
    const f = figuresOf({ orders: 2, units: 2, revenue_cents: 8000, fees_cents: 1200, supplier_cents: 5000, shipping_cents: 800, refunds_cents: 0, margin_orders: 1, margin_revenue_cents: 5000, margin_net_cents: 1000 });
    expect(f.net_margin_cents).toBe(1000);
    expect(f.net_margin_percent).toBe(20);
    expect(f.unknown_cost_orders).toBe(1);
    const none = figuresOf({ orders: 3, units: 3, revenue_cents: 9000, fees_cents: 1350, supplier_cents: 0, shipping_cents: 0, refunds_cents: 0, margin_orders: 0, margin_revenue_cents: 0, margin_net_cents: 0 });
    expect(none.net_margin_cents).toBeNull();
    expect(none.net_margin_percent).toBeNull();
    expect(none.unknown_cost_orders).toBe(3);
    // a change from or to an unknown is unknown
    expect(changeOf(f, none).net_margin_cents).toEqual({ delta: null, percent: null });
    expect(changeOf(f, none).orders).toEqual({ delta: -1, percent: -33.3 });
  });
});
