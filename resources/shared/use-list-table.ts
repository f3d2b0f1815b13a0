/**
 * A server-side list: Refine's antd `useTable` with its state in the URL (`syncWithLocation`, in the
 * plain parameters of providers/router/list-params.ts), one request per change, the client's retry
 * status, and URL filters the API refused dropped and named (docs/commerce-ui.md "Lists").
 */
import { useCallback, useEffect, useState } from 'react';
import { useTable } from '@refinedev/antd';
import type { BaseRecord, CrudFilter, HttpError, MetaQuery } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { PAGE } from '../../contract/constants';
import { useRetrying } from '../../providers/api';
import type { InvalidFilter } from '../../providers/api/refused-filters';

export interface ListTableOptions {
  resource: string;
  meta?: MetaQuery;
  pageSize?: number;
  pageSizes?: readonly number[];
  /** Filters the page imposes (kept out of the URL), e.g. the /streams policy subjects. */
  permanent?: CrudFilter[];
  /** Polling, for lists that change without the user (the DLQ). */
  refetchInterval?: number;
  /** How long an answer counts as fresh (the app's default when omitted; 0 for the live event log). */
  staleTime?: number;
  /**
   * `off`: one request of the API's largest page (docs/api-client.md "Decisions"), no page state in the
   * URL, the page paging the rows itself (the /streams critical alerts, picked out of the newest events).
   */
  pagination?: 'server' | 'off';
  /** Sample rows shown, flagged "Mocked data", when the API is down. */
  fallback?: () => BaseRecord[];
}

/** The value of one filter (undefined when unset). */
export function filterValue(filters: CrudFilter[], field: string): string | undefined {
  const f = filters.find((x) => 'field' in x && x.field === field);
  const v: unknown = f?.value;
  return v === undefined || v === null || v === '' ? undefined : String(v);
}

export function useListTable<T extends BaseRecord>({
  resource,
  meta,
  pageSize = PAGE.defaultSize,
  pageSizes = PAGE.sizes,
  permanent,
  refetchInterval,
  staleTime,
  pagination = 'server',
  fallback,
}: ListTableOptions) {
  const table = useTable<T, HttpError>({
    resource,
    meta: fallback ? { ...meta, fallback } : meta,
    syncWithLocation: true,
    pagination: { pageSize, mode: pagination },
    filters: permanent ? { permanent } : undefined,
    // the page shows the error itself (ListStatus), with the catalogue's words and a Retry button
    errorNotification: false,
    queryOptions: { placeholderData: keepPreviousData, refetchInterval, ...(staleTime === undefined ? {} : { staleTime }) },
  });
  const { filters, sorters, setFilters, setSorters, setCurrentPage, tableQuery } = table;
  const mocked = (tableQuery.data as { _meta?: { mocked?: boolean } } | undefined)?._meta?.mocked === true;
  const retrying = useRetrying(typeof meta?.path === 'string' ? meta.path : `/${resource}`) && tableQuery.isFetching;

  // filters the API refused: dropped from the table (and so from the URL), named once on the page
  const [refused, setRefused] = useState<InvalidFilter[]>([]);
  const answered = (tableQuery.data as { invalidFilters?: InvalidFilter[] } | undefined)?.invalidFilters;
  useEffect(() => {
    if (!answered?.length) return;
    setRefused(answered);
    const bad = new Set(answered.map((f) => f.field));
    if (bad.has('sort') || bad.has('order')) setSorters([]);
    setFilters((prev) => prev.filter((f) => !('field' in f) || !bad.has(f.field)));
  }, [answered, setFilters, setSorters]);

  // a page past the end (`?page=999` of 5,804 rows, or the last rows deleted meanwhile): the last
  // page instead of "No orders yet" beside a total
  const answer = tableQuery.data as { data?: unknown[]; total?: number } | undefined;
  const lastPage = Math.max(1, Math.ceil((answer?.total ?? 0) / table.pageSize));
  const pastTheEnd = pagination === 'server' && !tableQuery.isFetching && !tableQuery.isError && (answer?.total ?? 0) > 0 && answer?.data?.length === 0 && table.currentPage > lastPage;
  useEffect(() => {
    if (pastTheEnd) setCurrentPage(lastPage);
  }, [pastTheEnd, lastPage, setCurrentPage]);

  /** Sets (or clears, with undefined) one filter and goes back to the first page: one request. */
  const setFilter = useCallback(
    (field: string, value: string | number | undefined | null) => {
      const v = value === undefined || value === null || value === '' ? undefined : String(value);
      setFilters((prev) => {
        const rest = prev.filter((f) => !('field' in f) || f.field !== field);
        if (v === undefined) return rest;
        return [...rest, field === 'search' ? { field, operator: 'contains', value: v } : { field, operator: 'eq', value: v }];
      });
      setCurrentPage(1);
      setRefused([]);
    },
    [setFilters, setCurrentPage],
  );

  const clearFilters = useCallback(() => {
    setFilters([], 'replace');
    setCurrentPage(1);
    setRefused([]);
  }, [setFilters, setCurrentPage]);

  const value = useCallback((field: string) => filterValue(filters, field), [filters]);

  const tableProps = {
    ...table.tableProps,
    // under an error or while retrying there are no rows to show, and no "empty" to claim
    dataSource: tableQuery.isError ? [] : table.tableProps.dataSource,
    pagination: {
      // without server pages (`pagination: 'off'`) the table pages the rows it holds
      ...(typeof table.tableProps.pagination === 'object' ? table.tableProps.pagination : { defaultPageSize: table.pageSize }),
      // page links would be Refine's own URL form; pages here are plain buttons
      itemRender: undefined,
      showSizeChanger: true,
      pageSizeOptions: [...pageSizes],
      showTotal: (total: number) => `${total.toLocaleString('en-US')} total`,
    },
  };

  return { ...table, tableProps, sorters, setFilter, clearFilters, filterValue: value, retrying, refused, mocked };
}
