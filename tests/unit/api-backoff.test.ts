import { describe, expect, it } from 'vitest';
import { backoffDelay, retryAfterMs } from '../../providers/api';

describe('backoff delay (docs/product/constants.md: 1000 ms doubling, ±12.5 % jitter, cap 30 s)', () => {
  it('stays within ±12.5 % of 1000·2^attempt for any random value', () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const base = 1000 * 2 ** attempt;
      for (let i = 0; i <= 1000; i++) {
        const r = i / 1001;
        const d = backoffDelay(attempt, () => r);
        expect(d).toBeGreaterThanOrEqual(Math.floor(base * 0.875));
        expect(d).toBeLessThanOrEqual(Math.ceil(base * 1.125));
      }
    }
  });

  it('reaches both ends of the jitter range and the middle', () => {
    expect(backoffDelay(0, () => 0)).toBe(875);
    expect(backoffDelay(0, () => 0.5)).toBe(1000);
    expect(backoffDelay(0, () => 0.999999)).toBe(1125);
    expect(backoffDelay(2, () => 0.5)).toBe(4000);
  });

  it('never waits longer than 30 s', () => {
    for (const attempt of [5, 6, 10, 30]) {
      for (const r of [0, 0.25, 0.5, 0.75, 0.999]) expect(backoffDelay(attempt, () => r)).toBeLessThanOrEqual(30_000);
    }
    expect(backoffDelay(10, () => 0.5)).toBe(30_000);
    expect(backoffDelay(10, () => 0)).toBe(26_250);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it('reads seconds', () => {
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
  });
  it('reads an HTTP date relative to now, never negative', () => {
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:12 GMT', now)).toBe(12_000);
    expect(retryAfterMs('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
  });
  it('ignores a missing or unreadable header', () => {
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
