/**
 * `declareList({ … })` — a page module's declared list page (docs/adding-a-domain.md, step 5): the
 * declaration (src/lib/declared-list.ts) with its element, the one generic page
 * (declared-list-page.tsx) loaded on demand and given the declaration. It sits beside the module
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
  return { ...list, element };
}
