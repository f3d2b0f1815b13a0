/** The analytics page's state in its URL (resources/analytics/url-state.ts, docs/analytics.md "The page"). */
import { describe, expect, it } from 'vitest';
import { viewOf, withView } from '../../resources/analytics/url-state';

const q = (s: string) => new URLSearchParams(s);

describe('the analytics view in the URL', () => {
  it('reads the period, comparison, grouping and breakdown', () => {
    expect(viewOf(q('from=2025-01-01&to=2025-06-30&compare=none&interval=month&by=supplier'), '2025-07-01'))
      .toEqual({ from: '2025-01-01', to: '2025-06-30', compare: false, interval: 'month', by: 'supplier' });
  });

  it('falls back to the defaults for what it cannot use', () => {
    const d = { from: '2025-06-02', to: '2025-07-01', compare: true, interval: 'day', by: 'marketplace' };
    expect(viewOf(q(''), '2025-07-01')).toEqual(d);
    expect(viewOf(q('from=2025-02-30&to=2025-03-01'), '2025-07-01')).toEqual(d);
    expect(viewOf(q('from=2025-03-10&to=2025-03-01'), '2025-07-01')).toEqual(d);
    expect(viewOf(q('from=2020-01-01&to=2025-03-01'), '2025-07-01')).toEqual(d);
    expect(viewOf(q('interval=hour&by=customer&compare=yes'), '2025-07-01')).toEqual(d);
  });

  it('writes changes, leaves defaults out and keeps other parameters', () => {
    const p = withView(q('x=1&compare=none&interval=week&by=product'), { from: '2025-01-01', to: '2025-01-31', compare: true, interval: 'day', by: 'marketplace' });
    expect(p.toString()).toBe('x=1&from=2025-01-01&to=2025-01-31');
    expect(withView(q(''), { compare: false, by: 'supplier', interval: 'month' }).toString()).toBe('compare=none&interval=month&by=supplier');
    // what it writes reads back the same
    expect(viewOf(withView(q(''), { from: '2025-01-01', to: '2025-01-31', compare: false, interval: 'week', by: 'product' }), '2025-07-01'))
      .toEqual({ from: '2025-01-01', to: '2025-01-31', compare: false, interval: 'week', by: 'product' });
  });
});
