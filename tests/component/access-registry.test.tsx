// @vitest-environment jsdom
/**
 * One access decision, read from the registry (docs/product/routes-and-roles.md):
 * - every page path the client serves has the requirement contract/access.ts gives it, and the rule
 *   a page admits agrees with the permission its data needs;
 * - each role × each command button a module declares, and each palette entry and dashboard Quick
 *   Action: offered exactly to the roles that may use it (one table, written from the role lists);
 * - the guard, a real page's buttons and Refine's own buttons answer the same way.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Refine, type BaseRecord, type DataProvider } from '@refinedev/core';
import type { ReactNode } from 'react';
import { accessKeyOfPath, accessRule, ROUTE_ACCESS, type AccessKey } from '../../contract/access';
import { hasPermission, type Permission } from '../../contract/permissions';
import { meetsRole, ROLES, type Role } from '../../contract/roles';

vi.mock('../../providers/app-client', () => ({ apiClient: { url: (p = '') => `/api${p}`, post: vi.fn(), csrf: { get: () => null } } }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: null } }) } } }));
const auth = { profile: null as null | { role: Role } };
vi.mock('../../providers/auth/auth-context', () => ({ useAuth: () => auth }));

const { modules } = await import('../../resources');
const { withInventory } = await import('./support/inventory-stand-ins');
const { canOpen, canParamsOf, commandsOf, refineResources, routeTable } = await import('../../src/lib/registry-derive');
const { accessControlFor, createAccessControlProvider } = await import('../../providers/access-control');
const { RegistryProvider } = await import('../../src/lib/registry-context');
const { paletteCommands } = await import('../../src/shell/command-palette/commands');
const { canCheckFor } = await import('../../src/shell/use-access');
const { CommandGate } = await import('../../src/shell/command-gate');
const { RoleGuard } = await import('../../src/shell/guards');
const { commandGroups } = await import('../../src/shell/command-palette/palette');
const { QUICK_ACTIONS } = await import('../../resources/dashboard/dashboard-cards');
const { default: SupplierList } = await import('../../resources/suppliers/supplier-list');

const registry = withInventory(modules);
const access = accessControlFor(registry);
const { decide, permissionFor } = access;
const palette = paletteCommands(registry);
afterEach(cleanup);
// a whole list page in jsdom is slow on a busy machine
configure({ asyncUtilTimeout: 20_000 });
const table = routeTable(registry);
const ALL: Role[] = ['user', 'agent', 'admin'];
const WRITE_SUPPLIERS: Role[] = ['user', 'admin'];
const OPS: Role[] = ['agent', 'admin'];
const ADMIN: Role[] = ['admin'];
const admittedBy = (check: (r: Role) => boolean) => ROLES.filter(check);

describe('route requirements: client = contract/access.ts for every path', () => {
  it.each(table.map((r) => [r.path, r]))('%s', (path, row) => {
    expect(row.access).toBe(accessKeyOfPath(path));
  });

  it('every path the contract names is served by a page', () => {
    const paths = new Set(table.map((r) => r.path));
    for (const key of Object.keys(ROUTE_ACCESS) as AccessKey[]) {
      for (const p of accessRule(key).paths) expect(paths.has(p), `${key}: ${p}`).toBe(true);
    }
  });

  it("the page's data permission is held by every role its rule admits, and the guard admits exactly those", () => {
    for (const row of table) {
      const rule = accessRule(row.access);
      const data: Permission | null = rule.permission ?? permissionFor(row.module, row.action);
      if (rule.roles.length > 0 && data) {
        // a spec role requirement never admits a role the server would refuse the page's data
        for (const r of ROLES.filter((x) => meetsRole(x, rule.roles))) expect(hasPermission(r, data), `${row.path} ${r} ${data}`).toBe(true);
      }
      const expected = admittedBy((r) => meetsRole(r, rule.roles) && (!data || hasPermission(r, data)));
      expect(admittedBy((r) => decide(r, canParamsOf(row)).can), row.path).toEqual(expected);
    }
  });

  it('forms that write are closed to roles that may not write: an agent may not open the supplier forms', () => {
    const who = (path: string) => admittedBy((r) => decide(r, canParamsOf(table.find((x) => x.path === path)!)).can);
    expect(who('/suppliers/create')).toEqual(WRITE_SUPPLIERS);
    expect(who('/suppliers/:id/edit')).toEqual(WRITE_SUPPLIERS);
    expect(who('/products/create')).toEqual(ALL);
    expect(who('/governance')).toEqual(ADMIN);
    expect(who('/ops/dlq')).toEqual(OPS);
  });

  it("Refine's resources carry the access key, so Refine's own buttons decide with it", () => {
    for (const r of refineResources(registry)) expect(r.meta?.access).toBeDefined();
  });
});

/** Who may use each declared command button — written from the role lists, not from the code. */
const COMMANDS: Record<string, Role[]> = {
  'products.create': ALL,
  'products.edit': ALL,
  'products.import': ALL,
  'products.bulkPrice': ALL,
  'products.bulkStock': ALL,
  'products.bulkDelete': ALL,
  'orders.changeStatus': ALL,
  'orders.editShipTo': ALL,
  'orders.cancel': ALL,
  'orders.route': ALL,
  'orders.hold': ALL,
  'orders.bulk': ALL,
  'orders.import': ALL,
  'suppliers.create': WRITE_SUPPLIERS,
  'suppliers.edit': WRITE_SUPPLIERS,
  'suppliers.delete': WRITE_SUPPLIERS,
  'suppliers.scoreAll': WRITE_SUPPLIERS,
  'dlq.replay': OPS,
  'dlq.discard': OPS,
  'webhooks.manage': ADMIN,
  'integrations.link': ADMIN,
  'integrations.pause': ADMIN,
  'integrations.disconnect': ADMIN,
  'listings.create': ALL,
  'listings.bulk': ALL,
  // agents see /flags read-only; administrators switch flags (docs/decisions.md "Only administrators switch feature flags")
  'flags.toggle': ADMIN,
  // the store's settings (docs/settings.md): administrators
  'settings.saveStore': ADMIN,
  'work.saveNotifications': ADMIN,
  // prices are part of the catalogue: every role holding write:products
  'pricing.createRule': ALL,
  'pricing.editRule': ALL,
  'pricing.deleteRule': ALL,
  'pricing.propose': ALL,
  'pricing.approve': ALL,
  'pricing.reject': ALL,
  'pricing.bulk': ALL,
  // dropshipping acts on orders (write:orders) and the product's supplier ranking (write:products): every role
  'products.reorderSuppliers': ALL,
  'orders.createReturn': ALL,
  'fulfillment.buyLabels': ALL,
  'fulfillment.voidLabel': ALL,
  'fulfillment.releaseHold': ALL,
  // the automation switch and hold rules are store settings
  'fulfillment.saveSettings': ADMIN,
  // the repricing defaults and the MAP policy are store settings (docs/settings.md "Repricing defaults", "MAP policy")
  'pricing.saveRepricingDefaults': ADMIN,
  'listings.saveMapPolicy': ADMIN,
  // a negotiated marketplace fee is a store setting (docs/settings.md "Fee overrides")
  'integrations.saveFees': ADMIN,
  // an agent's run-now button (/agents): moving the sandbox's day is ops:agents, agents and admins
  'fulfillment.advanceSandbox': OPS,
  // the agents on /agents (docs/agents.md "Console"): operators run, pause, resume and set them
  'agents.runDemand': OPS,
  'agents.runCompetitor': OPS,
  'agents.runPricing': OPS,
  'agents.pauseAgent': OPS,
  'agents.resumeAgent': OPS,
  'agents.saveAgentSettings': OPS,
  'returns.create': ALL,
  'returns.approve': ALL,
  'returns.reject': ALL,
  'returns.receive': ALL,
  'returns.refund': ALL,
  'returns.replace': ALL,
  // capital (docs/product/routes-and-roles.md: user and admin request, admin approves; agents read only)
  'capital.request': ['admin', 'user'],
  'capital.approve': ADMIN,
  'capital.reject': ADMIN,
  'capital.payoff': ['admin', 'user'],
  // reconciliation (docs/reconciliation.md: deciding a problem and uploading payouts is capital:request, the seller's and the admin's; agents read only)
  'payments.resolveProblem': ['admin', 'user'],
  'payments.uploadSettlement': ['admin', 'user'],
};

