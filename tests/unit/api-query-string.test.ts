import { describe, expect, it } from 'vitest';
import { buildQuery } from '../../providers/api';

describe('query strings (docs/product/api-calls.md)', () => {
  it('skips null and undefined, keeps falsy values that mean something', () => {
    expect(buildQuery({ search: 'mug', limit: 20, status: null, tier: undefined, offset: 0, active: false, q: '' })).toBe(
      '?search=mug&limit=20&offset=0&active=false&q=',
    );
  });
  it('JSON-encodes objects and arrays', () => {
    const q = buildQuery({ range: { from: '2025-01-01', to: '2025-01-31' }, ids: [1, 2] });
    const params = new URLSearchParams(q.slice(1));
    expect(JSON.parse(params.get('range')!)).toEqual({ from: '2025-01-01', to: '2025-01-31' });
    expect(params.get('ids')).toBe('[1,2]');
  });
  it('encodes special characters and gives nothing for an empty query', () => {
    expect(buildQuery({ search: 'a&b c' })).toBe('?search=a%26b+c');
    expect(buildQuery({})).toBe('');
    expect(buildQuery({ a: null })).toBe('');
    expect(buildQuery(undefined)).toBe('');
  });
});
