/**
 * Refine access control — the one `can` of the console (docs/product/routes-and-roles.md). Resources
 * of the permission matrix (contract/permissions.ts for the platform's, each page module's
 * `permissions` for a domain's) are decided by the matrix; a page also names its
 * route rule (`params.access`, or the resource's `meta.access`: a key of contract/access.ts), and
 * `params.roles` may narrow further. Resources the matrix does not name (dashboard, health, …) are
 * open to every signed-in user unless their rule says otherwise. The guard and command buttons ask
 * through Refine (`useCan`, `<CanAccess>`); lists that filter many links at once (menu, palette,
 * dashboard) call `decide` directly — the same function, without a query per link.
 *
 * The domains' mappings come from the module list the composition root (src/App.tsx) hands in:
 * `accessControlFor(modules)`; nothing here imports the page registry (docs/shell.md).
 */
import type { AccessControlProvider, CanParams, CanReturnType } from '@refinedev/core';
import { admits, isAccessKey } from '../contract/access';
import { canIn, permissionIn, resourcePermissions, type Action, type Permission, type ResourcePermissions } from '../contract/permissions';
import { isRole, meetsRole, type Role } from '../contract/roles';
import { getProfile } from './auth/profile-store';

export { hasPermission, hasAnyPermission, hasAllPermissions } from '../contract/permissions';
export { meetsRole, hasRole, roleOf, ROLE_LEVEL, ROLE_LABEL } from '../contract/roles';

/** docs/product/errors.md "Access Denied". */
export const ACCESS_DENIED_REASON = 'You do not have permission to access this page';

/** What the decision reads from a page module: its resources' mapping (`contract/modules/<domain>.ts`). */
export interface PermissionSource {
  permissions?: ResourcePermissions;
}

/** The access decision over one module list. */
export interface AccessControl {
  /** The resource mapping: the platform's (contract/permissions.ts) and each module's `permissions`. */
  readonly resourcePermissions: ResourcePermissions;
  /** Resource × action → permission (null: denied). */
  permissionFor(resource: string, action: string): Permission | null;
  /** May the role do the action on the resource (the matrix alone, no route rule)? */
  roleCan(role: Role, resource: string, action: string): boolean;
  /** The decision alone, for menus and lists that do not go through Refine. */
  decide(role: Role | null, params: CanParams): CanReturnType;
}

const ACTIONS: readonly Action[] = ['read', 'list', 'show', 'create', 'update', 'edit', 'delete', 'approve', 'manage'];

/** Refine's button actions that are not in the product's vocabulary. */
const ACTION_ALIASES: Record<string, Action> = { clone: 'create' };

function requiredRoles(params: CanParams['params']): Role[] | undefined {
  const raw: unknown = params?.roles ?? params?.resource?.meta?.roles;
  return Array.isArray(raw) ? raw.filter(isRole) : undefined;
}

function accessKey(params: CanParams['params']): unknown {
  return params?.access ?? params?.resource?.meta?.access;
}

export function accessControlFor(modules: readonly PermissionSource[]): AccessControl {
  const table = resourcePermissions(modules.flatMap((m) => (m.permissions ? [m.permissions] : [])));
  const permissionFor = (resource: string, action: string) => permissionIn(table, resource, action);
  const roleCan = (role: Role, resource: string, action: string) => canIn(table, role, resource, action);
  const governedByMatrix = (resource: string) => ACTIONS.some((a) => permissionFor(resource, a) !== null);
  const decide = (role: Role | null, { resource, action, params }: CanParams): CanReturnType => {
    const deny = { can: false, reason: ACCESS_DENIED_REASON };
    if (!role) return deny;
    const key = accessKey(params);
    if (key !== undefined && (!isAccessKey(key) || !admits(role, key))) return deny;
    if (!meetsRole(role, requiredRoles(params))) return deny;
    if (!resource || !governedByMatrix(resource)) return { can: true };
    return roleCan(role, resource, ACTION_ALIASES[action] ?? action) ? { can: true } : deny;
  };
  return { resourcePermissions: table, permissionFor, roleCan, decide };
}

/** Refine's provider over a decision, for whoever `getRole` says is signed in. */
export function createAccessControlProvider(access: Pick<AccessControl, 'decide'>, getRole: () => Role | null | undefined): AccessControlProvider {
  return {
    can: async (params) => access.decide(getRole() ?? null, params),
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
      // answers depend on who is signed in: never serve one user's answer to the next
      queryOptions: { staleTime: 0, gcTime: 0 },
    },
  };
}

/** The console's provider: the module list's decision, for the signed-in profile. */
export function accessControlProvider(modules: readonly PermissionSource[], getRole: () => Role | null | undefined = () => getProfile()?.role): AccessControlProvider {
  return createAccessControlProvider(accessControlFor(modules), getRole);
}
