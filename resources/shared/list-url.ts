/**
 * List state ⇄ plain URL query — spec §2.1 (`/products?sku`, `/orders?status`, `/suppliers?tier`).
 * The spec's links use the API's own parameter names (`?status=pending`), not Refine's
 * `filters[0][field]` encoding, so the lists keep their filters, sort and page in plain parameters:
 * a filter parameter equals the API query name, `search` is the free-text search, `sort`/`order`
 * the sorter, `page`/`pageSize` the page. Parameters a list does not manage (e.g. `id`) are kept.
 */
import type { CrudFilter, CrudSort } from '@refinedev/core';

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100];

export interface ListState {
  filters: CrudFilter[];
  sorters: CrudSort[];
  currentPage: number;
  pageSize: number;
}

/** The filter fields a list manages: each one is a URL parameter and an API query parameter. */
export type FilterParams = readonly string[];

function filterOf(param: string, value: string): CrudFilter {
  // `search` travels as a "contains" filter: the data provider turns it into `?search=`
  return param === 'search' ? { field: 'search', operator: 'contains', value } : { field: param, operator: 'eq', value };
}

function positive(raw: string | null, fallback: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function parseListUrl(params: URLSearchParams, fields: FilterParams): ListState {
  const filters = fields.flatMap((f) => {
    const v = params.get(f);
    return v === null || v === '' ? [] : [filterOf(f, v)];
  });
  const sort = params.get('sort');
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const size = positive(params.get('pageSize'), DEFAULT_PAGE_SIZE);
  return {
    filters,
    sorters: sort ? [{ field: sort, order }] : [],
    currentPage: positive(params.get('page'), 1),
    pageSize: PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The value of one managed filter (undefined when unset). */
export function filterValue(filters: CrudFilter[], field: string): string | undefined {
  const f = filters.find((x) => 'field' in x && x.field === field);
  const v: unknown = f?.value;
  return v === undefined || v === null || v === '' ? undefined : String(v);
}

/** Writes the managed parameters of `state` over `base`; defaults (page 1, default size, no sort) stay out of the URL. */
export function writeListUrl(base: URLSearchParams, state: ListState, fields: FilterParams): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const f of [...fields, 'sort', 'order', 'page', 'pageSize']) next.delete(f);
  for (const f of fields) {
    const v = filterValue(state.filters, f);
    if (v !== undefined) next.set(f, v);
  }
  const sorter = state.sorters[0];
  if (sorter) {
    next.set('sort', sorter.field);
    next.set('order', sorter.order);
  }
  if (state.currentPage > 1) next.set('page', String(state.currentPage));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) next.set('pageSize', String(state.pageSize));
  return next;
}

/** A canonical key of the managed part of a state, to tell whether the URL and the table agree. */
export function listKey(state: ListState, fields: FilterParams): string {
  const managed = writeListUrl(new URLSearchParams(), state, fields);
  managed.sort();
  return managed.toString();
}
