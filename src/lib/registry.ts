/**
 * The page registry — DESIGN §2, STYLE "a resource is a module". Every domain folder under
 * `resources/` exports one `PageModule`; `resources/index.ts` lists them and the shell derives
 * Refine's resources, the routes (with their role guards) and the side navigation from that list.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Role } from '../../contract/roles';

/** The sections of the side navigation, in display order (spec §2.3). */
export const MENU_SECTIONS = [
  'Overview',
  'Inventory & Orders',
  'Commerce & Fulfillment',
  'AI & Automation',
  'Financial',
  'System & Monitoring',
  'Admin & Settings',
] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

export interface PageRoute {
  /** react-router path, e.g. `/suppliers/:id/performance`. */
  path: string;
  /** Loaded on demand (spec §2.1 "Pages load on demand"). */
  element: LazyExoticComponent<ComponentType>;
  /** Overrides the module's `access.roles` for this one route. */
  roles?: readonly Role[];
}

export interface MenuEntry {
  section: MenuSection;
  label: string;
  tooltip: string;
  icon: ComponentType;
  /** Route the item links to; defaults to the module's first route. */
  path?: string;
  badge?: string;
  indent?: boolean;
  /** Position inside its section (ascending). */
  order: number;
}

export interface PageModule {
  /** Refine resource name (unique). */
  name: string;
  routes: readonly PageRoute[];
  menu?: MenuEntry;
  /** Roles of spec §6; none means "any signed-in user". */
  access?: { roles: readonly Role[] };
  /** Live channel the module listens to (spec §7.3), for the live provider. */
  live?: string;
  /** Refine action routes beyond `list` (the first route), e.g. `{ create: '/listings/create' }`. */
  views?: { create?: string; edit?: string; show?: string };
}
