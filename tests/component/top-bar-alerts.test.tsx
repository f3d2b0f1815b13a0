// @vitest-environment jsdom
/**
 * The top bar's open alerts (docs/alerts.md "Top bar"): a bell linking to /work named "Open alerts: N"
 * from GET /api/alerts/summary, without a number while it loads or when the count cannot be read,
 * refreshed by an alert or dead-letter event, and absent while signed out (the top bar without
 * `openAlerts`). Fetch stubbed behind the real API client and data provider.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { createLiveProvider } from '../../providers/live/live-provider';
import type { LiveHub } from '../../providers/live/hub';
import { resourceChannel } from '../../contract/events';
import { OpenAlertsBell } from '../../src/shell/open-alerts-bell';
import { TopBar } from '../../src/shell/top-bar';
import { HealthProvider } from '../../src/shell/health/health-context';
import { fakeHub } from './ops-harness';
import { fakeApi } from './support/fake-api';
import { renderConsole, type ConsoleOptions } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks();

const summary = (open: number) => ({ body: { data: { open, new: open, critical: 0, mine: 0, dlq_pending: 0 } } });
const api = (answer: () => { status?: number; body?: unknown }) => fakeApi([(c) => (c.method === 'GET' && c.path === '/alerts/summary' ? answer() : undefined)]);
const render = (page: ReactElement, live?: ConsoleOptions['liveProvider']) => renderConsole({ role: 'user', path: '/', route: '/', page, liveProvider: live });
const quiet = (async () => new Response(null, { status: 200 })) as unknown as typeof fetch;
const bar = (openAlerts?: boolean) => (
  <HealthProvider endpoint="http://api.test/health" fetch={quiet} now={() => 0}>
    <TopBar tenantName="Demo" email="a@demo.local" role="user" onOpenDiagnostics={() => {}} onSignOut={() => {}} signingOut={false} openAlerts={openAlerts} />
  </HealthProvider>
);

describe('the top bar\'s open alerts', () => {
  it('shows the open count on a bell linking to the queue, reachable by keyboard', async () => {
    const calls = api(() => summary(12));
    render(bar(true));
    const link = await screen.findByRole('link', { name: 'Open alerts: 12' });
    expect(link).toHaveAttribute('href', '/work');
    expect(link.querySelector('.count-pill')).toHaveAttribute('title', '12');
    expect(calls.of('GET', '/alerts/summary')).toHaveLength(1);
    link.focus();
    expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/work');
  });

  it('shows no number while loading, none for an empty queue, and none when the count cannot be read', async () => {
    api(() => summary(0));
    const { unmount } = render(<OpenAlertsBell />);
    expect(screen.getByRole('link', { name: 'Open alerts' })).toHaveAttribute('href', '/work');
    const zero = await screen.findByRole('link', { name: 'Open alerts: 0' });
    expect(zero.querySelector('.count-pill')).toBeNull();
    unmount();
    api(() => ({ status: 500, body: { message: 'boom', code: 'internal' } }));
    render(<OpenAlertsBell />);
    expect(screen.getByRole('link', { name: 'Open alerts' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByRole('link', { name: 'Open alerts' })).toBeInTheDocument();
  });

  it('an alert or a dead-letter event refreshes the count', async () => {
    let open = 1;
    const calls = api(() => summary(open));
    const hub = fakeHub();
    render(<OpenAlertsBell />, createLiveProvider(hub as unknown as LiveHub));
    await screen.findByRole('link', { name: 'Open alerts: 1' });
    open = 2;
    hub.emit(resourceChannel('alerts'), 'alerts.map_violation', { id: 'a' });
    expect(await screen.findByRole('link', { name: 'Open alerts: 2' }, { timeout: 5000 })).toBeInTheDocument();
    open = 3;
    hub.emit(resourceChannel('dlq'), 'dlq.dead_lettered', { id: 1 });
    expect(await screen.findByRole('link', { name: 'Open alerts: 3' }, { timeout: 5000 })).toBeInTheDocument();
    // one refetch per event (a burst costs one), never a poll
    expect(calls.of('GET', '/alerts/summary').length).toBeGreaterThanOrEqual(3);
    expect(calls.of('GET', '/alerts/summary').length).toBeLessThanOrEqual(4);
  });

  it('is absent while signed out (the top bar without openAlerts), and asks nothing', async () => {
    const calls = api(() => summary(5));
    render(bar());
    expect(await screen.findByRole('button', { name: 'Diagnostics' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Open alerts/ })).toBeNull();
    expect(calls.of('GET', '/alerts/summary')).toHaveLength(0);
  });
});
