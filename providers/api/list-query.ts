/**
 * Refine list parameters → the API's list conventions (docs/api-conventions.md: `?limit&offset&sort&order&search&<filters>`).
 * Pagination becomes limit/offset, the first sorter sort/order, filters query parameters.
 */
import type { CrudFilter, CrudSort, Pagination } from '@refinedev/core';
import { PAGE } from '../../contract/constants';
import type { Query } from './query-string';

/**
 * The largest page the API serves (contract/api.ts `pageQuery` reads the same constant): "no
 * pagination" (client or off mode) asks for this many. The constant, not the zod schema: zod stays
 * off the first page's path (docs/performance.md "Delivery").
 */
export const MAX_PAGE = PAGE.maxSize;

/** Fields whose `contains` filter is the free-text search (docs/product/data.md: products and orders take `search`). */
const SEARCH_FIELDS = new Set(['q', 'search']);

export function paginationQuery(p: Pagination | undefined): Query {
  if (p?.mode === 'off' || p?.mode === 'client') return { limit: MAX_PAGE, offset: 0 };
  const pageSize = p?.pageSize ?? 10;
  const page = p?.currentPage ?? 1;
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

export function sortQuery(sorters: CrudSort[] | undefined): Query {
  const first = sorters?.[0];
  return first ? { sort: first.field, order: first.order } : {};
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** eq → `field`, contains on q/search → `search`, in → comma list, any other operator → `field_<op>` (gte → `price_gte`). */
export function filterQuery(filters: CrudFilter[] | undefined): Query {
  const q: Query = {};
  for (const f of filters ?? []) {
    if (f.operator === 'and') {
      // the API ANDs all its parameters, so a nested "and" flattens; "or" has no API form and is left out
      Object.assign(q, filterQuery(f.value));
      continue;
    }
    if (f.operator === 'or' || !('field' in f) || isEmpty(f.value)) continue;
    const value: unknown = f.value;
    if (f.operator === 'contains' && SEARCH_FIELDS.has(f.field)) q.search = String(value);
    else if (f.operator === 'eq') q[f.field] = value as Query[string];
    else if (f.operator === 'in') q[f.field] = (Array.isArray(value) ? value : [value]).join(',');
    else q[`${f.field}_${f.operator}`] = (Array.isArray(value) ? value.join(',') : value) as Query[string];
  }
  return q;
}

export function toListQuery(p: { pagination?: Pagination; sorters?: CrudSort[]; filters?: CrudFilter[] }): Query {
  return { ...filterQuery(p.filters), ...sortQuery(p.sorters), ...paginationQuery(p.pagination) };
}
