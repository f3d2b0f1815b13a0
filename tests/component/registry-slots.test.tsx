// @vitest-environment jsdom
/**
 * The registry's slots (docs/shell.md "Slots"): /dashboard renders the `dashboardCards`, /settings the
 * `settingsSections` and /agents the `agents` of the module list handed down (`useRegistry`), each
 * entry only for the roles its `access` / `needs` admit — the one access decision. A test-only
 * registry ("slot-test" modules below) shows the filtering by role; the console's own registry is
 * checked for what each role is offered and for unique ids.
 */
import { lazy } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '../../contract/roles';
import type { PageModule } from '../../src/lib/registry';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));
const auth = vi.hoisted(() => ({ email: 'someone@demo.local', profile: { role: 'user' as Role } }));
vi.mock('../../providers/auth/auth-context', () => ({ useAuth: () => auth }));

const { modules: consoleModules } = await import('../../resources');
const { suppliersPermissions } = await import('../../contract/modules/suppliers');
const { accessControlFor } = await import('../../providers/access-control');
const { slotEntries } = await import('../../src/lib/registry-derive');
const { canCheckFor } = await import('../../src/shell/use-access');
const { setProfile } = await import('../../providers/auth/profile-store');
const { default: DashboardPage } = await import('../../src/pages/dashboard-page');
const { LoadError } = await import('../../resources/shared/list-error');
const { default: SettingsPage } = await import('../../resources/settings/settings-page');
const { default: AgentsPage } = await import('../../resources/agents/agents-page');
const { fakeApi, listOf } = await import('./support/fake-api');
const { installDomShims } = await import('./support/dom-shims');
const { renderConsole } = await import('./support/render-console');

configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  installDomShims();
});

const text = (t: string) => lazy(async () => ({ default: () => <p>{t}</p> }));

/**
 * Two test domains: one reads suppliers (every role reads, users and admins write, contract/permissions.ts),
 * one is the platform's. Entries for everyone, for a rule (`ops`: agents and admins; `settings`: admins),
 * and for a permission of the matrix (writing suppliers: users and admins, not agents).
 */
const SLOT_TEST: PageModule[] = [
  {
    name: 'slot-test-suppliers',
    permissions: suppliersPermissions,
    dashboardCards: [
      { id: 'writers', title: 'Writers card', order: 3, needs: { resource: 'suppliers', action: 'create' }, element: text('body of the writers card') },
      { id: 'everyone', title: 'Everyone card', order: 1, element: text('body of the everyone card') },
    ],
    settingsSections: [
      { id: 'supplier-defaults', title: 'Supplier defaults', order: 2, needs: { resource: 'suppliers', action: 'update' }, element: text('supplier defaults form') },
    ],
  },
  {
    name: 'slot-test-platform',
    dashboardCards: [{ id: 'ops', title: 'Ops card', order: 2, access: 'ops', element: text('body of the ops card') }],
    settingsSections: [
      { id: 'store', title: 'Store', order: 1, description: 'The store for everyone.', to: '/somewhere' },
      { id: 'admin-only', title: 'Admin only', order: 3, access: 'settings', element: text('admin only form') },
      { id: 'flags', title: 'Flags section', order: 4, access: 'flags', element: text('flags form') },
    ],
  },
];

function open(role: Role, page: React.ReactNode, path: string, modules: readonly PageModule[] = SLOT_TEST) {
  auth.profile = { role };
  setProfile({ id: 'u1', email: auth.email, tenantId: 't1', role });
  return renderConsole({ path, route: path, role, modules, page });
}

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('/dashboard renders the cards a role may see, in their order', () => {
  it.each([
    ['user', ['Everyone card', 'Writers card']],
    ['agent', ['Everyone card', 'Ops card']],
    ['admin', ['Everyone card', 'Ops card', 'Writers card']],
  ] as const)('as %s: %j', async (role, titles) => {
    open(role, <DashboardPage />, '/dashboard');
    // each card loads on demand, then renders its body
    expect(await screen.findByText('body of the everyone card')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('[data-card]')).toHaveLength(titles.length));
    const shown = [...document.querySelectorAll('[data-card]')].map((c) => SLOT_TEST.flatMap((m) => m.dashboardCards ?? []).find((d) => d.id === c.getAttribute('data-card'))!.title);
    expect(shown).toEqual(titles);
    const seen = (title: string) => (titles as readonly string[]).includes(title);
    if (seen('Ops card')) expect(await screen.findByText('body of the ops card')).toBeInTheDocument();
    else expect(screen.queryByText('body of the ops card')).toBeNull();
    if (seen('Writers card')) expect(await screen.findByText('body of the writers card')).toBeInTheDocument();
    else expect(screen.queryByText('body of the writers card')).toBeNull();
  });

  it("a card's span is its class (the grid's columns)", async () => {
    open('admin', <DashboardPage />, '/dashboard', [{ name: 'wide', dashboardCards: [{ id: 'w', title: 'Wide', order: 1, span: 3, element: text('wide body') }] }]);
    await screen.findByText('wide body');
    expect(document.querySelector('[data-card="w"]')).toHaveClass('span-3');
  });
});

