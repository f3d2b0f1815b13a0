// @vitest-environment jsdom
/**
 * The dashboard's own live pieces (docs/alerts.md "Dashboard"): the Dead Letter Queue alert (nothing
 * while the queue is empty; the pending count and the consumers' lag; destructive above 50; the link
 * to the queue for an operator only), Recent Events (loading, empty, error, the lines with their
 * links, the Live / Connecting... / Offline badge, a refetch on a live event, "View All" for an
 * operator, the test cookie turning the stream off) and "Failed to Load Dashboard Data" naming each
 * failing source on the real dashboard page. Fetch stubbed behind the real API client and data provider.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { DlqAlertCard } from '../../resources/dashboard/dlq-alert-card';
import { RecentEventsCard, STREAM_OFF_COOKIE } from '../../resources/dashboard/recent-events-card';
import { fakeApi } from './support/fake-api';
import { fakeHub } from './ops-harness';
import type { LiveHub } from '../../providers/live/hub';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';
import type { Role } from '../../contract/roles';
import { STREAMS } from '../../contract/constants';

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks();

const api = (path: string, answer: () => { status?: number; body?: unknown }) => fakeApi([(c) => (c.method === 'GET' && c.path === path ? answer() : undefined)]);
/** The tab's live hub the composition root hands down (`useLiveHub`), one for the file. */
const hub = { current: fakeHub() };
const render = (page: React.ReactElement, role: Role = 'user') => renderConsole({ role, path: '/', route: '/', page, liveHub: hub.current as unknown as LiveHub });

const EVENTS = [
  { id: 12, subject: 'listings.violation_opened', summary: 'MAP violation on SKU-9: $19.99 below $24.99', timestamp: new Date(Date.now() - 120_000).toISOString(), severity: 'warning', metadata: { stream: 'PRICING', link: '/products?sku=SKU-9' } },
  { id: 11, subject: 'fulfillment.routed', summary: 'Order routed to a supplier', timestamp: new Date(Date.now() - 3 * 3600_000).toISOString(), severity: 'info', metadata: { stream: 'FULFILLMENT', link: null } },
];

