import { describe, expect, it } from 'vitest';
import { RecentKeys } from '../../server/events/recent-keys';

describe('RecentKeys', () => {
  it('remembers at least the last half of its capacity and never more than its capacity', () => {
    const keys = new RecentKeys(100);
    for (let i = 0; i < 1_000; i++) {
      keys.add(`k${i}`);
      expect(keys.size).toBeLessThanOrEqual(100);
      for (let j = Math.max(0, i - 49); j <= i; j++) expect(keys.has(`k${j}`)).toBe(true);
    }
    expect(keys.has('k0')).toBe(false);
    expect(keys.has('k899')).toBe(false);
  });

  it('keeps a key added twice once', () => {
    const keys = new RecentKeys(10);
    keys.add('a');
    keys.add('a');
    expect(keys.size).toBe(1);
    expect(keys.has('a')).toBe(true);
    expect(keys.has('b')).toBe(false);
  });
});
