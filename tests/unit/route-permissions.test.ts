/**
 * Server routes declare a permission key only (docs/api-conventions.md "Access"): every route of the
 * module list is read through a recording `api.route`, and who may call it follows from the
 * permission matrix (contract/permissions.ts) alone.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiModules } from '../../server/api/routes';
import type { Api } from '../../server/api/module';
import type { RouteDef } from '../../server/api/kit';
import type { Db } from '../../server/db';
import type { Config } from '../../server/config';
import { hasPermission, type Permission } from '../../contract/permissions';
import { ROLES, type Role } from '../../contract/roles';

function declaredRoutes(): RouteDef[] {
  const defs: RouteDef[] = [];
  const app = { addHook: () => app, log: { info() {}, warn() {}, error() {} } } as unknown as FastifyInstance;
  const api: Api = { app, services: { db: {} as Db, config: { jwtSecret: 'route-listing-only-secret' } as Config }, route: (def) => void defs.push(def as RouteDef) };
  for (const m of apiModules) m.routes(api);
  return defs;
}

const routes = declaredRoutes();
const key = (d: RouteDef) => `${d.method} ${d.url}`;
const admitted = (p: Permission | undefined): Role[] => ROLES.filter((r) => !p || hasPermission(r, p));

describe('route access', () => {
  it('reads every route of the module list, and none carries anything but a permission key', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const d of routes) expect(Object.keys(d), key(d)).not.toContain('roles');
  });

  // the role table of docs/api-conventions.md "Access", as the server's API routes serve it
  const expected: [pattern: RegExp, permission: Permission, roles: Role[]][] = [
    [/^GET \/audit$/, 'governance:view', ['agent', 'admin']],
    [/^PUT \/flags\/:name$/, 'ops:agents', ['agent', 'admin']],
    [/^\w+ \/dlq/, 'ops:dlq', ['agent', 'admin']],
    [/^\w+ \/streams/, 'ops:streams', ['agent', 'admin']],
    [/^GET \/ops\/summary$/, 'read:ops', ['agent', 'admin']],
    [/^\w+ \/webhooks/, 'manage:integrations', ['admin']],
  ];
  it.each(expected)('%s → %s (%j)', (pattern, permission, roles) => {
    const hits = routes.filter((d) => pattern.test(key(d)));
    expect(hits.length).toBeGreaterThan(0);
    for (const d of hits) {
      expect(d.permission, key(d)).toBe(permission);
      expect(admitted(d.permission), key(d)).toEqual(roles);
    }
  });

  it('leaves the sign-in-only routes without a key, and no route of a restricted area', () => {
    const open = routes.filter((d) => !d.permission).map(key);
    for (const r of ['GET /csrf', 'GET /flags', 'GET /imports/jobs', 'GET /imports/jobs/:id', 'GET /me', 'GET /stream', 'GET /stream/:name']) {
      expect(open).toContain(r);
    }
    const restricted = open.filter((k) => expected.some(([pattern]) => pattern.test(k)) || /^(POST|PUT|PATCH|DELETE) \/flags/.test(k));
    expect(restricted).toEqual([]);
  });
});
