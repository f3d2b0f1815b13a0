// @vitest-environment jsdom
/**
 * The dashboard's alert cards (docs/alerts.md): Open Alerts reads GET /api/alerts/summary (open, new,
 * critical, the DLQ depth), Needs Attention reads GET /api/dashboard/needs-attention and lists each
 * item with its link, or "All clear!" / "No incidents or blocked items"; each says it is loading,
 * shows the API's error with Retry, and refreshes on an alert event. Fetch stubbed behind the real
 * API client and data provider.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { createLiveProvider } from '../../providers/live/live-provider';
import type { LiveHub } from '../../providers/live/hub';
import { resourceChannel } from '../../contract/events';
import { NeedsAttentionCard, OpenAlertsCard } from '../../resources/work/alert-cards';
import { fakeHub } from './ops-harness';
import { fakeApi } from './support/fake-api';
import { renderConsole, type ConsoleOptions } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks();

const api = (path: string, answer: () => { status?: number; body?: unknown }) => fakeApi([(c) => (c.method === 'GET' && c.path === path ? answer() : undefined)]);
const render = (page: ReactElement, live?: ConsoleOptions['liveProvider']) => renderConsole({ role: 'user', path: '/', route: '/', page, liveProvider: live });
const region = (name: string) => screen.getByRole('region', { name });

describe('Open Alerts card', () => {
  it('shows the open count linking to the queue, what is new and critical, and the DLQ depth', async () => {
    const calls = api('/alerts/summary', () => ({ body: { data: { open: 12, new: 5, critical: 2, mine: 1, dlq_pending: 7 } } }));
    render(<OpenAlertsCard />);
    expect(within(region('Open Alerts')).getByText('Counting open alerts...')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('link', { name: 'Open alerts: 12' })).toHaveAttribute('href', '/work');
    expect(screen.getByText('5 new · 2 critical · 1 assigned to you')).toBeInTheDocument();
    expect(screen.getByText(/DLQ depth: 7/)).toBeInTheDocument();
    expect(calls.of('GET', '/alerts/summary')).toHaveLength(1);
  });

  it('says there are none when the queue is empty', async () => {
    api('/alerts/summary', () => ({ body: { data: { open: 0, new: 0, critical: 0, mine: 0, dlq_pending: 0 } } }));
    render(<OpenAlertsCard />);
    expect(await screen.findByText('No open alerts')).toBeInTheDocument();
    expect(screen.getByText('DLQ depth: 0')).toBeInTheDocument();
  });

  it('an alert event refreshes it', async () => {
    let open = 1;
    const calls = api('/alerts/summary', () => ({ body: { data: { open, new: open, critical: 0, mine: 0, dlq_pending: 0 } } }));
    const hub = fakeHub();
    render(<OpenAlertsCard />, createLiveProvider(hub as unknown as LiveHub));
    await screen.findByRole('link', { name: 'Open alerts: 1' });
    open = 2;
    hub.emit(resourceChannel('alerts'), 'alerts.map_violation', { id: 'a' });
    expect(await screen.findByRole('link', { name: 'Open alerts: 2' }, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.of('GET', '/alerts/summary')).toHaveLength(2);
  });
});

describe('Needs Attention card', () => {
  const ITEMS = [
    { id: 'dlq-pending', title: '60 messages in the dead-letter queue', context: 'Over 50: consumers keep failing; replay or discard them', severity: 'critical', deepLink: '/streams?tab=dlq', icon: 'inbox', timestamp: new Date().toISOString(), priority: 1 },
    { id: 'lag-x', title: 'listing-push is 2,000 messages behind', context: 'Consumer lag over 1,000', severity: 'warning', deepLink: '/streams?tab=consumers', icon: 'hourglass', timestamp: new Date().toISOString(), priority: 5 },
  ];

  it('lists each item in the order the API answered, each a link to where it is worked', async () => {
    api('/dashboard/needs-attention', () => ({ body: { data: ITEMS } }));
    render(<NeedsAttentionCard />);
    expect(within(region('Needs Attention')).getByText('Looking for what needs attention...')).toHaveAttribute('aria-busy', 'true');
    const list = await screen.findByRole('list', { name: 'Needs attention' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['60 messages in the dead-letter queue', '/streams?tab=dlq'],
      ['listing-push is 2,000 messages behind', '/streams?tab=consumers'],
    ]);
    expect(screen.getByText(/Over 50: consumers keep failing/)).toBeInTheDocument();
  });

  it('reads "All clear!" and "No incidents or blocked items" when nothing needs attention', async () => {
    api('/dashboard/needs-attention', () => ({ body: { data: [] } }));
    render(<NeedsAttentionCard />);
    expect(await screen.findByText('All clear!')).toBeInTheDocument();
    expect(screen.getByText('No incidents or blocked items')).toBeInTheDocument();
  });

  it("shows the API's error with Retry, and Retry loads the items", async () => {
    const user = userEvent.setup({ delay: null });
    let failing = true;
    const calls = api('/dashboard/needs-attention', () => (failing ? { status: 403, body: { code: 'forbidden', message: 'no' } } : { body: { data: ITEMS.slice(0, 1) } }));
    render(<NeedsAttentionCard />);
    const alert = await within(region('Needs Attention')).findByRole('alert');
    expect(alert).toHaveTextContent('what needs attention');
    expect(screen.queryByText('All clear!')).not.toBeInTheDocument();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: '60 messages in the dead-letter queue' })).toBeInTheDocument();
    await waitFor(() => expect(calls.of('GET', '/dashboard/needs-attention').length).toBeGreaterThanOrEqual(2));
  });
});
