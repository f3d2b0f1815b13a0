/** The route kit's no-op rule (docs/reliability.md "Concurrent duplicates"): an update that found the record as asked audits nothing. */
import { describe, expect, it } from 'vitest';
import { unchanged } from '../../server/api/kit';

describe('unchanged', () => {
  it('is true when before and after differ only in when and by whom they were written', () => {
    expect(unchanged({ action: 'update', resource: 'suppliers', before: { name: 'A', updated_at: '2026-01-01' }, after: { name: 'A', updated_at: '2026-02-01', updated_by: 'x' } })).toBe(true);
  });
  it('is false when a field changed, or one side is missing', () => {
    expect(unchanged({ action: 'update', resource: 'suppliers', before: { name: 'A' }, after: { name: 'B' } })).toBe(false);
    expect(unchanged({ action: 'update', resource: 'suppliers', before: { tags: ['a'] }, after: { tags: ['a', 'b'] } })).toBe(false);
    expect(unchanged({ action: 'delete', resource: 'suppliers', before: { name: 'A' } })).toBe(false);
    expect(unchanged({ action: 'create', resource: 'suppliers', after: { name: 'A' } })).toBe(false);
    expect(unchanged({ action: 'x', resource: 'y', before: null, after: null })).toBe(false);
  });
  it('compares scalars as they are', () => {
    expect(unchanged({ action: 'update', resource: 'flags', before: true, after: true })).toBe(true);
    expect(unchanged({ action: 'update', resource: 'flags', before: true, after: false })).toBe(false);
  });
});
