/**
 * What the shell derives from the page registry (docs/product/architecture.md §2): Refine resources, the route table with
 * each route's access key and Refine action, the side navigation of docs/product/routes-and-roles.md
 * filtered by the one access decision, "may this role open that path" for links (palette,
 * dashboard), and the slot pages' entries a role may see (dashboard cards, settings sections, agents).
 */
import type { CanParams, ResourceProps } from '@refinedev/core';
import { matchPath } from 'react-router';
import type { AccessKey } from '../../contract/access';
import { declaredCommands, showPathOf } from './declared-list';
import { MENU_SECTIONS, type MenuEntry, type MenuSection, type PageCommand, type PageModule, type PageRoute, type SlotAccess } from './registry';

export interface RouteRow extends PageRoute {
  module: string;
  /** Effective requirement: the route's own key, else the module's, else `signedIn`. */
  access: AccessKey;
  /** Refine action of the route: the module's create/edit/show view, else `list`. */
  action: 'list' | 'create' | 'edit' | 'show';
}

export interface MenuItem extends Omit<MenuEntry, 'path'> {
  path: string;
  /** Its module is a beta feature: the item is tagged "Beta" (docs/settings.md "Beta features"). */
  beta?: boolean;
}

export interface MenuGroup {
  section: MenuSection;
  items: MenuItem[];
}

/** The access decision (providers/access-control.ts `decide`) bound to the signed-in user. */
export type CanCheck = (params: CanParams) => boolean;

/** The module's Refine action routes: its `views`, with its declared list's show page. */
export function viewsOf(m: PageModule): NonNullable<PageModule['views']> {
  const show = m.list && showPathOf(m.list);
  return show ? { show, ...m.views } : (m.views ?? {});
}

function actionOf(m: PageModule, path: string): RouteRow['action'] {
  const views = viewsOf(m);
  if (views.create === path) return 'create';
  if (views.edit === path) return 'edit';
  if (views.show === path) return 'show';
  return 'list';
}

/**
 * The module's routes: its declared list's first (at its `path`, else `/<resource>`, reading
 * `GET /<resource>`), its show page when declared (`GET /<resource>/:id`), then its hand-written ones.
 */
export function routesOf(m: PageModule): readonly PageRoute[] {
  if (!m.list) return m.routes ?? [];
  const { path, resource, element, showElement } = m.list;
  const show = showPathOf(m.list);
  return [
    { path: path ?? `/${resource}`, element, call: `GET /${resource}` },
    ...(show && showElement ? [{ path: show, element: showElement, call: `GET /${resource}/:id` }] : []),
    ...(m.routes ?? []),
  ];
}

/** The module's command buttons: its declared list's, its agents' run-now buttons and its own. */
export function commandsOf(m: PageModule): Readonly<Record<string, PageCommand>> {
  const runs = Object.fromEntries(
    (m.agents ?? []).flatMap((a) => (a.run ? [[a.run.id, { label: a.run.label, resource: a.run.resource, action: a.run.action, call: a.run.call }]] : [])),
  );
  return { ...(m.list ? declaredCommands(m.list) : {}), ...runs, ...m.commands };
}

export function routeTable(modules: readonly PageModule[]): RouteRow[] {
  return modules.flatMap((m) =>
    routesOf(m).map((r) => ({ ...r, module: m.name, access: r.access ?? m.access ?? 'signedIn', action: actionOf(m, r.path) })),
  );
}

/** What the access decision is asked for a route: its resource, action and access key. */
export function canParamsOf(row: RouteRow): CanParams {
  return { resource: row.module, action: row.action, params: { access: row.access } };
}

export function refineResources(modules: readonly PageModule[]): ResourceProps[] {
  return modules.map((m) => ({
    name: m.name,
    list: routesOf(m)[0]?.path,
    ...viewsOf(m),
    meta: { label: m.menu?.label, hide: !m.menu, access: m.access ?? 'signedIn' },
  }));
}

/** The route a link leads to (query and fragment ignored), or undefined for a path no page serves. */
export function routeOf(modules: readonly PageModule[], to: string): RouteRow | undefined {
  const pathname = new URL(to, 'http://app.invalid').pathname;
  const rows = routeTable(modules);
  // a literal route wins over a pattern (`/products/create` before `/products/:id`)
  return rows.find((r) => r.path === pathname) ?? rows.find((r) => matchPath(r.path, pathname));
}

/** May the user open this link? A path no page serves is the 404 page, which everyone may see. */
export function canOpen(modules: readonly PageModule[], can: CanCheck, to: string): boolean {
  const row = routeOf(modules, to);
  return !row || can(canParamsOf(row));
}

/** The navigation a user sees: sections in order, items by `order`, items they may not open and empty sections dropped. */
export function menuFor(modules: readonly PageModule[], can: CanCheck): MenuGroup[] {
  const items: MenuItem[] = modules.flatMap((m) => {
    if (!m.menu) return [];
    const path = m.menu.path ?? routesOf(m)[0]?.path;
    if (!path || !canOpen(modules, can, path)) return [];
    return [{ ...m.menu, path, ...(m.beta ? { beta: true } : {}) }];
  });
  return MENU_SECTIONS.map((section) => ({
    section,
    items: items.filter((i) => i.section === section).sort((a, b) => a.order - b.order),
  })).filter((g) => g.items.length > 0);
}

/** What the access decision is asked for a slot's entry: its resource and action, and its rule. */
export function slotParams(entry: SlotAccess): CanParams {
  return { resource: entry.needs?.resource, action: entry.needs?.action ?? 'list', params: { access: entry.access } };
}

/** The slots a module may fill, each a list of entries with an `id` and an `order`. */
export type SlotName = 'dashboardCards' | 'settingsSections' | 'agents';
type SlotEntry<K extends SlotName> = NonNullable<PageModule[K]>[number];

/**
 * A slot's entries over the registry (docs/shell.md "Slots"), in `order`, each with the module that
 * declared it: those the user may see (`can`), or all of them without `can`.
 */
export function slotEntries<K extends SlotName>(modules: readonly PageModule[], slot: K, can?: CanCheck): (SlotEntry<K> & { module: string })[] {
  return modules
    .flatMap((m) => ((m[slot] ?? []) as readonly SlotEntry<K>[]).map((e) => ({ ...e, module: m.name })))
    .filter((e) => !can || can(slotParams(e)))
    .sort((a, b) => a.order - b.order);
}

/** The prefix rule: the path equals the route or starts with the route plus a slash. */
export function isActive(pathname: string, route: string): boolean {
  return pathname === route || pathname.startsWith(`${route}/`);
}

/**
 * The one item to highlight: of the routes the prefix rule matches, the longest (most specific), so
 * /ops/dlq highlights "DLQ Management" and not "Ops Console" too (docs/decisions.md).
 */
export function activeRoute(pathname: string, routes: readonly string[]): string | undefined {
  return routes.filter((r) => isActive(pathname, r)).sort((a, b) => b.length - a.length)[0];
}

/**
 * The path the navigation highlights for `pathname`: the `navUnder` of the page route it opens
 * (`/pricing/propose` → `/pricing/agent`), else the path itself.
 */
export function navPathOf(modules: readonly PageModule[], pathname: string): string {
  for (const m of modules) for (const r of m.routes ?? []) if (r.navUnder && matchPath({ path: r.path, end: true }, pathname)) return r.navUnder;
  return pathname;
}
