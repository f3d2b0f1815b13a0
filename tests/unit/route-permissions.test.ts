/**
 * Server routes state their access (docs/api-conventions.md "Access"): every route of the module
 * list is read through a recording `api.route`; each names a permission key or says it is open to
 * every signed-in user, and who may call it follows from the permission matrix
 * (contract/permissions.ts) alone. A domain's routes take the key its contract maps the resource to.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiModules } from '../../server/api/routes';
import type { Api } from '../../server/api/module';
import type { RouteDef } from '../../server/api/kit';
import type { Db } from '../../server/db';
import type { Config } from '../../server/config';
import { admits, PERMISSIONS, SIGNED_IN, type Access, type Permission } from '../../contract/permissions';
import { fulfillmentPermissions } from '../../contract/modules/fulfillment';
import { listingsPermissions } from '../../contract/modules/listings';
import { marketplacesPermissions } from '../../contract/modules/marketplaces';
import { ordersPermissions } from '../../contract/modules/orders';
import { pricingPermissions } from '../../contract/modules/pricing';
import { productsPermissions } from '../../contract/modules/products';
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
const admitted = (a: Access): Role[] => ROLES.filter((r) => admits(r, a));

describe('route access', () => {
  it('reads every route of the module list; each states its access as a permission key or signed-in, and none carries roles', () => {
    expect(routes.length).toBeGreaterThan(40);
    const known = new Set<string>([...PERMISSIONS, SIGNED_IN]);
    for (const d of routes) {
      expect(Object.keys(d), key(d)).not.toContain('roles');
      expect(known.has(d.access), `${key(d)} states ${String(d.access)}`).toBe(true);
    }
  });

  // the role table of docs/api-conventions.md "Access", as the server's API routes serve it
  const expected: [pattern: RegExp, permission: Permission, roles: Role[]][] = [
    [/^GET \/audit$/, 'governance:view', ['agent', 'admin']],
    // the dashboard's Recent Actions read the audit log (docs/dashboard.md "Recent actions")
    [/^GET \/dashboard\/recent-actions$/, 'governance:view', ['agent', 'admin']],
    // administrators switch flags; agents read them on /flags (docs/decisions.md "Only administrators switch feature flags")
    [/^PUT \/flags\/:name$/, 'write:settings', ['admin']],
    [/^GET \/flags\/details$/, 'ops:agents', ['agent', 'admin']],
    [/^GET \/settings\//, 'read:settings', ['admin']],
    [/^PUT \/settings\//, 'write:settings', ['admin']],
    [/^\w+ \/dlq/, 'ops:dlq', ['agent', 'admin']],
    [/^\w+ \/streams/, 'ops:streams', ['agent', 'admin']],
    [/^GET \/ops\/summary$/, 'read:ops', ['agent', 'admin']],
    [/^\w+ \/webhooks/, 'manage:integrations', ['admin']],
    // a customer's data and the retention settings (docs/governance.md "Compliance"): agents read, administrators erase and set
    [/^GET \/governance\/customers(\/export)?$/, 'governance:view', ['agent', 'admin']],
    [/^POST \/governance\/customers\/erase$/, 'governance:edit', ['admin']],
    [/^GET \/governance\/retention$/, 'governance:view', ['agent', 'admin']],
    [/^PUT \/governance\/retention$/, 'governance:edit', ['admin']],
    // the workspace's people and invitations (docs/governance.md "Users and invitations")
    [/^\w+ \/governance\/users/, 'manage:users', ['admin']],
    // the agents: read, run, pause, resume and set by operators (docs/agents.md "API")
    [/^\w+ \/agents/, 'ops:agents', ['agent', 'admin']],
  ];
  it.each(expected)('%s → %s (%j)', (pattern, permission, roles) => {
    const hits = routes.filter((d) => pattern.test(key(d)));
    expect(hits.length).toBeGreaterThan(0);
    for (const d of hits) {
      expect(d.access, key(d)).toBe(permission);
      expect(admitted(d.access), key(d)).toEqual(roles);
    }
  });

  it('says signed-in for exactly the routes every signed-in user needs, and for no route of a restricted area', () => {
    const open = routes.filter((d) => d.access === SIGNED_IN).map(key);
    // the alert queue is every member's work (docs/decisions.md "Everyone works the alert queue")
    const alertQueue = [
      'GET /alerts', 'GET /alerts/:id', 'GET /alerts/agent-health', 'GET /alerts/recent', 'GET /alerts/summary', 'GET /dashboard/needs-attention',
      'POST /alerts/:id/acknowledge', 'POST /alerts/:id/assign', 'POST /alerts/:id/note', 'POST /alerts/:id/resolve', 'POST /alerts/bulk',
    ];
    // System Health's figures are every signed-in user's page (docs/ops-ui.md "System Health")
    const systemHealth = ['GET /health/system'];
    // the dashboard's Recent Events and Dead Letter Queue alert are every member's dashboard (docs/alerts.md "Dashboard")
    const dashboardFeed = ['GET /dashboard/dlq', 'GET /dashboard/events'];
    // the AI Orchestrator is every member's page; each tool asks its own route's permission (docs/orchestrator.md "Tools")
    const orchestrator = [
      'GET /orchestrator/tools', 'GET /orchestrator/suggestions', 'GET /orchestrator/conversations', 'POST /orchestrator/conversations',
      'GET /orchestrator/conversations/:id/messages', 'POST /orchestrator/conversations/:id/messages', 'POST /orchestrator/actions/:id/confirm', 'POST /orchestrator/actions/:id/cancel',
    ];
    expect(open.sort()).toEqual([...alertQueue, ...systemHealth, ...dashboardFeed, ...orchestrator, 'GET /csrf', 'GET /flags', 'GET /imports/jobs', 'GET /imports/jobs/:id', 'GET /me', 'GET /stream', 'GET /stream/:name'].sort());
    const restricted = open.filter((k) => expected.some(([pattern]) => pattern.test(k)) || /^(POST|PUT|PATCH|DELETE) \/flags/.test(k));
    expect(restricted).toEqual([]);
  });

  // a domain's reads take the key its contract maps the resource to (the one the console asks)
  const fromContract: [pattern: RegExp, permission: Permission][] = [
    [/^GET \/(shipments|fulfillment|purchase-orders)\b/, fulfillmentPermissions.shipments.read],
    // the dashboard's Pipeline Backlog counts orders and the work queue (docs/dashboard.md "Pipeline backlog")
    [/^GET \/dashboard\/pipeline-backlog$/, fulfillmentPermissions.fulfillment.read],
    [/^GET \/orders\b/, ordersPermissions.orders.read],
    // work items are orders on hold and the automation's failures: read as orders are (docs/alerts.md "Work items")
    [/^GET \/work\/items$/, ordersPermissions.orders.read],
    [/^GET \/(products|images)\b/, productsPermissions.products.read],
    [/^GET \/listings\b/, listingsPermissions.listings.read],
    [/^GET \/marketplaces\b/, marketplacesPermissions.marketplaces.read],
    [/^GET \/pricing\/(rules|agent)\b/, pricingPermissions.pricing_rules.read],
    [/^GET \/pricing\/proposals\b/, pricingPermissions.price_proposals.read],
  ];
  it.each(fromContract)('%s reads with %s, from the domain contract', (pattern, permission) => {
    const hits = routes.filter((d) => pattern.test(key(d)));
    expect(hits.length).toBeGreaterThan(0);
    for (const d of hits) expect(d.access, key(d)).toBe(permission);
  });
});
