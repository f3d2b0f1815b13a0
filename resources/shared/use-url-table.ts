/**
 * Refine's antd `useTable` (server-side pagination, sorting, filtering) kept in step with the plain URL
 * query of spec §2.1 — see list-url.ts. The URL wins when it changes from outside (a palette link
 * to `/orders?status=pending` while the orders list is open); the table writes its own changes back
 * with `replace`, so the back button leaves the list instead of stepping through filter edits.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTable } from '@refinedev/antd';
import type { BaseRecord, CrudFilter, HttpError, MetaQuery } from '@refinedev/core';
import { filterValue, listKey, parseListUrl, writeListUrl, PAGE_SIZES, type FilterParams, type ListState } from './list-url';

export interface UrlTableOptions {
  resource: string;
  /** Filter parameters this list manages (API query names). */
  filters: FilterParams;
  meta?: MetaQuery;
}

export function useUrlTable<T extends BaseRecord>({ resource, filters: fields, meta }: UrlTableOptions) {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = useMemo(() => parseListUrl(searchParams, fields), [searchParams, fields]);
  const urlKey = listKey(fromUrl, fields);

  const table = useTable<T, HttpError>({
    resource,
    meta,
    syncWithLocation: false,
    pagination: { currentPage: fromUrl.currentPage, pageSize: fromUrl.pageSize },
    filters: { initial: fromUrl.filters, defaultBehavior: 'merge' },
    sorters: { initial: fromUrl.sorters },
  });
  const { filters, sorters, currentPage, pageSize, setFilters, setSorters, setCurrentPage, setPageSize } = table;
  const state: ListState = { filters, sorters, currentPage, pageSize };
  const stateKey = listKey(state, fields);

  // the latest values, read by the effects below without re-running them on every render
  // (setSearchParams changes with every location: as a dependency it would write stale state back)
  const latest = useRef({ searchParams, state, fromUrl, setSearchParams });
  latest.current = { searchParams, state, fromUrl, setSearchParams };

  // table → URL
  useEffect(() => {
    const { searchParams: params, state: s, setSearchParams: write } = latest.current;
    if (stateKey !== listKey(parseListUrl(params, fields), fields)) {
      write(writeListUrl(params, s, fields), { replace: true });
    }
  }, [stateKey, fields]);

  // URL → table (navigation from outside the list)
  useEffect(() => {
    const { state: s, fromUrl: u } = latest.current;
    if (urlKey === listKey(s, fields)) return;
    setFilters(u.filters, 'replace');
    setSorters(u.sorters);
    setCurrentPage(u.currentPage);
    setPageSize(u.pageSize);
  }, [urlKey, fields, setFilters, setSorters, setCurrentPage, setPageSize]);

  /** Sets (or clears, with undefined) one filter and goes back to the first page. */
  const setFilter = useCallback(
    (field: string, value: string | number | undefined | null) => {
      const v = value === undefined || value === null || value === '' ? undefined : String(value);
      const filter: CrudFilter = field === 'search' ? { field, operator: 'contains', value: v } : { field, operator: 'eq', value: v };
      setFilters([filter], 'merge');
      setCurrentPage(1);
    },
    [setFilters, setCurrentPage],
  );

  const clearFilters = useCallback(() => {
    setFilters([], 'replace');
    setCurrentPage(1);
  }, [setFilters, setCurrentPage]);

  const value = useCallback((field: string) => filterValue(filters, field), [filters]);

  const tableProps = {
    ...table.tableProps,
    pagination: {
      ...(typeof table.tableProps.pagination === 'object' ? table.tableProps.pagination : {}),
      // Refine's page links encode its own URL format; pages here are plain buttons
      itemRender: undefined,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES,
      showTotal: (total: number) => `${total.toLocaleString('en-US')} total`,
    },
  };

  return { ...table, tableProps, setFilter, clearFilters, filterValue: value, searchParams, setSearchParams };
}
