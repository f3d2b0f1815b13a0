// @vitest-environment jsdom
/**
 * /flags (docs/settings.md "Feature flags"): each flag with its default, the store's value and who
 * changed it when; administrators switch them (`PUT /flags/{name}`), agents see them read-only; a
 * `flags.updated` event on the live stream reads the list again. Fetch stubbed behind the real API
 * client and data provider.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import FlagsPage from '../../resources/flags/flags-page';
import { FlagsProvider } from '../../providers/flags';
import { setProfile } from '../../providers/auth/profile-store';
import { createLiveProvider } from '../../providers/live/live-provider';
import type { LiveHub } from '../../providers/live/hub';
import { resourceChannel } from '../../contract/events';
import type { Role } from '../../contract/roles';
import { fakeHub } from './ops-harness';
import { fakeApi } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks();

const one = (data: unknown) => ({ body: { data, _meta: { mocked: false, timestamp: '', source: 'api' } } });
const detail = (name: string, d: boolean, stored: boolean | null, by: string | null = null) => ({
  name, default: d, enabled: stored ?? d, stored, updated_at: stored === null ? null : '2026-03-04T10:00:00.000Z', updated_by: by,
});

function api(orchestrator: () => boolean | null) {
  return fakeApi([
    (c) => (c.method === 'GET' && c.path === '/flags' ? { body: { enableOrchestrator: orchestrator() ?? true } } : undefined),
    (c) => (c.method === 'GET' && c.path === '/flags/details'
      ? one([detail('enableOrchestrator', true, orchestrator(), 'admin@demo.local'), detail('enableListingPoster', true, null), detail('enableAdvancedAnalytics', false, null), detail('enableBetaFeatures', false, null)])
      : undefined),
    (c) => (c.method === 'PUT' && c.path.startsWith('/flags/') ? one({ name: c.path.split('/')[2], ...(c.body as object), updated_at: '', updated_by: 'u1' }) : undefined),
  ]);
}

function open(role: Role, hub = fakeHub()) {
  setProfile({ id: 'u1', email: `${role}@demo.local`, tenantId: 't1', role });
  renderConsole({
    role, path: '/flags', route: '/flags', liveProvider: createLiveProvider(hub as unknown as LiveHub),
    page: <FlagsProvider load={async () => ({})}><FlagsPage /></FlagsProvider>,
  });
  return hub;
}

const row = async (name: string) => (await screen.findByText(name)).closest('[data-flag]') as HTMLElement;

describe('/flags', () => {
  it('shows each flag with its default, the store\'s value and who changed it; an admin switches one', async () => {
    let value: boolean | null = false;
    const calls = api(() => value);
    open('admin');
    const orchestrator = await row('enableOrchestrator');
    expect(within(orchestrator).getByText('Default: On')).toBeInTheDocument();
    expect(within(orchestrator).getByText('This store: Off')).toBeInTheDocument();
    expect(within(orchestrator).getByText(/Set off by admin@demo.local on/)).toBeInTheDocument();
    expect(within(await row('enableBetaFeatures')).getByText('Never changed: the default applies')).toBeInTheDocument();

    const toggle = within(orchestrator).getByRole('switch', { name: 'enableOrchestrator' });
    expect(toggle).toBeEnabled();
    value = true;
    await userEvent.click(toggle);
    await waitFor(() => expect(calls.of('PUT', '/flags/enableOrchestrator')).toHaveLength(1));
    expect(calls.of('PUT', '/flags/enableOrchestrator')[0].body).toEqual({ enabled: true });
    await waitFor(() => expect(within(orchestrator).getByText('This store: On')).toBeInTheDocument());
  });

  it('an agent sees the flags read-only', async () => {
    const calls = api(() => null);
    open('agent');
    expect(await screen.findByText('You can see the flags; only an administrator can switch them.')).toBeInTheDocument();
    for (const s of await screen.findAllByRole('switch')) expect(s).toBeDisabled();
    expect(calls.of('PUT', /^\/flags\//)).toHaveLength(0);
  });

  it('a flag switched in another tab reaches this one through the live stream', async () => {
    let value: boolean | null = null;
    const calls = api(() => value);
    const hub = open('agent');
    const orchestrator = await row('enableOrchestrator');
    expect(within(orchestrator).getByText('This store: On')).toBeInTheDocument();
    value = false;
    hub.emit(resourceChannel('flags'), 'flags.updated', { name: 'enableOrchestrator', enabled: false, previous: true });
    await waitFor(() => expect(within(orchestrator).getByText('This store: Off')).toBeInTheDocument(), { timeout: 5000 });
    expect(calls.of('GET', '/flags/details').length).toBeGreaterThanOrEqual(2);
  });
});
