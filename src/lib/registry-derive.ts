/**
 * What the shell derives from the page registry (DESIGN §2): Refine resources, the route table
 * with role requirements, and the side navigation of spec §2.3 filtered by role.
 */
import type { ResourceProps } from '@refinedev/core';
import { meetsRole, type Role } from '../../contract/roles';
import { MENU_SECTIONS, type MenuEntry, type MenuSection, type PageModule, type PageRoute } from './registry';

export interface RouteRow extends PageRoute {
  module: string;
  /** Effective requirement: the route's own roles, else the module's. */
  roles?: readonly Role[];
}

export interface MenuItem extends Omit<MenuEntry, 'path'> {
  path: string;
  roles?: readonly Role[];
}

export interface MenuGroup {
  section: MenuSection;
  items: MenuItem[];
}

export function routeTable(modules: readonly PageModule[]): RouteRow[] {
  return modules.flatMap((m) => m.routes.map((r) => ({ ...r, module: m.name, roles: r.roles ?? m.access?.roles })));
}

export function refineResources(modules: readonly PageModule[]): ResourceProps[] {
  return modules.map((m) => ({
    name: m.name,
    list: m.routes[0]?.path,
    ...m.views,
    meta: { label: m.menu?.label, hide: !m.menu, roles: m.access?.roles, live: m.live },
  }));
}

/** The navigation a role sees: sections in §2.3 order, items by `order`, empty sections dropped. */
export function menuFor(modules: readonly PageModule[], role: Role): MenuGroup[] {
  const items: MenuItem[] = modules.flatMap((m) => {
    if (!m.menu) return [];
    const path = m.menu.path ?? m.routes[0]?.path;
    if (!path) return [];
    const route = m.routes.find((r) => r.path === path);
    return [{ ...m.menu, path, roles: route?.roles ?? m.access?.roles }];
  });
  return MENU_SECTIONS.map((section) => ({
    section,
    items: items.filter((i) => i.section === section && meetsRole(role, i.roles)).sort((a, b) => a.order - b.order),
  })).filter((g) => g.items.length > 0);
}

/** Spec §2.3: highlighted when the path equals the route or starts with the route plus a slash. */
export function isActive(pathname: string, route: string): boolean {
  return pathname === route || pathname.startsWith(`${route}/`);
}
