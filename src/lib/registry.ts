/**
 * The page registry — docs/product/architecture.md §2, STYLE "a resource is a module". Every domain folder under
 * `resources/` exports one `PageModule`; `resources/index.ts` lists them, the composition root
 * (src/App.tsx) hands the list down, and the shell derives Refine's resources, the routes (with their
 * role guards), the side navigation, the palette and the slot pages (dashboard cards, settings
 * sections, agents: src/lib/registry-derive.ts `slotEntries`) from it (docs/shell.md).
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { AccessKey } from '../../contract/access';
import type { FlagName } from '../../contract/constants';
import type { LiveRoute } from '../../contract/events';
import type { ResourcePermissions } from '../../contract/permissions';
import type { DeclaredCommand, ListPage } from './declared-list';

/** The sections of the side navigation, in display order (docs/product/routes-and-roles.md). */
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
  /** Loaded on demand (docs/product/routes-and-roles.md "Pages load on demand"). */
  element: LazyExoticComponent<ComponentType>;
  /** Overrides the module's `access` for this one route (a key of contract/access.ts). */
  access?: AccessKey;
  /**
   * The server route the page reads its data from or saves to (`GET /suppliers`): the client's
   * requirement for the page must equal that route's permission (tests/component/access-server.test.ts).
   */
  call?: string;
  /**
   * The side-navigation entry (its path) this page belongs under, for a page without an entry of its
   * own whose path would highlight none or the wrong one: `/listings` highlights "Catalog & Listings"
   * (docs/shell.md "Side navigation").
   */
  navUnder?: string;
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

export interface PageCommand {
  /** The button's text, as the user reads it. */
  label: string;
  /** Resource and action of the permission matrix (contract/permissions.ts). */
  resource: string;
  action: string;
  /** The server route the button calls (`POST /suppliers/score-all`): its permission must be the one asked here. */
  call: string;
}

/** An entry of the command palette: where choosing it navigates. */
export interface PaletteEntry {
  id: string;
  label: string;
  to: string;
}

/** What the module adds to the command palette (docs/shell.md "The page registry"). */
export interface PalettePart {
  /** Page Actions offered while the user is on the module's pages (its first route and below). */
  actions?: readonly PaletteEntry[];
  /** Entries of the Create group; `order` places them in the group. */
  create?: readonly (PaletteEntry & { order: number })[];
  /** The module's Navigate entry (to its first route); `order` places it in the group. */
  navigate?: { label: string; order: number };
}

/**
 * Who may see a slot's entry (a dashboard card, a settings section, an agent): the one access
 * decision (providers/access-control.ts `decide`) asked with this rule and this resource and action,
 * as for a page. Neither: every user who may open the page the slot is on.
 */
export interface SlotAccess {
  /** A rule of contract/access.ts the role must pass (`'webhooks'`, `'flags'`…). */
  access?: AccessKey;
  /** The resource and action of the permission matrix its data needs, e.g. `{ resource: 'fulfillment', action: 'list' }`. */
  needs?: { resource: string; action: string };
  /**
   * A beta feature (docs/settings.md "Beta features"): left out while the store's `enableBetaFeatures`
   * is off, and tagged "Beta" while it is on (src/shell/flag-gate.tsx `useFlaggedModules`).
   */
  beta?: boolean;
}

/** The dashboard's data sources, as "Failed to Load Dashboard Data" names them. */
export const DASHBOARD_SOURCES = ['operations', 'products', 'orders', 'capital', 'alerts', 'needs attention'] as const;
export type DashboardSource = (typeof DASHBOARD_SOURCES)[number];

/** A card of /dashboard, declared by the domain that owns its data. */
export interface DashboardCard extends SlotAccess {
  /** Unique among the dashboard's cards. */
  id: string;
  /** What the card is called (its panel's heading; shown while it loads). */
  title: string;
  /** Position on the dashboard (ascending). */
  order: number;
  /** Columns of the dashboard's three it spans on wide screens (1 when omitted). */
  span?: 1 | 2 | 3;
  /**
   * A notice across the dashboard above its cards (the Dead Letter Queue alert): no placeholder while
   * it loads, and no room taken when it has nothing to say (it renders nothing).
   */
  banner?: boolean;
  /**
   * The data source the card reads, named in "Failed to Load Dashboard Data" when its request fails
   * (docs/product/shell.md "Dashboard"): the card reports the failure with `useDashboardSource`.
   */
  source?: DashboardSource;
  /** The card itself, loaded on demand; it renders its own panel (src/shell/panel.tsx). */
  element: LazyExoticComponent<ComponentType>;
}

