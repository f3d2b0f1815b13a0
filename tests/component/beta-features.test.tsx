// @vitest-environment jsdom
/**
 * What is marked beta (docs/settings.md "Beta features"): a module, a slot entry (a settings section
 * here) or a part of a page (`<BetaPart>`) is left out while the store's `enableBetaFeatures` is off
 * and shown with a "Beta" tag while it is on — through the same gate as a module's `flag`
 * (src/shell/flag-gate.tsx). A beta module's page says beta features are off. The console's first
 * beta feature: /orchestrator's "Connect an MCP client", which gives the store's /mcp address.
 */
import { lazy } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ExperimentOutlined, ToolOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));
const auth = vi.hoisted(() => ({ email: 'admin@demo.local', profile: { role: 'admin' as const } }));
vi.mock('../../providers/auth/auth-context', () => ({ useAuth: () => auth }));

const { FlagsProvider } = await import('../../providers/flags');
const { flaggedModules, FlagGate } = await import('../../src/shell/flag-gate');
const { BetaPart } = await import('../../src/shell/beta');
const { SideNav } = await import('../../src/shell/side-nav');
const { RegistryProvider } = await import('../../src/lib/registry-context');
const { setProfile } = await import('../../providers/auth/profile-store');
const { default: SettingsPage } = await import('../../resources/settings/settings-page');
const { McpConnect } = await import('../../resources/orchestrator/mcp-connect');
const { renderConsole } = await import('./support/render-console');
const { installDomShims } = await import('./support/dom-shims');

vi.setConfig({ testTimeout: 30_000 });
beforeAll(installDomShims);
afterEach(cleanup);

const text = (t: string) => lazy(async () => ({ default: () => <p>{t}</p> }));

const MODULES: PageModule[] = [
  {
    name: 'steady',
    routes: [{ path: '/steady', element: text('steady page') }],
    menu: { section: 'Overview', label: 'Steady', tooltip: 'A feature', icon: ToolOutlined, order: 1 },
    settingsSections: [
      { id: 'plain', title: 'Plain section', order: 1, element: text('plain form') },
      { id: 'trial', title: 'Trial section', order: 2, beta: true, element: text('trial form') },
    ],
  },
  {
    name: 'fresh',
    beta: true,
    routes: [{ path: '/fresh', element: text('fresh page') }],
    menu: { section: 'Overview', label: 'Fresh', tooltip: 'A beta feature', icon: ExperimentOutlined, order: 2 },
  },
];

const flagsWith = (beta: boolean) => async () => ({ enableBetaFeatures: beta });

describe('flaggedModules: the one gate for flags and beta', () => {
  it('leaves out beta modules and beta slot entries while beta features are off, and nothing while they are on', () => {
    const off = flaggedModules(MODULES, { enableBetaFeatures: false });
    expect(off.map((m) => m.name)).toEqual(['steady']);
    expect(off[0].settingsSections!.map((s) => s.id)).toEqual(['plain']);
    // the declarations themselves are untouched
    expect(MODULES[0].settingsSections).toHaveLength(2);
    // on: the very same list (nothing re-renders for nothing)
    expect(flaggedModules(MODULES, { enableBetaFeatures: true })).toBe(MODULES);
    // a beta module with its own flag needs both
    const both: PageModule[] = [{ name: 'both', flag: 'enableOrchestrator', beta: true }];
    expect(flaggedModules(both, { enableOrchestrator: true, enableBetaFeatures: false })).toEqual([]);
    expect(flaggedModules(both, { enableOrchestrator: false, enableBetaFeatures: true })).toEqual([]);
    expect(flaggedModules(both, { enableOrchestrator: true, enableBetaFeatures: true })).toBe(both);
  });
});

function nav(beta: boolean) {
  return render(
    <MemoryRouter initialEntries={['/steady']}>
      <RegistryProvider modules={MODULES}>
        <FlagsProvider load={flagsWith(beta)}>
          <SideNav role="admin" />
        </FlagsProvider>
      </RegistryProvider>
    </MemoryRouter>,
  );
}

describe('the side navigation', () => {
  it('tags a beta module\'s item "Beta" while beta features are on', async () => {
    nav(true);
    const link = await screen.findByRole('link', { name: /Fresh/ });
    expect(link).toHaveTextContent('FreshBeta');
    expect(screen.getByRole('link', { name: 'Steady' })).not.toHaveTextContent('Beta');
  });

  it('has no item for it while they are off', async () => {
    nav(false);
    expect(await screen.findByRole('link', { name: 'Steady' })).toBeInTheDocument();
    // the provider's answer has arrived (defaults: off too) — still no beta item
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: /Fresh/ })).toBeNull();
  });
});

describe('a beta module\'s page', () => {
  it('says beta features are off and who can turn them on; on, it is the page', async () => {
    const page = (beta: boolean) => (
      <FlagsProvider load={flagsWith(beta)}>
        <FlagGate gate={{ beta: true }}>
          <p>fresh page</p>
        </FlagGate>
      </FlagsProvider>
    );
    const { unmount } = render(page(false));
    expect(await screen.findByText('This is a beta feature, and beta features are turned off for your store')).toBeInTheDocument();
    expect(screen.getByText(/An administrator can turn them on under Feature Flags/)).toBeInTheDocument();
    expect(screen.queryByText('fresh page')).toBeNull();
    unmount();
    render(page(true));
    expect(await screen.findByText('fresh page')).toBeInTheDocument();
  });
});

describe('/settings', () => {
  const open = (beta: boolean) => {
    setProfile({ id: 'u1', email: 'admin@demo.local', tenantId: 't1', role: 'admin' });
    renderConsole({ role: 'admin', path: '/settings', route: '/settings', modules: MODULES, page: <FlagsProvider load={flagsWith(beta)}><SettingsPage /></FlagsProvider> });
  };

  it('shows a beta section with its "Beta" tag while beta features are on', async () => {
    open(true);
    expect(await screen.findByText('trial form')).toBeInTheDocument();
    const trial = screen.getByRole('region', { name: 'Trial section' });
    expect(within(trial).getByRole('heading', { level: 2 })).toHaveTextContent(/^Trial section\s*Beta$/);
    expect(within(screen.getByRole('region', { name: 'Plain section' })).getByRole('heading', { level: 2 })).toHaveTextContent(/^Plain section$/);
  });

  it('leaves it out while they are off', async () => {
    open(false);
    expect(await screen.findByText('plain form')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Trial section')).toBeNull();
    expect(screen.queryByText('trial form')).toBeNull();
  });
});

describe('/orchestrator: Connect an MCP client', () => {
  const part = (beta: boolean) =>
    render(
      <FlagsProvider load={flagsWith(beta)}>
        <p>page</p>
        <BetaPart>
          <McpConnect />
        </BetaPart>
      </FlagsProvider>,
    );

  it('while beta features are on: a button tagged Beta opening the address, the header and the clients\' configuration', async () => {
    part(true);
    const button = await screen.findByRole('button', { name: /Connect an MCP client/ });
    expect(button).toHaveTextContent('Beta');
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    const url = `${window.location.origin}/mcp`;
    expect(within(dialog).getAllByText(url, { exact: false }).length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Authorization: Bearer <access token>')).toBeInTheDocument();
    expect(within(dialog).getByText(/claude mcp add --transport http seller-console/)).toBeInTheDocument();
    expect(within(dialog).getByText(/MCP access is a beta feature of your store/)).toBeInTheDocument();
  });

  it('while they are off: nothing', async () => {
    part(false);
    expect(await screen.findByText('page')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /Connect an MCP client/ })).toBeNull();
  });
});
