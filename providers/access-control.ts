/**
 * Refine access control — spec §6. Resources of the permission matrix (contract/permissions.ts) are
 * decided by the matrix; every resource or route may also require roles (`params.roles` or the
 * resource's `meta.roles`), passed when the user's level reaches one of them. Resources the matrix
 * does not name (dashboard, health, …) are open to every signed-in user unless they require roles.
 */
import type { AccessControlProvider, CanParams, CanReturnType } from '@refinedev/core';
import { can, permissionFor, type Action } from '../contract/permissions';
import { isRole, meetsRole, type Role } from '../contract/roles';
import { getProfile } from './auth/profile-store';

export { hasPermission, hasAnyPermission, hasAllPermissions, permissionFor, can as roleCan } from '../contract/permissions';
export { meetsRole, hasRole, roleOf, ROLE_LEVEL, ROLE_LABEL } from '../contract/roles';

/** Spec §8 "Access denied". */
export const ACCESS_DENIED_REASON = 'You do not have permission to access this page';

const ACTIONS: readonly Action[] = ['read', 'list', 'show', 'create', 'update', 'edit', 'delete', 'approve', 'manage'];

/** Refine's button actions that are not in the spec's vocabulary. */
const ACTION_ALIASES: Record<string, Action> = { clone: 'create' };

function governedByMatrix(resource: string): boolean {
  return ACTIONS.some((a) => permissionFor(resource, a) !== null);
}

function requiredRoles(params: CanParams['params']): Role[] | undefined {
  const raw: unknown = params?.roles ?? params?.resource?.meta?.roles;
  return Array.isArray(raw) ? raw.filter(isRole) : undefined;
}

/** The decision alone, for menus and guards that do not go through Refine. */
export function decide(role: Role | null, { resource, action, params }: CanParams): CanReturnType {
  const deny = { can: false, reason: ACCESS_DENIED_REASON };
  if (!role) return deny;
  if (!meetsRole(role, requiredRoles(params))) return deny;
  if (!resource || !governedByMatrix(resource)) return { can: true };
  return can(role, resource, ACTION_ALIASES[action] ?? action) ? { can: true } : deny;
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