/** A section of /settings, declared by the domain whose settings it shows. */
export interface SettingsSection extends SlotAccess {
  /** Unique among the settings sections. */
  id: string;
  /** The section's heading. */
  title: string;
  /** Position on the page (ascending). */
  order: number;
  /** One sentence under the heading. */
  description?: string;
  /** The page where these settings are worked, if they have one: the heading links there. */
  to?: string;
  /** The section's content, loaded on demand (none: the heading's link and the description alone). */
  element?: LazyExoticComponent<ComponentType>;
}

/**
 * A background agent of the domain, for /agents: what it does and when, read together with what
 * the server measures of it — its heartbeat in the ops summary's `agent_health`
 * (`GET /ops/summary`) and its durable consumers' figures (`GET /streams/consumers`).
 */
export interface AgentDeclaration extends SlotAccess {
  /** Unique among the agents; also its heartbeat name unless `heartbeat` says otherwise. */
  id: string;
  name: string;
  /** One sentence: what it does for the seller. */
  description: string;
  /** When it runs, as the seller reads it. */
  schedule: string;
  /** Position on /agents (ascending). */
  order: number;
  /** The name its workers' heartbeat carries (`agent_health` key; the server's `agentName`); `id` when omitted. */
  heartbeat?: string;
  /** The durable consumers doing its work, by name (`GET /streams/consumers`). */
  consumers?: readonly string[];
  /**
   * A run-now button: a command like any other (its `call` exists on the server with the permission
   * asked here; it joins the module's `commands` under its `id`, `commandsOf`).
   */
  run?: DeclaredCommand;
}

export interface PageModule {
  /** Refine resource name (unique). */
  name: string;
  /**
   * Hand-written pages. Read through `routesOf` (src/lib/registry-derive.ts), which puts the declared
   * list's route first.
   */
  routes?: readonly PageRoute[];
  /**
   * A declared list page instead of a hand-written one: `declareList({ … })` (resources/shared/declare-list.ts,
   * the declaration's shape in src/lib/declared-list.ts). The registry derives its route (the module's
   * first, rendering the lazily loaded resources/shared/declared-list-page.tsx) and its buttons'
   * commands (`commandsOf`).
   */
  list?: ListPage;
  menu?: MenuEntry;
  /** Route requirement: a key of the table in contract/access.ts; none means `signedIn`. */
  access?: AccessKey;
  /**
   * The feature flag that turns the module on (docs/settings.md "Feature flags"): while the tenant's
   * flag is off, its menu item and palette entries are hidden and its pages say the feature is off.
   */
  flag?: FlagName;
  /**
   * The whole module is a beta feature (docs/settings.md "Beta features"): gated by
   * `enableBetaFeatures` as `flag` gates it (besides its own `flag`), and its menu item tagged "Beta".
   * A part of a page marks itself with `<BetaPart>` (src/shell/beta.tsx).
   */
  beta?: boolean;
  /**
   * The page's command buttons and what each needs (a resource and action of the permission matrix).
   * Buttons render through `<CommandGate command={…}>`, so the button and the test read one answer.
   * A declared list's buttons are added by `commandsOf` (src/lib/registry-derive.ts).
   */
  commands?: Readonly<Record<string, PageCommand>>;
  /**
   * Live routing of the events the domain writes (its `contract/<domain>.ts` rows, the same ones its
   * server module declares): the live provider turns them into `resources/<name>` channels
   * (providers/live/channels.ts). The platform's rows are in contract/events.ts.
   */
  liveRoutes?: readonly LiveRoute[];
  /**
   * The domain's resources and the permission each action needs (its `contract/<domain>.ts`
   * mapping): the console's one access decision reads them (providers/access-control.ts).
   */
  permissions?: ResourcePermissions;
  /** Page Actions, Create and Navigate entries of the command palette. */
  palette?: PalettePart;
  /** Refine action routes beyond `list` (the first route), e.g. `{ create: '/listings/create' }`. */
  views?: { create?: string; edit?: string; show?: string };
  /** Cards the domain adds to /dashboard (shown to the roles their `access`/`needs` admit). */
  dashboardCards?: readonly DashboardCard[];
  /** Sections the domain adds to /settings. */
  settingsSections?: readonly SettingsSection[];
  /** The domain's background agents, listed on /agents. */
  agents?: readonly AgentDeclaration[];
}
