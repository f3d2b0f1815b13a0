/** docs/product/routes-and-roles.md written out by hand and compared with contract/permissions.ts and the access-control provider. */
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, type Permission } from '../../contract/permissions';
import type { Role } from '../../contract/roles';
import {
  ACCESS_DENIED_REASON,
  accessControlFor,
  createAccessControlProvider,
  hasAllPermissions,
  hasAnyPermission,
  hasRole,
  meetsRole,
} from '../../providers/access-control';
import { modules } from '../../resources';

// the decision over the console's module list, as src/App.tsx builds it
const access = accessControlFor(modules);
const { decide, roleCan } = access;

// "Permissions per role", docs/product/routes-and-roles.md, word for word
const SPEC: Record<Role, string[]> = {
  admin: [
    'read products', 'read orders', 'read suppliers', 'read analytics', 'read settings', 'read ops', 'read capital', 'read governance',
    'write products', 'write orders', 'write suppliers', 'write settings',
    'manage users', 'manage billing', 'manage integrations',
    'ops dlq', 'ops streams', 'ops agents',
    'capital request', 'capital approve', 'capital manage',
    'governance view', 'governance edit',
  ],
  agent: [
    'read products', 'read orders', 'read suppliers', 'read analytics', 'read ops', 'read capital',
    'write products', 'write orders',
    'ops dlq', 'ops streams', 'ops agents',
    'governance view',
  ],
  user: [
    'read products', 'read orders', 'read suppliers', 'read analytics', 'read capital',
    'write products', 'write orders', 'write suppliers',
    'capital request',
  ],
};
const specPermissions = (role: Role) => SPEC[role].map((p) => p.replace(' ', ':'));

// "Resource and action mapping", docs/product/routes-and-roles.md
const MAPPING: [resource: string, action: string, permission: string][] = [
  ...['products', 'orders', 'suppliers'].flatMap((r): [string, string, string][] => [
    [r, 'read', `read:${r}`],
    [r, 'create', `write:${r}`],
    [r, 'update', `write:${r}`],
    [r, 'delete', `write:${r}`],
  ]),
  ['advances', 'read', 'read:capital'],
  ['advances', 'create', 'capital:request'],
  ['advances', 'approve', 'capital:approve'],
  ['advances', 'manage', 'capital:manage'],
  ['users', 'manage', 'manage:users'],
  ['integrations', 'manage', 'manage:integrations'],
  ['dlq_message', 'read', 'ops:dlq'],
  ['dlq_message', 'manage', 'ops:dlq'],
  ['stream', 'read', 'ops:streams'],
  ['stream', 'manage', 'ops:streams'],
];

const ROLES: Role[] = ['user', 'agent', 'admin'];
const MATRIX = ROLES.flatMap((role) =>
  MAPPING.map(([resource, action, permission]) => ({ role, resource, action, allowed: specPermissions(role).includes(permission) })),
);

describe('permission matrix = docs/product/routes-and-roles.md', () => {
  it.each(ROLES)('%s has exactly the permissions docs/product/routes-and-roles.md lists', (role) => {
    expect([...ROLE_PERMISSIONS[role]].sort()).toEqual(specPermissions(role).sort());
  });

  it.each(MATRIX)('$role $action $resource → $allowed', async ({ role, resource, action, allowed }) => {
    expect(roleCan(role, resource, action)).toBe(allowed);
    const provider = createAccessControlProvider(access, () => role);
    expect(await provider.can({ resource, action })).toEqual(allowed ? { can: true } : { can: false, reason: ACCESS_DENIED_REASON });
  });

  it("Refine's actions list/show/edit/clone follow read/update/create", () => {
    for (const role of ROLES) {
      for (const r of ['products', 'orders', 'suppliers']) {
        expect(decide(role, { resource: r, action: 'list' }).can).toBe(specPermissions(role).includes(`read:${r}`));
        expect(decide(role, { resource: r, action: 'show' }).can).toBe(specPermissions(role).includes(`read:${r}`));
        expect(decide(role, { resource: r, action: 'edit' }).can).toBe(specPermissions(role).includes(`write:${r}`));
        expect(decide(role, { resource: r, action: 'clone' }).can).toBe(specPermissions(role).includes(`write:${r}`));
      }
    }
  });

  it('nobody is allowed anything without a profile', () => {
    expect(decide(null, { resource: 'products', action: 'list' })).toEqual({ can: false, reason: ACCESS_DENIED_REASON });
    expect(decide(null, { resource: 'dashboard', action: 'list' }).can).toBe(false);
  });
});

describe('route requirements (docs/product/routes-and-roles.md table)', () => {
  const routes: [string, Role[] | undefined][] = [
    ['integrations', ['admin']],
    ['governance', ['admin']],
    ['settings', ['admin']],
    ['agents', ['agent', 'admin']],
    ['ops', ['agent', 'admin']],
    ['dlq', ['agent', 'admin']],
    ['streams', ['agent', 'admin']],
    ['flags', ['agent', 'admin']],
    ['dashboard', undefined],
    ['capital', undefined],
  ];
  const allowed: Record<Role, string[]> = {
    user: ['dashboard', 'capital'],
    agent: ['agents', 'ops', 'dlq', 'streams', 'flags', 'dashboard', 'capital'],
    admin: routes.map(([r]) => r),
  };
  it.each(ROLES)('%s reaches exactly its pages (list action, roles from resource meta)', (role) => {
    const reached = routes
      .filter(([name, roles]) => decide(role, { resource: name, action: 'list', params: { resource: { name, meta: { roles } } } }).can)
      .map(([name]) => name);
    expect(reached).toEqual(allowed[role]);
  });

  it('takes params.roles for a route check without a resource', () => {
    expect(decide('agent', { action: 'list', params: { roles: ['admin'] } }).can).toBe(false);
    expect(decide('admin', { action: 'list', params: { roles: ['agent'] } }).can).toBe(true);
    expect(decide('user', { action: 'list' }).can).toBe(true);
  });

  it('a role requirement narrows the matrix, never widens it', () => {
    expect(decide('user', { resource: 'suppliers', action: 'create', params: { roles: ['agent'] } }).can).toBe(false);
    expect(decide('agent', { resource: 'suppliers', action: 'create', params: { roles: ['agent'] } }).can).toBe(false);
  });
});

describe('helpers', () => {
  it('hierarchy user 1 < agent 2 < admin 3', () => {
    expect(hasRole('admin', 'agent')).toBe(true);
    expect(hasRole('agent', 'admin')).toBe(false);
    expect(hasRole('user', 'user')).toBe(true);
    expect(meetsRole('agent', ['admin', 'agent'])).toBe(true);
    expect(meetsRole('user', ['agent'])).toBe(false);
    expect(meetsRole('user', [])).toBe(true);
  });

  it('any-of and all-of', () => {
    const p = (s: string) => s as Permission;
    expect(hasAnyPermission('user', [p('ops:dlq'), p('read:orders')])).toBe(true);
    expect(hasAnyPermission('user', [p('ops:dlq'), p('governance:view')])).toBe(false);
    expect(hasAllPermissions('agent', [p('ops:dlq'), p('governance:view')])).toBe(true);
    expect(hasAllPermissions('agent', [p('ops:dlq'), p('governance:edit')])).toBe(false);
    expect(hasAllPermissions('user', [])).toBe(true);
  });
});
