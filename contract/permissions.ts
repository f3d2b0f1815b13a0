/**
 * The one permission matrix — spec §6 "Permissions per role" and "Resource and action mapping".
 * Imported by the server (route preHandlers) and by the client (access-control provider).
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

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: [
    'read:products', 'read:orders', 'read:suppliers', 'read:analytics', 'read:settings', 'read:ops',
    'read:capital', 'read:governance',
    'write:products', 'write:orders', 'write:suppliers', 'write:settings',
    'manage:users', 'manage:billing', 'manage:integrations',
    'ops:dlq', 'ops:streams', 'ops:agents',
    'capital:request', 'capital:approve', 'capital:manage',
    'governance:view', 'governance:edit',
  ],
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

/** Resource × action → permission (spec §6 mapping). Unknown pairs map to null (denied). */
export function permissionFor(resource: string, action: string): Permission | null {
  const readish = action === 'read' || action === 'list' || action === 'show';
  const writeish = action === 'create' || action === 'update' || action === 'edit' || action === 'delete';
  switch (resource) {
    case 'products':
    case 'orders':
    case 'suppliers':
      if (readish) return `read:${resource}`;
      if (writeish) return `write:${resource}`;
      return null;
    case 'advances':
    case 'capital':
      if (readish) return 'read:capital';
      if (action === 'create') return 'capital:request';
      if (action === 'approve') return 'capital:approve';
      if (action === 'manage') return 'capital:manage';
      return null;
    case 'users':
      return action === 'manage' ? 'manage:users' : null;
    case 'integrations':
      return action === 'manage' || readish || writeish ? 'manage:integrations' : null;
    case 'dlq_message':
    case 'dlq':
      return readish || action === 'manage' || writeish ? 'ops:dlq' : null;
    case 'stream':
    case 'streams':
      return readish || action === 'manage' || writeish ? 'ops:streams' : null;
    case 'agents':
      return 'ops:agents';
    case 'analytics':
      return readish ? 'read:analytics' : null;
    case 'settings':
      if (readish) return 'read:settings';
      if (writeish || action === 'manage') return 'write:settings';
      return null;
    case 'ops':
      return readish ? 'read:ops' : null;
    case 'governance':
    case 'audit':
      if (readish) return 'governance:view';
      if (writeish || action === 'manage') return 'governance:edit';
      return null;
    default:
      return null;
  }
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

export function can(role: Role, resource: string, action: string): boolean {
  const p = permissionFor(resource, action);
  return p !== null && hasPermission(role, p);
}
