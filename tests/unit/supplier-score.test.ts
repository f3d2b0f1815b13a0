import { describe, expect, it } from 'vitest';
import { scoreSupplier, tierFor, currentMonth, type MonthPerformance } from '../../server/domain/supplier-score';

const month = (k: number) => {
  const d = new Date(Date.UTC(2025, 5 - k, 1));
  return d.toISOString().slice(0, 10);
};
const flat = (p: Omit<MonthPerformance, 'month'>, n = 12) => Array.from({ length: n }, (_, k) => ({ ...p, month: month(k) }));

describe('supplier score (weights 40/25/20/15, recency-weighted)', () => {
  it('scores a perfect supplier 100 and tier 1', () => {
    const r = scoreSupplier(flat({ on_time_rate: 1, defect_rate: 0, cancellation_rate: 0, lead_time_days: 2 }), '2025-06-01');
    expect(r).toMatchObject({ score: 100, tier: 1, months: 12 });
  });

  it('applies the documented weights', () => {
    // on-time 0.9 → 36; defect 5 % → 0.5 × 25 = 12.5; cancellation 2 % → 0.8 × 20 = 16; lead 16 days → 0.5 × 15 = 7.5
    const r = scoreSupplier(flat({ on_time_rate: 0.9, defect_rate: 0.05, cancellation_rate: 0.02, lead_time_days: 16 }), '2025-06-01');
    expect(r!.score).toBe(72);
    expect(r!.tier).toBe(2);
  });

  it('weights recent months more than old ones', () => {
    const good = { on_time_rate: 1, defect_rate: 0, cancellation_rate: 0, lead_time_days: 2 };
    const bad = { on_time_rate: 0.5, defect_rate: 0.1, cancellation_rate: 0.1, lead_time_days: 30 };
    const improving = [...flat(good, 6), ...flat(bad, 12).slice(6)];
    const declining = [...flat(bad, 6), ...flat(good, 12).slice(6)];
    expect(scoreSupplier(improving, '2025-06-01')!.score).toBeGreaterThan(scoreSupplier(declining, '2025-06-01')!.score);
  });

  it('ignores months outside the 12-month window and is deterministic', () => {
    const h = flat({ on_time_rate: 0.8, defect_rate: 0.03, cancellation_rate: 0.01, lead_time_days: 9 });
    const old = { month: '2023-01-01', on_time_rate: 0, defect_rate: 1, cancellation_rate: 1, lead_time_days: 90 };
    expect(scoreSupplier([...h, old], '2025-06-01')).toEqual(scoreSupplier(h, '2025-06-01'));
    expect(scoreSupplier(h, '2025-06-01')).toEqual(scoreSupplier([...h].reverse(), '2025-06-01'));
    expect(scoreSupplier([old], '2025-06-01')).toBeNull();
  });

  it('assigns tiers at 80 and 60', () => {
    expect(tierFor(80)).toBe(1);
    expect(tierFor(79.99)).toBe(2);
    expect(tierFor(60)).toBe(2);
    expect(tierFor(59.99)).toBe(3);
    expect(currentMonth(new Date('2025-03-17T10:00:00Z'))).toBe('2025-03-01');
  });
});
