/**
 * A table's state ⇄ the plain query parameters of the console's links (docs/api-client.md "Table
 * state in the URL"). Refine's `syncWithLocation` writes `filters[0][field]=status&filters[0][value]=…`
 * and can only read that form back, while the console's own links are plain API parameters
 * (`/orders?status=pending`, `/suppliers?tier=1`, `/products?sku=…`). This is the one mapping
 * between the two; the router provider applies it, Refine's `useTable` does the rest.
 *
 * - every parameter is an `eq` filter on the API parameter of the same name, except `search` (the
 *   free-text search, a `contains` filter) and the names below;
 * - `sort` and `order` are the first sorter, `page` and `pageSize` the pagination (defaults stay out);
 * - `id`, `tab`, `filter`, `next`, `to` and `create` belong to pages, never to a table (the order
 *   drawer, the /streams tab and page-wide filter, the sign-in round trip, a create dialog opened by a link).
 */
import type { CrudFilter, CrudSort } from '@refinedev/core';
import { PAGE } from '../../contract/constants';

const LIST_KEYS = ['page', 'pageSize', 'sort', 'order'];
const PAGE_KEYS = ['id', 'tab', 'filter', 'next', 'to', 'create'];

export interface ListParams {
  filters: CrudFilter[];
  sorters: CrudSort[];
  currentPage?: number;
  pageSize?: number;
}

export function isFilterParam(name: string): boolean {
  return !LIST_KEYS.includes(name) && !PAGE_KEYS.includes(name);
}

function positive(raw: string | null): number | undefined {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : undefined;
}

export function readListParams(q: URLSearchParams): ListParams {
  const filters: CrudFilter[] = [];
  for (const [name, value] of q) {
    if (!isFilterParam(name) || value === '') continue;
    filters.push(name === 'search' ? { field: 'search', operator: 'contains', value } : { field: name, operator: 'eq', value });
  }
  const sort = q.get('sort');
  return {
    filters,
    sorters: sort ? [{ field: sort, order: q.get('order') === 'asc' ? 'asc' : 'desc' }] : [],
    currentPage: positive(q.get('page')),
    pageSize: positive(q.get('pageSize')),
  };
}

function text(v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  return Array.isArray(v) ? (v.length ? v.join(',') : undefined) : String(v);
}

/** The URL of a table state over `base`: the table's parameters replaced, the page's kept. */
export function writeListParams(base: URLSearchParams, s: Partial<ListParams>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of base) if (!isFilterParam(k) && !LIST_KEYS.includes(k)) out.append(k, v);
  for (const f of s.filters ?? []) {
    if (!('field' in f)) continue;
    const v = text(f.value);
    if (v !== undefined) out.set(f.field, v);
  }
  const sorter = s.sorters?.[0];
  if (sorter) {
    out.set('sort', sorter.field);
    out.set('order', sorter.order);
  }
  if (s.currentPage && s.currentPage > 1) out.set('page', String(s.currentPage));
  if (s.pageSize && s.pageSize !== PAGE.defaultSize) out.set('pageSize', String(s.pageSize));
  return out;
}

/** Refine's useTable writes its state with exactly these keys. */
export function isTableState(query: Record<string, unknown> | undefined): boolean {
  return !!query && ('filters' in query || 'sorters' in query || 'currentPage' in query);
}
