/** The plain list parameters ⇄ Refine's table state (providers/router/list-params.ts). */
import { describe, expect, it } from 'vitest';
import { isTableState, readListParams, writeListParams } from '../../providers/router/list-params';

describe('list parameters in the URL', () => {
  it('reads the documented links: every API parameter is an eq filter, search a contains, page keys are not filters', () => {
    expect(readListParams(new URLSearchParams('status=pending&id=ORD-1&search=ada&sort=total&order=asc&page=3&pageSize=50'))).toEqual({
      filters: [
        { field: 'status', operator: 'eq', value: 'pending' },
        { field: 'search', operator: 'contains', value: 'ada' },
      ],
      sorters: [{ field: 'total', order: 'asc' }],
      currentPage: 3,
      pageSize: 50,
    });
    expect(readListParams(new URLSearchParams('tab=dlq&filter=policy&subject=orders.created')).filters).toEqual([{ field: 'subject', operator: 'eq', value: 'orders.created' }]);
    expect(readListParams(new URLSearchParams('page=0&pageSize=x'))).toMatchObject({ currentPage: undefined, pageSize: undefined });
  });

  it('writes a table state as plain parameters over the page keys, leaving defaults out', () => {
    const base = new URLSearchParams('id=ORD-1&status=pending&page=4');
    const out = writeListParams(base, {
      filters: [
        { field: 'status', operator: 'eq', value: 'shipped' },
        { field: 'search', operator: 'contains', value: 'a b&c' },
        { field: 'marketplace', operator: 'eq', value: undefined },
      ],
      sorters: [],
      currentPage: 1,
      pageSize: 20,
    });
    expect(Object.fromEntries(out)).toEqual({ id: 'ORD-1', status: 'shipped', search: 'a b&c' });
    expect(out.toString()).toBe('id=ORD-1&status=shipped&search=a+b%26c');
  });

  it('round-trips', () => {
    const q = new URLSearchParams('tier=1&country=US&sort=score&order=desc&page=2&pageSize=50');
    expect(Object.fromEntries(writeListParams(new URLSearchParams(), readListParams(q)))).toEqual(Object.fromEntries(q));
  });

  it("tells a table's write from other navigation", () => {
    expect(isTableState({ currentPage: 1, pageSize: 20, filters: [], sorters: [] })).toBe(true);
    expect(isTableState({ to: '/x' })).toBe(false);
    expect(isTableState(undefined)).toBe(false);
  });
});