describe('Dead Letter Queue alert', () => {
  it('says nothing while the queue is empty', async () => {
    const calls = api('/dashboard/dlq', () => ({ body: { data: { pending: 0, consumer_lag: 4 } } }));
    const { container } = render(<DlqAlertCard />);
    await waitFor(() => expect(calls.of('GET', '/dashboard/dlq')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Dead Letter Queue Alert')).not.toBeInTheDocument();
    expect(container.querySelector('[role=alert]')).toBeNull();
  });

  it('shows the waiting messages and the consumer lag; a seller gets no link to the operators’ queue', async () => {
    api('/dashboard/dlq', () => ({ body: { data: { pending: 7, consumer_lag: 1234 } } }));
    render(<DlqAlertCard />, 'user');
    const alert = (await screen.findByText('Dead Letter Queue Alert')).closest('[role=alert]')!;
    expect(alert).toHaveTextContent('7 messages are waiting in the dead-letter queue. Consumer lag: 1,234.');
    expect(alert).toHaveAttribute('data-severity', 'warning');
    expect(within(alert as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('takes the destructive style above 50 and links an operator to /streams?tab=dlq', async () => {
    api('/dashboard/dlq', () => ({ body: { data: { pending: 51, consumer_lag: 0 } } }));
    render(<DlqAlertCard />, 'agent');
    const alert = (await screen.findByText('Dead Letter Queue Alert')).closest('[role=alert]')!;
    expect(alert).toHaveAttribute('data-severity', 'destructive');
    expect(alert).toHaveClass('is-error');
    expect(alert).toHaveTextContent('consumers keep failing');
    expect(await within(alert as HTMLElement).findByRole('link', { name: 'Review the dead letters' })).toHaveAttribute('href', '/streams?tab=dlq');
  });

  it('at exactly 50 it is still a warning', async () => {
    api('/dashboard/dlq', () => ({ body: { data: { pending: 50, consumer_lag: 0 } } }));
    render(<DlqAlertCard />);
    expect((await screen.findByText('Dead Letter Queue Alert')).closest('[role=alert]')).toHaveAttribute('data-severity', 'warning');
  });
});

describe('Recent Events', () => {
  const region = () => screen.getByRole('region', { name: 'Recent Events' });

  it('reads the feed (40 kept), shows each line with its link and age, and the stream badge', async () => {
    hub.current!.setState('disconnected');
    const calls = api('/dashboard/events', () => ({ body: { data: EVENTS } }));
    render(<RecentEventsCard />);
    expect(within(region()).getByText('Reading the newest events...')).toHaveAttribute('aria-busy', 'true');
    const list = await screen.findByRole('list', { name: 'Recent events' });
    expect(within(list).getByRole('link', { name: 'MAP violation on SKU-9: $19.99 below $24.99' })).toHaveAttribute('href', '/products?sku=SKU-9');
    expect(within(list).getByText('Order routed to a supplier')).toBeInTheDocument();
    expect(within(list).getByText('listings.violation_opened · 2m ago')).toBeInTheDocument();
    expect(within(list).getByText('fulfillment.routed · 3h ago')).toBeInTheDocument();
    expect(calls.of('GET', '/dashboard/events')[0].query.get('limit')).toBe('40');
    expect(within(region()).getByTestId('live-badge')).toHaveTextContent('Offline');
    hub.current!.setState('connecting');
    await waitFor(() => expect(within(region()).getByTestId('live-badge')).toHaveTextContent('Connecting...'));
    hub.current!.setState('connected');
    await waitFor(() => expect(within(region()).getByTestId('live-badge')).toHaveTextContent('Live'));
    // while the feed shows, the tab's stream tolerates the dashboard's 60 s of silence
    expect(hub.current!.held).toContain(STREAMS.dashboardHeartbeatTimeoutMs);
    // a seller has no /streams: no View All
    expect(within(region()).queryByRole('link', { name: 'View All' })).toBeNull();
  });

  it('shows at most 20 of the 40 it keeps; an operator gets View All to /streams', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ ...EVENTS[1], id: 100 - i, summary: `Event ${i}` }));
    api('/dashboard/events', () => ({ body: { data: many } }));
    render(<RecentEventsCard />, 'agent');
    const list = await screen.findByRole('list', { name: 'Recent events' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(await within(region()).findByRole('link', { name: 'View All' })).toHaveAttribute('href', '/streams');
  });

  it('an event on the stream reads the feed again', async () => {
    let data = EVENTS.slice(1);
    const calls = api('/dashboard/events', () => ({ body: { data } }));
    render(<RecentEventsCard />);
    await screen.findByText('Order routed to a supplier');
    data = EVENTS;
    hub.current!.emit('events', 'listings.violation_opened', { id: 'v' });
    expect(await screen.findByRole('link', { name: /MAP violation on SKU-9/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.of('GET', '/dashboard/events').length).toBe(2);
  });

  it('says so when there are no events yet', async () => {
    api('/dashboard/events', () => ({ body: { data: [] } }));
    render(<RecentEventsCard />);
    expect(await screen.findByText(/No events yet/)).toBeInTheDocument();
  });

  it("shows the API's error with Retry", async () => {
    api('/dashboard/events', () => ({ status: 500, body: { code: 'internal', message: 'boom' } }));
    render(<RecentEventsCard />);
    const alert = await within(region()).findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent('Could not load the recent events');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('with the test cookie the stream is off: Offline, and events do not refetch', async () => {
    document.cookie = `${STREAM_OFF_COOKIE}=1; path=/`;
    try {
      const calls = api('/dashboard/events', () => ({ body: { data: EVENTS } }));
      render(<RecentEventsCard />);
      await screen.findByText('Order routed to a supplier');
      hub.current!.setState('connected');
      expect(within(region()).getByText('Offline')).toBeInTheDocument();
      expect(screen.getByText('Live updates are off in this test session.')).toBeInTheDocument();
      hub.current!.emit('events', 'orders.created', { id: 'o' });
      await new Promise((r) => setTimeout(r, 1500));
      expect(calls.of('GET', '/dashboard/events')).toHaveLength(1);
    } finally {
      document.cookie = `${STREAM_OFF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  });
});
