/**
 * The one permission matrix — docs/product/routes-and-roles.md "Permission matrix" and "Resource actions map onto it".
 * Imported by the server (route preHandlers) and by the client (access-control provider).
 * The resource mapping here is the platform's; each domain maps its own resources in its contract.
 */
import type { Role } from './roles';

export const PERMISSIONS = [
  'read:products', 'read:orders', 'read:suppliers', 'read:analytics', 'read:settings', 'read:ops',
  'read:capital', 'read:governance',
  'write:products', 'write:orders', 'write:suppliers', 'write:settings',
  'manage:users', 'manage:billing', 'manage:integrations',
  'ops:dlq', 'ops:streams', 'ops:agents',
  'capital:request', 'capital:approve', 'capital:manage',
  'governance:view', 'governance:edit',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What a server route admits (docs/api-conventions.md "Access"): a key of the matrix, or every signed-in user. */
export const SIGNED_IN = 'signed-in';
export type Access = Permission | typeof SIGNED_IN;

/** May the role call a route declaring this access? */
export function admits(role: Role, access: Access): boolean {
  return access === SIGNED_IN || hasPermission(role, access);
}

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  // the administrator holds every permission (tests/unit/permissions.test.ts lists them by hand)
  admin: PERMISSIONS,
  agent: [
    'read:products', 'read:orders', 'read:suppliers', 'read:analytics', 'read:ops', 'read:capital',
    'write:products', 'write:orders',
    'ops:dlq', 'ops:streams', 'ops:agents',
    'governance:view',
  ],
  user: [
    'read:products', 'read:orders', 'read:suppliers', 'read:analytics', 'read:capital',
    'write:products', 'write:orders', 'write:suppliers',
    'capital:request',
  ],
};

export type Action = 'read' | 'list' | 'show' | 'create' | 'update' | 'edit' | 'delete' | 'approve' | 'manage';

/**
 * How a resource's actions map to permissions: `read` answers read/list/show, `write`
 * create/update/edit/delete, and a named action (`approve`, `manage`, `create`…) answers itself
 * first. Actions the entry does not cover map to null (denied).
 */
export type ActionPermissions = Readonly<Partial<Record<Action | 'write', Permission>>>;

/** Resource → its action mapping. A domain declares its resources in `contract/<domain>.ts`. */
export type ResourcePermissions = Readonly<Record<string, ActionPermissions>>;

const all = (p: Permission): ActionPermissions => ({ read: p, write: p, approve: p, manage: p });

/**
 * The platform's resources (docs/product/routes-and-roles.md). The domains' resources are
 * declared by their page modules (`permissions`, from `contract/<domain>.ts`) and joined to these
 * by the console's access control (providers/access-control.ts).
 */
export const PLATFORM_RESOURCE_PERMISSIONS: ResourcePermissions = {
  advances: { read: 'read:capital', create: 'capital:request', approve: 'capital:approve', manage: 'capital:manage' },
  capital: { read: 'read:capital', create: 'capital:request', approve: 'capital:approve', manage: 'capital:manage' },
  users: { manage: 'manage:users' },
  integrations: { read: 'manage:integrations', write: 'manage:integrations', manage: 'manage:integrations' },
  dlq_message: { read: 'ops:dlq', write: 'ops:dlq', manage: 'ops:dlq' },
  dlq: { read: 'ops:dlq', write: 'ops:dlq', manage: 'ops:dlq' },
  stream: { read: 'ops:streams', write: 'ops:streams', manage: 'ops:streams' },
  streams: { read: 'ops:streams', write: 'ops:streams', manage: 'ops:streams' },
  agents: all('ops:agents'),
  analytics: { read: 'read:analytics' },
  settings: { read: 'read:settings', write: 'write:settings', manage: 'write:settings' },
  ops: { read: 'read:ops' },
  governance: { read: 'governance:view', write: 'governance:edit', manage: 'governance:edit' },
  audit: { read: 'governance:view', write: 'governance:edit', manage: 'governance:edit' },
};

const READISH = new Set(['read', 'list', 'show']);
const WRITEISH = new Set(['create', 'update', 'edit', 'delete']);

/** One resource's permission for an action under a mapping (null: denied). */
export function permissionIn(table: ResourcePermissions, resource: string, action: string): Permission | null {
  if (!Object.hasOwn(table, resource)) return null;
  const entry = table[resource];
  if (Object.hasOwn(entry, action) && action !== 'write') return entry[action as Action] ?? null;
  if (READISH.has(action)) return entry.read ?? null;
  if (WRITEISH.has(action)) return entry.write ?? null;
  return null;
}

/** Joins the platform's mapping and the domains' (a resource declared twice is refused). */
export function resourcePermissions(domains: readonly ResourcePermissions[]): ResourcePermissions {
  const out: Record<string, ActionPermissions> = { ...PLATFORM_RESOURCE_PERMISSIONS };
  for (const d of domains) {
    for (const [resource, entry] of Object.entries(d)) {
      if (Object.hasOwn(out, resource)) throw new Error(`Resource "${resource}" is mapped twice`);
      out[resource] = entry;
    }
  }
  return out;
}

export function hasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function hasAnyPermission(role: Role, permissions: readonly Permission[]): boolean {
  return permissions.some((p) => hasPermission(role, p));
}

export function hasAllPermissions(role: Role, permissions: readonly Permission[]): boolean {
  return permissions.every((p) => hasPermission(role, p));
}

/** May the role do the action under this mapping? */
export function canIn(table: ResourcePermissions, role: Role, resource: string, action: string): boolean {
  const p = permissionIn(table, resource, action);
  return p !== null && hasPermission(role, p);
}
