import { describe, expect, it } from 'vitest';
import { score } from '../../resources/shared/format';

describe('score', () => {
  it('rounds half up to one decimal, as the list, the supplier page and the performance page show it', () => {
    // antd's Statistic `precision` cut 97.16 to "97.1" on the supplier page while the list read "97.2"
    expect(score(97.16)).toBe('97.2');
    expect(score(97.15)).toBe('97.2');
    expect(score(97.14)).toBe('97.1');
    expect(score(100)).toBe('100.0');
    expect(score(0)).toBe('0.0');
    expect(score(null)).toBe('—');
  });
});
