/**
 * `declareList({ … })` — a page module's declared list page (docs/adding-a-domain.md, step 5): the
 * declaration (src/lib/declared-list.ts) with its element, the one generic page
 * (declared-list-page.tsx) loaded on demand and given the declaration, and with `show` the generic
 * show page (declared-show-page.tsx) likewise. It sits beside the module
 * declarations, like their own `lazy(() => import(…))` pages, so the page's chunk list is not part
 * of the shell's first page (docs/performance.md "Delivery"); nothing here is loaded eagerly but React.
 */
import { createElement, lazy } from 'react';
import type { DeclaredList, ListPage } from '../../src/lib/declared-list';

export function declareList(list: DeclaredList): ListPage {
  const element = lazy(async () => {
    const { DeclaredListPage } = await import('./declared-list-page');
    return { default: () => createElement(DeclaredListPage, { list }) };
  });
  const showElement = list.show
    ? lazy(async () => {
        const { DeclaredShowPage } = await import('./declared-show-page');
        return { default: () => createElement(DeclaredShowPage, { list }) };
      })
    : undefined;
  return { ...list, element, ...(showElement ? { showElement } : {}) };
}