describe('/dashboard banners and "Failed to Load Dashboard Data"', () => {
  const failing = (what: string, message: string) =>
    lazy(async () => ({ default: () => <LoadError what={what} error={Object.assign(new Error(message), { status: 503 })} onRetry={() => undefined} /> }));
  const nothing = lazy(async () => ({ default: () => null }));

  it('a banner comes before the cards, across the page, and takes no room while it renders nothing', async () => {
    open('admin', <DashboardPage />, '/dashboard', [
      { name: 'b', dashboardCards: [
        { id: 'card', title: 'A card', order: 1, element: text('card body') },
        { id: 'quiet', title: 'Quiet banner', order: 5, banner: true, element: nothing },
        { id: 'loud', title: 'Loud banner', order: 9, banner: true, element: text('banner body') },
      ] },
    ]);
    await screen.findByText('banner body');
    await screen.findByText('card body');
    const loud = document.querySelector('[data-card="loud"]')!;
    expect(loud).toHaveClass('dashboard-banner');
    expect(loud.compareDocumentPosition(document.querySelector('.dashboard-grid')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.querySelector('[data-card="quiet"]')).toBeEmptyDOMElement();
    // no placeholder panel for a banner while it loads
    expect(screen.queryByRole('heading', { name: 'Quiet banner' })).toBeNull();
  });

  it('names each failing source with the technical details, above the cards; nothing when all load', async () => {
    open('admin', <DashboardPage />, '/dashboard', [
      { name: 'f', dashboardCards: [
        { id: 'caps', title: 'Capital card', order: 1, source: 'capital', element: failing('the capital figures', 'Service unavailable') },
        { id: 'al', title: 'Alerts card', order: 2, source: 'alerts', element: failing('the open alerts', 'Gateway down') },
        { id: 'ok', title: 'Fine card', order: 3, source: 'orders', element: text('fine body') },
      ] },
    ]);
    const notice = (await screen.findByText('Failed to Load Dashboard Data')).closest('[role=alert]') as HTMLElement;
    expect(notice).toHaveTextContent('(capital, alerts)');
    expect(within(notice).getByText('Service unavailable', { exact: false })).toBeInTheDocument();
    expect(notice).toHaveTextContent('the capital figures: HTTP 503 · Service unavailable');
    expect(notice).toHaveTextContent('the open alerts: HTTP 503 · Gateway down');
    expect(notice).not.toHaveTextContent('orders');
    cleanup();
    open('admin', <DashboardPage />, '/dashboard', [{ name: 'g', dashboardCards: [{ id: 'ok', title: 'Fine card', order: 1, source: 'orders', element: text('fine body') }] }]);
    await screen.findByText('fine body');
    expect(screen.queryByText('Failed to Load Dashboard Data')).toBeNull();
  });
});

describe('/settings renders the sections a role may see, in their order', () => {
  it.each([
    ['user', ['Store', 'Supplier defaults']],
    ['agent', ['Store', 'Flags section']],
    ['admin', ['Store', 'Supplier defaults', 'Admin only', 'Flags section']],
  ] as const)('as %s: %j', async (role, titles) => {
    open(role, <SettingsPage />, '/settings');
    await screen.findByRole('heading', { name: 'Store' });
    expect(headings()).toEqual(titles);
    if (role === 'admin') expect(await screen.findByText('admin only form')).toBeInTheDocument();
    else expect(screen.queryByText('admin only form')).toBeNull();
  });

  it("a section's heading links to its page; its description and content are shown", async () => {
    open('admin', <SettingsPage />, '/settings');
    expect(await screen.findByRole('link', { name: 'Store' })).toHaveAttribute('href', '/somewhere');
    expect(screen.getByText('The store for everyone.')).toBeInTheDocument();
    expect(await screen.findByText('supplier defaults form')).toBeInTheDocument();
  });

  it('with no section for the role, says so', async () => {
    open('user', <SettingsPage />, '/settings', [{ name: 'none', settingsSections: [{ id: 'a', title: 'Admin only', order: 1, access: 'settings' }] }]);
    expect(await screen.findByText('No settings you may change here yet.')).toBeInTheDocument();
  });
});

describe("the console's registry", () => {
  const access = accessControlFor(consoleModules);
  const ids = (slot: 'dashboardCards' | 'settingsSections' | 'agents', role: Role) => slotEntries(consoleModules, slot, canCheckFor(access, role)).map((e) => `${e.module}.${e.id}`);

  it.each(['dashboardCards', 'settingsSections', 'agents'] as const)('%s: ids are unique', (slot) => {
    const all = slotEntries(consoleModules, slot).map((e) => e.id);
    expect(new Set(all).size).toBe(all.length);
  });

  it('the dashboard cards: each domain its own, the same for every role (every role reads orders, listings, analytics and capital) but Recent Actions, for the readers of the audit log only', () => {
    const expected = ['dashboard.dlq-alert', 'dashboard.net-revenue', 'capital.advances-outstanding', 'dashboard.fees', 'work.open-alerts', 'dashboard.quick-actions', 'dashboard.api-health', 'fulfillment.pipeline-backlog', 'governance.recent-actions', 'work.needs-attention', 'listings.top-offenders', 'dashboard.recent-events', 'agents.intelligent-agents', 'fulfillment.fulfillment'];
    for (const role of ['agent', 'admin'] as const) expect(ids('dashboardCards', role)).toEqual(expected);
    // sellers may not read the audit log (governance:view, docs/dashboard.md "Recent actions")
    expect(ids('dashboardCards', 'user')).toEqual(expected.filter((id) => id !== 'governance.recent-actions'));
  });

  it('the settings sections (the page is for admins): the store profile, notification preferences, the automation, the repricing defaults, the MAP policy, the marketplace fee overrides, webhooks, the agents, feature flags', () => {
    expect(ids('settingsSections', 'admin')).toEqual(['settings.store', 'work.notifications', 'fulfillment.dropshipping-automation', 'pricing.repricing-defaults', 'listings.map-policy', 'integrations.fee-overrides', 'webhooks.webhooks', 'agents.agents', 'flags.flags']);
  });

  it('the agents, in their order, with the heartbeat names the server reports', () => {
    expect(ids('agents', 'agent')).toEqual([
      'agents.demand-forecasting',
      'agents.competitor-monitor',
      'agents.pricing-intelligence',
      'pricing.repricer',
      'pricing.pricing-agent',
      'integrations.marketplace-connector',
      'fulfillment.dropship-router',
      'fulfillment.dropship-labels',
      'fulfillment.dropship-tracking',
      'webhooks.webhook-dispatcher',
    ]);
  });
});

describe('/agents renders the declared agents with what the server reports', () => {
  const summary = {
    agent_health: {
      repricer: { status: 'healthy', last_heartbeat: new Date().toISOString(), kind: 'consumer' },
      'marketplace-connector': { status: 'degraded', last_heartbeat: new Date().toISOString(), kind: 'consumer' },
      'outbox-relay': { status: 'healthy', last_heartbeat: new Date().toISOString(), kind: 'event-runtime' },
    },
  };
  const consumer = (name: string, delivered: number, lag: number, dead: number) => ({ name, filter_subjects: ['>'], max_deliver: 5, backoff_ms: [], ack_floor: 0, delivered, acked: delivered - lag, dead_lettered: dead, lag, redelivering: 0, engine: 'embedded' });
  const api = () =>
    fakeApi([
      (c) => (c.method === 'GET' && c.path === '/ops/summary' ? { body: { data: summary } } : undefined),
      (c) => (c.method === 'GET' && c.path === '/streams/consumers' ? { body: listOf([consumer('repricer', 120, 2, 1), consumer('listing-push', 40, 0, 0)]) } : undefined),
      (c) => (c.method === 'POST' && c.path === '/fulfillment/sandbox/tick' ? { body: { data: { ticks: 1 } } } : undefined),
    ]);
  const card = (id: string) => document.querySelector(`[data-agent="${id}"]`) as HTMLElement;

  it('each agent: its health as reported (or that none came), its schedule and its consumers; undeclared workers apart', async () => {
    api();
    open('agent', <AgentsPage />, '/agents', consoleModules);
    await waitFor(() => expect(within(card('repricer')).getByText('Healthy')).toBeInTheDocument());
    expect(within(card('repricer')).getByText(/2 waiting · 1 dead-lettered/)).toBeInTheDocument();
    expect(within(card('repricer')).getByText(/When it runs:/)).toBeInTheDocument();
    expect(within(card('marketplace-connector')).getByText('Degraded')).toBeInTheDocument();
    // a consumer the server does not run is said so, not invented
    expect(within(card('marketplace-connector')).getAllByText('not running on this server')).toHaveLength(2);
    expect(within(card('webhook-dispatcher')).getByText('No heartbeat yet')).toBeInTheDocument();
    const platform = screen.getByRole('list', { name: 'Platform workers' });
    expect(within(platform).getByText('outbox-relay')).toBeInTheDocument();
    expect(within(platform).queryByText('repricer')).toBeNull();
  });

  it('a run-now command asks first, then calls its route', async () => {
    const calls = api();
    open('admin', <AgentsPage />, '/agents', consoleModules);
    fireEvent.click(await within(card('dropship-tracking')).findByRole('button', { name: 'Advance sandbox one day' }));
    const question = await screen.findByText('Move the sandbox suppliers and carriers one day forward?');
    expect(calls.of('POST', '/fulfillment/sandbox/tick')).toHaveLength(0);
    fireEvent.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Advance sandbox one day' }));
    await waitFor(() => expect(calls.of('POST', '/fulfillment/sandbox/tick')).toHaveLength(1));
  });

  it('the health read failing says so on every agent instead of a status', async () => {
    fakeApi([(c) => (c.path === '/streams/consumers' ? { body: listOf([]) } : { status: 500, body: { message: 'down', code: 'internal' } })]);
    open('agent', <AgentsPage />, '/agents', consoleModules);
    await waitFor(() => expect(within(card('repricer')).getByText('Health unavailable')).toBeInTheDocument());
  });
});
