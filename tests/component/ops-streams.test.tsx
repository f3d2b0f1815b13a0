// @vitest-environment jsdom
/**
 * /streams (the `/streams` row of docs/product/routes-and-roles.md "Routes"): the tab
 * comes from ?tab= (events by default), the filters reach the API, and switching tabs rewrites the URL.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));
const hub = vi.hoisted(() => ({ current: null as null | ReturnType<typeof import('./ops-harness').fakeHub> }));
vi.mock('../../providers/live', async () => {
  hub.current = (await import('./ops-harness')).fakeHub();
  const current = hub.current;
  // the hub the composition root would hand down (`useLiveHub`)
  return { useLiveHub: () => current };
});

import StreamsPage from '../../resources/streams/streams-page';
import { parseStreamsUrl, switchTab } from '../../resources/streams/streams-url';
import { consumerSees, patternMatches } from '../../resources/streams/subject-match';
import { fakeApi, listOf } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

const CONSUMERS = [
  { name: 'webhooks', filter_subjects: ['>'], max_deliver: 5, ack_floor: 120, delivered: 130, acked: 120, dead_lettered: 2, lag: 10, redelivering: 3 },
  { name: 'order-router', filter_subjects: ['orders.created'], max_deliver: 5, ack_floor: 118, delivered: 118, acked: 118, dead_lettered: 0, lag: 0, redelivering: 0 },
  { name: 'repricer', filter_subjects: ['pricing.*'], max_deliver: 8, ack_floor: 90, delivered: 90, acked: 90, dead_lettered: 0, lag: 1500, redelivering: 0 },
];

const EVENTS = [
  { id: 42, subject: 'orders.status_changed', stream: 'ORDERS', data: { id: 'o-1', to: 'routed' }, timestamp: new Date().toISOString(), correlation_id: 'c-1', causation_id: null },
  { id: 41, subject: 'alerts.raised', stream: 'ALERTS', data: { severity: 'critical', message: 'Supplier down' }, timestamp: new Date().toISOString(), correlation_id: null, causation_id: null },
  { id: 40, subject: 'alerts.raised', stream: 'ALERTS', data: { severity: 'low', message: 'Slow page' }, timestamp: new Date().toISOString(), correlation_id: null, causation_id: null },
];

function streamsApi() {
  return fakeApi([
    (c) => (c.path === '/streams/events' ? { body: listOf(c.query.get('stream') === 'ALERTS' ? EVENTS.filter((e) => e.stream === 'ALERTS') : EVENTS, 3) } : undefined),
    (c) => (c.path === '/streams/consumers' ? { body: listOf(CONSUMERS) } : undefined),
    // pending dead letters per consumer: only the webhooks consumer has some
    (c) => (c.path === '/dlq' && c.query.get('limit') === '1' ? { body: listOf([], c.query.get('consumer') === 'webhooks' ? 2 : 0) } : undefined),
    (c) => (c.path === '/dlq' ? { body: listOf([]) } : undefined),
  ]);
}

const location = () => screen.getByTestId('location').textContent;
const activeTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;

// Refine, antd and react-query in jsdom are slow on a busy machine
vi.setConfig({ testTimeout: 120_000 });

pageTestHooks('agent');

describe('/streams query parameters', () => {
  it('reads tab, filter and subject, falling back to the events tab for unknown values', () => {
    expect(parseStreamsUrl(new URLSearchParams(''))).toEqual({ tab: 'events', filter: undefined, subject: undefined });
    expect(parseStreamsUrl(new URLSearchParams('tab=dlq&filter=critical&subject=orders.created'))).toEqual({ tab: 'dlq', filter: 'critical', subject: 'orders.created' });
    expect(parseStreamsUrl(new URLSearchParams('tab=nope&filter=weird'))).toEqual({ tab: 'events', filter: undefined, subject: undefined });
    expect(switchTab(new URLSearchParams('tab=dlq&subject=orders.*&filter=policy&page=3&status=all'), 'consumers').toString()).toBe('tab=consumers&filter=policy&subject=orders.*');
  });

  it('matches subjects the NATS way', () => {
    expect(patternMatches('orders.*', 'orders.created')).toBe(true);
    expect(patternMatches('orders.*', 'orders.created.v2')).toBe(false);
    expect(patternMatches('orders.>', 'orders.created.v2')).toBe(true);
    expect(patternMatches('>', 'anything.at.all')).toBe(true);
    expect(consumerSees(['orders.created'], 'orders')).toBe(true);
    expect(consumerSees(['pricing.*'], 'orders.created')).toBe(false);
    expect(consumerSees(['>'], 'pricing.>')).toBe(true);
    expect(consumerSees(['orders.*'], 'orders.created.v2')).toBe(false);
  });
});

describe('/streams page', () => {
  it('opens on the Events tab by default and tails live events on page 1', async () => {
    const api = streamsApi();
    renderConsole({ path: '/streams', route: '/streams', page: <StreamsPage /> });
    expect(await screen.findByLabelText('Inspect event 42 orders.status_changed')).toBeInTheDocument();
    expect(activeTab()).toBe('Events');
    expect(api.of('GET', '/streams/events')[0].query.get('offset')).toBe('0');
    expect(screen.getByTestId('live-badge')).toHaveTextContent('Offline');
    act(() => hub.current!.setState('connected'));
    expect(screen.getByTestId('live-badge')).toHaveTextContent('Live');
    act(() => hub.current!.setState('connecting'));
    expect(screen.getByTestId('live-badge')).toHaveTextContent('Connecting...');
    const before = api.of('GET', '/streams/events').length;
    act(() => hub.current!.emit('*', 'orders.created', { id: 'o-2' }));
    await waitFor(() => expect(api.of('GET', '/streams/events').length).toBeGreaterThan(before), { timeout: 3_000 });
  });

  it('inspects a message in the JSON viewer', async () => {
    const user = userEvent.setup({ delay: null });
    streamsApi();
    renderConsole({ path: '/streams', route: '/streams', page: <StreamsPage /> });
    await user.click(await screen.findByLabelText('Inspect event 42 orders.status_changed'));
    const viewer = await screen.findByRole('group', { name: 'Payload', hidden: true });
    expect(viewer).toHaveTextContent('"routed"');
    expect(screen.getByText('c-1')).toBeInTheDocument();
  });

  it('sends the subject pre-filter to the events API', async () => {
    const api = streamsApi();
    renderConsole({ path: '/streams?subject=orders.*', route: '/streams', page: <StreamsPage /> });
    await screen.findByLabelText('Inspect event 42 orders.status_changed');
    expect(api.of('GET', '/streams/events')[0].query.get('subject')).toBe('orders.*');
    expect(screen.getByText('Subject: orders.*')).toBeInTheDocument();
  });

  it('filter=critical shows only critical alert events', async () => {
    const api = streamsApi();
    renderConsole({ path: '/streams?filter=critical', route: '/streams', page: <StreamsPage /> });
    expect(await screen.findByLabelText('Inspect event 41 alerts.raised')).toBeInTheDocument();
    expect(screen.queryByLabelText('Inspect event 40 alerts.raised')).not.toBeInTheDocument();
    expect(api.of('GET', '/streams/events')[0].query.get('stream')).toBe('ALERTS');
    expect(screen.getByText('Critical only')).toBeInTheDocument();
  });

  it('tab=consumers lists consumers with acked seq, pending retries, lag, max deliver and DLQ count', async () => {
    streamsApi();
    renderConsole({ path: '/streams?tab=consumers', route: '/streams', page: <StreamsPage /> });
    expect(await screen.findByText('order-router')).toBeInTheDocument();
    expect(activeTab()).toBe('Consumers');
    const row = screen.getByText('webhooks').closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['webhooks', '>', '120', '3', '10', '5', '2']);
    expect(screen.getByLabelText('2 dead letters of webhooks').closest('a')).toHaveAttribute('href', '/streams?tab=dlq&consumer=webhooks');
  });

  it('tab=consumers&filter=critical keeps consumers with dead letters or lag above 1000', async () => {
    streamsApi();
    renderConsole({ path: '/streams?tab=consumers&filter=critical', route: '/streams', page: <StreamsPage /> });
    expect(await screen.findByText('repricer')).toBeInTheDocument();
    expect(screen.getByText('webhooks')).toBeInTheDocument();
    expect(screen.queryByText('order-router')).not.toBeInTheDocument();
  });

  it('tab=consumers&filter=policy keeps the consumers that read pricing subjects', async () => {
    streamsApi();
    renderConsole({ path: '/streams?tab=consumers&filter=policy', route: '/streams', page: <StreamsPage /> });
    expect(await screen.findByText('repricer')).toBeInTheDocument();
    expect(screen.getByText('webhooks')).toBeInTheDocument();
    expect(screen.queryByText('order-router')).not.toBeInTheDocument();
  });

  it('tab=dlq reuses the DLQ table with the subject pre-filter', async () => {
    const api = streamsApi();
    renderConsole({ path: '/streams?tab=dlq&subject=orders.created', route: '/streams', page: <StreamsPage /> });
    await screen.findByText('No dead letters match these filters');
    expect(activeTab()).toBe('DLQ');
    const q = api.of('GET', '/dlq').find((c) => c.query.get('limit') !== '1')!.query;
    expect(q.get('subject')).toBe('orders.created');
    // no status: the API's default, pending
    expect(q.get('status')).toBeNull();
  });

  it('tab=dlq&filter=policy asks the DLQ for the policy subjects', async () => {
    const api = streamsApi();
    renderConsole({ path: '/streams?tab=dlq&filter=policy', route: '/streams', page: <StreamsPage /> });
    await screen.findByText('No dead letters match these filters');
    expect(api.of('GET', '/dlq').find((c) => c.query.get('limit') !== '1')!.query.get('subject')).toBe('pricing.>');
  });

  it('a deep link to a filtered, paged events view is read by the table, and a subject search rewrites the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi([(c) => (c.path === '/streams/events' ? { body: listOf(EVENTS, 60) } : undefined)]);
    renderConsole({ path: '/streams?stream=ORDERS&subject=orders.*&page=2', route: '/streams', page: <StreamsPage /> });
    await waitFor(() => expect(api.of('GET', '/streams/events').length).toBeGreaterThan(0));
    const first = api.of('GET', '/streams/events')[0].query;
    expect([first.get('stream'), first.get('subject'), first.get('offset'), first.get('limit')]).toEqual(['ORDERS', 'orders.*', '20', '20']);
    expect(screen.getByText('Subject: orders.*')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Subject'), '{Control>}a{/Control}orders.created{Enter}');
    await waitFor(() => expect(location()).toBe('/streams?stream=ORDERS&subject=orders.created'));
    const last = api.of('GET', '/streams/events').at(-1)!.query;
    expect([last.get('stream'), last.get('subject'), last.get('offset')]).toEqual(['ORDERS', 'orders.created', '0']);
    expect(screen.getByText('Subject: orders.created')).toBeInTheDocument();
  });

  it('a stream the API refuses in a link is dropped from the URL and named, as on every list', async () => {
    const api = fakeApi([
      (c) =>
        c.path === '/streams/events' && c.query.get('stream') === 'NOPE'
          ? { status: 400, body: { message: 'Invalid request query: stream: Invalid option', code: 'validation_failed', details: [{ field: 'stream', message: 'Invalid option', code: 'invalid_value' }] } }
          : undefined,
      (c) => (c.path === '/streams/events' ? { body: listOf(EVENTS, 3) } : undefined),
    ]);
    renderConsole({ path: '/streams?stream=NOPE', route: '/streams', page: <StreamsPage /> });
    expect(await screen.findByText('The link asked for Stream “NOPE”, which is not a valid filter. Showing events without it.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Inspect event 42 orders.status_changed')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/streams'));
    expect(api.of('GET', '/streams/events').at(-1)!.query.has('stream')).toBe(false);
  });

  it('filter=policy reads the policy subjects, kept out of the URL, until a subject is named', async () => {
    const user = userEvent.setup({ delay: null });
    const api = streamsApi();
    renderConsole({ path: '/streams?filter=policy', route: '/streams', page: <StreamsPage /> });
    await screen.findByLabelText('Inspect event 42 orders.status_changed');
    expect(api.of('GET', '/streams/events')[0].query.get('subject')).toBe('pricing.>');
    expect(location()).toBe('/streams?filter=policy');
    await user.type(screen.getByLabelText('Subject'), 'pricing.proposal_created{Enter}');
    await waitFor(() => expect(location()).toBe('/streams?filter=policy&subject=pricing.proposal_created'));
    expect(api.of('GET', '/streams/events').at(-1)!.query.get('subject')).toBe('pricing.proposal_created');
  });

  it('filter=critical scans the newest alert events in one request and writes no page state', async () => {
    const api = streamsApi();
    renderConsole({ path: '/streams?filter=critical', route: '/streams', page: <StreamsPage /> });
    await screen.findByLabelText('Inspect event 41 alerts.raised');
    const q = api.of('GET', '/streams/events')[0].query;
    expect([q.get('stream'), q.get('limit'), q.get('offset')]).toEqual(['ALERTS', '500', '0']);
    expect(screen.getByText('Critical alerts among the newest 2 alert events')).toBeInTheDocument();
    expect(location()).toBe('/streams?filter=critical');
  });

  it('switching tabs writes ?tab= and keeps the page-wide filters; removing a filter drops it', async () => {
    const user = userEvent.setup({ delay: null });
    streamsApi();
    renderConsole({ path: '/streams?subject=orders.created&stream=ORDERS&page=2', route: '/streams', page: <StreamsPage /> });
    await screen.findByText('Subject: orders.created');
    await user.click(screen.getByRole('tab', { name: 'Consumers', hidden: true }));
    expect(location()).toBe('/streams?tab=consumers&subject=orders.created');
    await user.click(screen.getByRole('tab', { name: 'Events', hidden: true }));
    expect(location()).toBe('/streams?subject=orders.created');
    await user.click(screen.getByLabelText('Remove Subject: orders.created'));
    expect(location()).toBe('/streams');
  });
});