const declared = registry.flatMap((m) => Object.entries(commandsOf(m)).map(([id, c]) => ({ key: `${m.name}.${id}`, command: c })));

function withAccess(role: Role, children: ReactNode, data?: DataProvider) {
  return (
    <MemoryRouter>
      <Refine
        dataProvider={data}
        accessControlProvider={createAccessControlProvider(access, () => role)}
        resources={refineResources(registry)}
        options={{ disableTelemetry: true }}
      >
        {children}
      </Refine>
    </MemoryRouter>
  );
}

describe('each role × each command button', () => {
  it('every declared command is in the table, and the table names no command that is gone', () => {
    expect(declared.map((d) => d.key).sort()).toEqual(Object.keys(COMMANDS).sort());
  });

  const cases = declared.flatMap((d) => ROLES.map((role) => [d.key, role, COMMANDS[d.key]?.includes(role) ?? false, d.command] as const));
  it.each(cases)('%s as %s → %s', async (_key, role, allowed, command) => {
    render(withAccess(role, <CommandGate command={command}><button type="button">{command.label}</button></CommandGate>));
    if (allowed) expect(await screen.findByRole('button', { name: command.label })).toBeInTheDocument();
    else {
      // the decision is asked through Refine: wait for it to settle, then the button must be absent
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByRole('button', { name: command.label })).toBeNull();
    }
  });
});

/** Who may follow each palette entry and Quick Action, by target — from the role lists. */
function expectedFor(to: string): Role[] {
  const path = new URL(to, 'http://x').pathname;
  if (path === '/suppliers/create') return WRITE_SUPPLIERS;
  if (path === '/integrations' || path === '/settings') return ADMIN;
  if (path === '/ops') return OPS;
  return ALL;
}

