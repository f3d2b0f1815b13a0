/** docs/product/architecture.md §2 registry → the route table of docs/product/routes-and-roles.md "Routes", with each route's role requirement. */
import { describe, expect, it } from 'vitest';
import { modules } from '../../resources';
import { accessRule } from '../../contract/access';
import { refineResources, routeTable } from '../../src/lib/registry-derive';
import { withInventory } from './support/inventory-stand-ins';

/** docs/product/routes-and-roles.md (the `{id}` routes written as react-router params). */
const ROUTES: Record<string, readonly string[] | undefined> = {
  '/dashboard': undefined,
  '/orchestrator': undefined,
  '/products': undefined,
  '/orders': undefined,
  '/suppliers': undefined,
  '/suppliers/:id': undefined,
  '/suppliers/:id/performance': undefined,
  '/fulfillment': undefined,
  '/returns': undefined,
  '/catalog': undefined,
  '/listings': undefined,
  '/listings/create': undefined,
  '/pricing': undefined,
  '/pricing/propose': undefined,
  '/pricing/agent': undefined,
  '/integrations': ['admin'],
  '/orchestrator/marketplaces/link': undefined,
  '/agents': ['agent', 'admin'],
  '/payments': undefined,
  '/capital': undefined,
  '/health': undefined,
  '/ops': ['agent', 'admin'],
  '/ops/dlq': ['agent', 'admin'],
  '/streams': ['agent', 'admin'],
  '/work': undefined,
  '/governance': ['admin'],
  '/flags': ['agent', 'admin'],
  '/analytics': undefined,
  '/settings': ['admin'],
};

const table = routeTable(withInventory(modules));

describe('route table (docs/product/routes-and-roles.md)', () => {
  for (const [path, roles] of Object.entries(ROUTES)) {
    if (path.startsWith('/suppliers/') && !modules.some((m) => m.name === 'suppliers')) continue;
    it(`${path} exists for ${roles ? roles.join(' or ') : 'every signed-in user'}`, () => {
      const row = table.find((r) => r.path === path);
      expect(row).toBeDefined();
      const required = row ? accessRule(row.access).roles : undefined;
      expect(required?.length ? [...required] : undefined).toEqual(roles ? [...roles] : undefined);
    });
  }

  it('defines no route for the dashboard-linked agent pages (they are 404)', () => {
    expect(table.some((r) => r.path === '/agents/demand' || r.path === '/agents/competitor')).toBe(false);
  });

  it('has each path once, and one Refine resource per module', () => {
    const paths = table.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const names = refineResources(modules).map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
