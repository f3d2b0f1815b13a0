/**
 * Who may open which page — the route requirements of docs/product/routes-and-roles.md, beside the
 * permission matrix (permissions.ts). Page modules name a rule by its key (`access: 'ops'`); the
 * guard, the side navigation, the palette and the dashboard all decide through the same rule, and
 * tests/component/access-registry.test.ts checks that every page path the client serves has the
 * requirement this table gives it.
 *
 * A rule admits a role when the role meets `roles` (its level reaches one of them; empty means any
 * signed-in user) and holds `permission` (the permission the pages' data and commands need).
 *
 * Only the platform's pages have rows. A domain's pages need none: a form that writes is its
 * module's create/edit view, and the access decision asks the permission matrix for that action
 * (`write:<resource>`), so an agent still may not open the supplier forms (docs/adding-a-domain.md).
 */
import { hasPermission, type Permission } from './permissions';
import { meetsRole, ROLES, type Role } from './roles';

export interface AccessRule {
  /** Role requirement of the routes table; empty: every signed-in user. */
  readonly roles: readonly Role[];
  /** Permission every admitted role must hold: the page's data, or the form's write. */
  readonly permission?: Permission;
  /** Page paths under this rule (react-router syntax). Paths not listed here are `signedIn`. */
  readonly paths: readonly string[];
}

const ADMIN: readonly Role[] = ['admin'];
const AGENT_OR_ADMIN: readonly Role[] = ['agent', 'admin'];

export const ROUTE_ACCESS = {
  /** Every page not listed below: any signed-in user. */
  signedIn: { roles: [], paths: [] },
  integrations: { roles: ADMIN, permission: 'manage:integrations', paths: ['/integrations'] },
  governance: { roles: ADMIN, permission: 'governance:view', paths: ['/governance'] },
  settings: { roles: ADMIN, permission: 'read:settings', paths: ['/settings'] },
  /** Outbound webhooks live under Settings and are managed with the integrations permission. */
  webhooks: { roles: ADMIN, permission: 'manage:integrations', paths: ['/settings/webhooks'] },
  agents: { roles: AGENT_OR_ADMIN, permission: 'ops:agents', paths: ['/agents'] },
  ops: { roles: AGENT_OR_ADMIN, permission: 'read:ops', paths: ['/ops'] },
  dlq: { roles: AGENT_OR_ADMIN, permission: 'ops:dlq', paths: ['/ops/dlq'] },
  streams: { roles: AGENT_OR_ADMIN, permission: 'ops:streams', paths: ['/streams'] },
  /** Switching a flag needs `ops:agents` (held by exactly agent and admin; the flags steer the agents). */
  flags: { roles: AGENT_OR_ADMIN, permission: 'ops:agents', paths: ['/flags'] },
} as const satisfies Record<string, AccessRule>;

export type AccessKey = keyof typeof ROUTE_ACCESS;

export function isAccessKey(value: unknown): value is AccessKey {
  return typeof value === 'string' && Object.hasOwn(ROUTE_ACCESS, value);
}

export function accessRule(key: AccessKey): AccessRule {
  return ROUTE_ACCESS[key];
}

/** Does the rule let this role in? */
export function admits(role: Role, key: AccessKey): boolean {
  const rule = accessRule(key);
  return meetsRole(role, rule.roles) && (!rule.permission || hasPermission(role, rule.permission));
}

/** The roles a rule admits, lowest first (for "Required" on the Access Denied screen and for tests). */
export function admittedRoles(key: AccessKey): Role[] {
  return ROLES.filter((r) => admits(r, key));
}

/** The key the table gives a page path (`signedIn` when no rule lists it). */
export function accessKeyOfPath(path: string): AccessKey {
  const hit = (Object.keys(ROUTE_ACCESS) as AccessKey[]).find((k) => (accessRule(k).paths as readonly string[]).includes(path));
  return hit ?? 'signedIn';
}
