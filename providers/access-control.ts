/**
 * Refine access control — the one `can` of the console (docs/product/routes-and-roles.md). Resources
 * of the permission matrix (contract/permissions.ts for the platform's, each page module's
 * `permissions` for a domain's) are decided by the matrix; a page also names its
 * route rule (`params.access`, or the resource's `meta.access`: a key of contract/access.ts), and
 * `params.roles` may narrow further. Resources the matrix does not name (dashboard, health, …) are
 * open to every signed-in user unless their rule says otherwise. The guard and command buttons ask
 * through Refine (`useCan`, `<CanAccess>`); lists that filter many links at once (menu, palette,
 * dashboard) call `decide` directly — the same function, without a query per link.
 */
import type { AccessControlProvider, CanParams, CanReturnType } from '@refinedev/core';
import { admits, isAccessKey } from '../contract/access';
import { canIn, permissionIn, resourcePermissions, type Action, type Permission } from '../contract/permissions';
import { isRole, meetsRole, type Role } from '../contract/roles';
import { modules } from '../resources';
import { getProfile } from './auth/profile-store';

export { hasPermission, hasAnyPermission, hasAllPermissions } from '../contract/permissions';
export { meetsRole, hasRole, roleOf, ROLE_LEVEL, ROLE_LABEL } from '../contract/roles';

/** docs/product/errors.md "page above the user's role". */
export const ACCESS_DENIED_REASON = 'You do not have permission to access this page';

/** The resource mapping: the platform's (contract/permissions.ts) and each page module's `permissions`. */
export const RESOURCE_PERMISSIONS = resourcePermissions(modules.flatMap((m) => (m.permissions ? [m.permissions] : [])));

/** Resource × action → permission (null: denied). */
export function permissionFor(resource: string, action: string): Permission | null {
  return permissionIn(RESOURCE_PERMISSIONS, resource, action);
}

/** May the role do the action on the resource (the matrix alone, no route rule)? */
export function roleCan(role: Role, resource: string, action: string): boolean {
  return canIn(RESOURCE_PERMISSIONS, role, resource, action);
}

const ACTIONS: readonly Action[] = ['read', 'list', 'show', 'create', 'update', 'edit', 'delete', 'approve', 'manage'];

/** Refine's button actions that are not in the product's vocabulary. */
const ACTION_ALIASES: Record<string, Action> = { clone: 'create' };

function governedByMatrix(resource: string): boolean {
  return ACTIONS.some((a) => permissionFor(resource, a) !== null);
}

function requiredRoles(params: CanParams['params']): Role[] | undefined {
  const raw: unknown = params?.roles ?? params?.resource?.meta?.roles;
  return Array.isArray(raw) ? raw.filter(isRole) : undefined;
}

function accessKey(params: CanParams['params']): unknown {
  return params?.access ?? params?.resource?.meta?.access;
}

/** The decision alone, for menus and lists that do not go through Refine. */
export function decide(role: Role | null, { resource, action, params }: CanParams): CanReturnType {
  const deny = { can: false, reason: ACCESS_DENIED_REASON };
  if (!role) return deny;
  const key = accessKey(params);
  if (key !== undefined && (!isAccessKey(key) || !admits(role, key))) return deny;
  if (!meetsRole(role, requiredRoles(params))) return deny;
  if (!resource || !governedByMatrix(resource)) return { can: true };
  return roleCan(role, resource, ACTION_ALIASES[action] ?? action) ? { can: true } : deny;
}

export function createAccessControlProvider(getRole: () => Role | null | undefined): AccessControlProvider {
  return {
    can: async (params) => decide(getRole() ?? null, params),
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
      // answers depend on who is signed in: never serve one user's answer to the next
      queryOptions: { staleTime: 0, gcTime: 0 },
    },
  };
}

export const accessControlProvider = createAccessControlProvider(() => getProfile()?.role);