describe('each role × each palette entry and Quick Action', () => {
  const areas = ['/dashboard', '/products', '/orders', '/suppliers/s1', '/orchestrator', '/pricing/agent'];
  const entries = (role: Role, path: string) =>
    commandGroups(palette, path, [], (to) => canOpen(registry, canCheckFor(access, role), to)).flatMap((g) => g.options.map((o) => `${g.title}: ${o.label} → ${o.to}`));
  const everything = (path: string) => commandGroups(palette, path, []).flatMap((g) => g.options.map((o) => ({ line: `${g.title}: ${o.label} → ${o.to}`, to: o.to })));

  for (const path of areas) {
    it.each(ROLES)(`on ${path}, %s is offered exactly the entries it may open`, (role) => {
      const expected = everything(path).filter((e) => expectedFor(e.to).includes(role)).map((e) => e.line);
      expect(entries(role, path)).toEqual(expected);
    });
  }

  it('the Navigate group per role (seller: no Integrations, no Settings)', () => {
    const nav = (role: Role) => commandGroups(palette, '/dashboard', [], (to) => canOpen(registry, canCheckFor(access, role), to)).find((g) => g.title === 'Navigate')!.options.map((o) => o.label);
    expect(nav('user')).toEqual(['Orders', 'Products', 'Suppliers', 'Analytics']);
    expect(nav('agent')).toEqual(['Orders', 'Products', 'Suppliers', 'Analytics']);
    expect(nav('admin')).toEqual(['Orders', 'Products', 'Suppliers', 'Integrations', 'Analytics', 'Settings']);
  });

  it('an agent is not offered "Create supplier" on the suppliers pages', () => {
    expect(entries('agent', '/suppliers').some((l) => l.includes('Create supplier'))).toBe(false);
    expect(entries('user', '/suppliers').some((l) => l.includes('Create supplier'))).toBe(true);
  });

  it.each(ROLES)('dashboard Quick Actions for %s', (role) => {
    const offered = QUICK_ACTIONS.filter((a) => canOpen(registry, canCheckFor(access, role), a.to)).map((a) => a.label);
    expect(offered).toEqual(QUICK_ACTIONS.filter((a) => expectedFor(a.to).includes(role)).map((a) => a.label));
  });
});

describe('the guard and a real page ask the same can', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }),
    });
    const computed = window.getComputedStyle.bind(window);
    vi.spyOn(window, 'getComputedStyle').mockImplementation((elt) => computed(elt));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    auth.profile = null;
  });

  function guardAt(role: Role, path: string) {
    auth.profile = { role };
    const row = table.find((r) => r.path === path)!;
    return render(
      <MemoryRouter initialEntries={[path.replace(':id', 's1')]}>
        <Refine accessControlProvider={createAccessControlProvider(access, () => role)} resources={refineResources(registry)} options={{ disableTelemetry: true }}>
          <RegistryProvider modules={registry}>
            <Routes>
              <Route path={row.path} element={<RoleGuard route={canParamsOf(row)}><p>the page</p></RoleGuard>} />
            </Routes>
          </RegistryProvider>
        </Refine>
      </MemoryRouter>,
    );
  }

  it('an agent opening /suppliers/create sees Access Denied naming the roles that may', async () => {
    guardAt('agent', '/suppliers/create');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('Agent')).toBeInTheDocument();
    expect(screen.getByText('User or Administrator')).toBeInTheDocument();
    expect(screen.queryByText('the page')).toBeNull();
  });

  it('a seller opening /governance sees "Administrator or higher", their role displayed as User', async () => {
    guardAt('user', '/governance');
    expect(await screen.findByText('Administrator or higher')).toBeInTheDocument();
    expect(screen.getByText('User')).toBeInTheDocument();
  });

  it('a seller opening /ops sees "Agent or higher"; an agent gets the page', async () => {
    guardAt('user', '/ops');
    expect(await screen.findByText('Agent or higher')).toBeInTheDocument();
    cleanup();
    guardAt('agent', '/ops');
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  const suppliers: DataProvider = {
    getApiUrl: () => '/api',
    getList: async <T extends BaseRecord>() => ({ data: [{ id: 's1', name: 'Lamp Works', tier: 1, score: 88, country: 'US', on_time_rate: 0.97, defect_rate: 0.01, lead_time_days: 4 }] as unknown as T[], total: 1 }),
    getOne: async <T extends BaseRecord>() => ({ data: {} as T }),
    create: async <T extends BaseRecord>() => ({ data: {} as T }),
    update: async <T extends BaseRecord>() => ({ data: {} as T }),
    deleteOne: async <T extends BaseRecord>() => ({ data: {} as T }),
  };

  it.each([
    ['user', true],
    ['agent', false],
    ['admin', true],
  ] as const)(
    'the suppliers list as %s: "Score all" and "Create supplier" shown → %s',
    async (role, shown) => {
      render(withAccess(role, <SupplierList />, suppliers));
      expect(await screen.findByText('Lamp Works')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('button', { name: /Score all/ }) !== null).toBe(shown));
      await waitFor(() => expect(screen.queryByRole('button', { name: /Create supplier/ }) !== null).toBe(shown));
    },
    90_000,
  );
});
