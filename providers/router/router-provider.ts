/**
 * Refine's react-router bindings with the console's plain list parameters (list-params.ts): `parse`
 * hands `useTable` the filters, sorters and page read from `?status=pending&page=2`, and `go` writes a
 * table's state back in that form; `back` stays in the console on a page opened in a fresh tab.
 * Every other navigation is the stock binding's.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import stock from '@refinedev/react-router';
import type { GoConfig, RouterProvider } from '@refinedev/core';
import { isTableState, readListParams, writeListParams, type ListParams } from './list-params';
import { useSafeBack } from './safe-back';

/** Refine's `parse` binding (called as a hook inside Refine's useParsed). */
function useListParse() {
  const parse = stock.parse!();
  const { search } = useLocation();
  return useCallback(() => {
    const parsed = parse();
    const query = new URLSearchParams(search);
    const list = readListParams(query);
    // Query parameters stay out of `params`: Refine copies params into every data hook's meta, so a
    // filter written to the URL would change the list's query key and send the request twice.
    // (`search` also: Refine would read params.search as a raw query string.) `to` is Refine's own.
    const params = Object.fromEntries(Object.entries(parsed.params ?? {}).filter(([k]) => k === 'to' || (!query.has(k) && k !== 'search')));
    return { ...parsed, params: { ...params, ...list } };
  }, [parse, search]);
}

/** Refine's `go` binding (called as a hook inside Refine's useGo). */
function useListGo() {
  const go = stock.go!();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return useCallback(
    (config: GoConfig) => {
      if (!isTableState(config.query)) return go(config);
      const base = new URLSearchParams(config.options?.keepQuery ? search : '');
      const q = writeListParams(base, config.query as Partial<ListParams>).toString();
      const to = `${config.to ?? pathname}${q ? `?${q}` : ''}${config.options?.keepHash ? hash : ''}`;
      if (config.type === 'path') return to;
      if (to !== pathname + search + (config.options?.keepHash ? hash : '')) navigate(to, { replace: config.type === 'replace' });
      return undefined;
    },
    [go, navigate, pathname, search, hash],
  );
}

/** Refine's `back` binding (the back arrow of show, edit and create pages): never out of the console (safe-back.ts). */
function useBack() {
  return useSafeBack();
}

export const routerProvider: RouterProvider = { ...stock, parse: useListParse, go: useListGo, back: useBack };
