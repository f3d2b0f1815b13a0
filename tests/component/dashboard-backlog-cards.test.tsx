// @vitest-environment jsdom
/**
 * The dashboard's Pipeline Backlog, Recent Actions and Net Revenue change (docs/dashboard.md): each
 * card says it is loading, shows the API's error with Retry, its empty state and its data — the
 * backlog's five stages each with its count, oldest wait and link (zero counts quiet), refreshed by an
 * order event; the recent actions with who, what, when and their links; the month's net revenue with
 * its change against the same days of last month. Fetch stubbed behind the real API client and data
 * provider.
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
import type { PipelineStage, RecentAction } from '../../contract/dashboard';
import { ZERO_FIGURES, type AnalyticsSummary } from '../../contract/analytics';
import { PipelineBacklogCard } from '../../resources/fulfillment/pipeline-backlog-card';
import { RecentActionsCard } from '../../resources/governance/recent-actions-card';
import { NetRevenueCard } from '../../resources/dashboard/month-figures-card';
import { fakeHub } from './ops-harness';
import { fakeApi, listOf } from './support/fake-api';
import { renderConsole, type ConsoleOptions } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks();

const api = (path: string, answer: () => { status?: number; body?: unknown }) => fakeApi([(c) => (c.method === 'GET' && c.path === path ? answer() : undefined)]);
const render = (page: ReactElement, live?: ConsoleOptions['liveProvider']) => renderConsole({ role: 'admin', path: '/', route: '/', page, liveProvider: live });
const region = (name: string) => screen.getByRole('region', { name });
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000 - 60_000).toISOString();

const stage = (key: PipelineStage['key'], count: number, held = 0, oldest: string | null = null): PipelineStage => ({ key, count, held, oldest_at: oldest });
const STAGES = [stage('intake', 4, 1, hoursAgo(3)), stage('routing', 0), stage('supplier', 12, 0, hoursAgo(26)), stage('label', 2, 0, hoursAgo(5)), stage('tracking', 1, 0, hoursAgo(1))];

describe('Pipeline Backlog card', () => {
  it('shows each stage with its count, its oldest wait and the list that shows it; zero counts quietly', async () => {
    const calls = api('/dashboard/pipeline-backlog', () => ({ body: { data: { stages: STAGES, as_of: new Date().toISOString() } } }));
    render(<PipelineBacklogCard />);
    expect(within(region('Pipeline Backlog')).getByText('Counting orders in the pipeline...')).toHaveAttribute('aria-busy', 'true');
    const list = await screen.findByRole('list', { name: 'Pipeline backlog' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['Intake: 4', '/orders?status=pending&sort=created_at&order=asc'],
      ['Routing: 0', '/orders?status=routed&sort=created_at&order=asc'],
      ['Supplier confirmation: 12', '/orders?status=ordered_from_supplier&sort=created_at&order=asc'],
      ['Label: 2', '/fulfillment'],
      ['Tracking: 1', '/fulfillment?status=label_created&sort=created_at&order=asc'],
    ]);
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('oldest 3h ago · 1 on hold');
    expect(rows[2]).toHaveTextContent('oldest 1d ago');
    // an empty stage reads 0, quietly, without an age
    expect(rows[1]).not.toHaveTextContent('oldest');
    expect(within(rows[1]).getByText('0')).toHaveClass('text-secondary');
    expect(within(rows[2]).getByText('12')).not.toHaveClass('text-secondary');
    expect(calls.of('GET', '/dashboard/pipeline-backlog')).toHaveLength(1);
  });

  it('says nothing waits when every stage is empty', async () => {
    api('/dashboard/pipeline-backlog', () => ({ body: { data: { stages: STAGES.map((s) => stage(s.key, 0)), as_of: new Date().toISOString() } } }));
    render(<PipelineBacklogCard />);
    expect(await screen.findByText('No orders waiting in the pipeline')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Intake: 0' })).toBeInTheDocument();
  });

  it("shows the API's error with Retry, and Retry loads the stages", async () => {
    const user = userEvent.setup({ delay: null });
    let failing = true;
    api('/dashboard/pipeline-backlog', () => (failing ? { status: 403, body: { code: 'forbidden', message: 'no' } } : { body: { data: { stages: STAGES, as_of: new Date().toISOString() } } }));
    render(<PipelineBacklogCard />);
    const alert = await within(region('Pipeline Backlog')).findByRole('alert');
    expect(alert).toHaveTextContent('the pipeline backlog');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Intake: 4' })).toBeInTheDocument();
  });

  it('an order event refreshes it', async () => {
    let intake = 4;
    const calls = api('/dashboard/pipeline-backlog', () => ({ body: { data: { stages: [stage('intake', intake, 0, hoursAgo(3)), ...STAGES.slice(1)], as_of: new Date().toISOString() } } }));
    const hub = fakeHub();
    render(<PipelineBacklogCard />, createLiveProvider(hub as unknown as LiveHub));
    await screen.findByRole('link', { name: 'Intake: 4' });
    intake = 5;
    hub.emit(resourceChannel('orders'), 'orders.created', { id: 'ORD-1' });
    expect(await screen.findByRole('link', { name: 'Intake: 5' }, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.of('GET', '/dashboard/pipeline-backlog')).toHaveLength(2);
  });
});

const ACTIONS: RecentAction[] = [
  { id: 3, who: 'admin@demo.local', what: 'Held order ORD-7', at: hoursAgo(2), link: '/orders/ORD-7', action: 'order.hold', resource: 'orders', resource_id: 'ORD-7' },
  { id: 2, who: 'automation', what: 'Changed settings', at: hoursAgo(4), link: null, action: 'fulfillment.settings', resource: 'settings', resource_id: null },
];

describe('Recent Actions card', () => {
  it('lists the newest actions with who, what, when and a link where the object has a page', async () => {
    const calls = api('/dashboard/recent-actions', () => ({ body: listOf(ACTIONS) }));
    render(<RecentActionsCard />);
    expect(within(region('Recent Actions')).getByText('Reading the audit log...')).toHaveAttribute('aria-busy', 'true');
    const list = await screen.findByRole('list', { name: 'Recent actions' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]).getByRole('link', { name: 'Held order ORD-7' })).toHaveAttribute('href', '/orders/ORD-7');
    expect(rows[0]).toHaveTextContent('admin@demo.local · 2h ago');
    expect(within(rows[1]).queryByRole('link')).toBeNull();
    expect(rows[1]).toHaveTextContent('Changed settings');
    expect(rows[1]).toHaveTextContent('automation · 4h ago');
    expect(calls.of('GET', '/dashboard/recent-actions')[0].query.get('limit')).toBe('10');
  });

  it('says there are none yet', async () => {
    api('/dashboard/recent-actions', () => ({ body: listOf([]) }));
    render(<RecentActionsCard />);
    expect(await screen.findByText('No actions yet')).toBeInTheDocument();
  });

  it("shows the API's error with Retry, and Retry loads the actions", async () => {
    const user = userEvent.setup({ delay: null });
    let failing = true;
    api('/dashboard/recent-actions', () => (failing ? { status: 403, body: { code: 'forbidden', message: 'no' } } : { body: listOf(ACTIONS) }));
    render(<RecentActionsCard />);
    const alert = await within(region('Recent Actions')).findByRole('alert');
    expect(alert).toHaveTextContent('the recent actions');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Held order ORD-7' })).toBeInTheDocument();
  });
});

describe('Net Revenue (MTD) against the same days of last month', () => {
  const summary = (now: { revenue: number; refunds: number; orders: number }, before: { revenue: number; refunds: number; orders: number }): { data: AnalyticsSummary } => ({
    data: {
      from: '2026-03-01', to: '2026-03-15',
      figures: { ...ZERO_FIGURES, orders: now.orders, revenue_cents: now.revenue, refunds_cents: now.refunds },
      previous: { from: '2026-02-01', to: '2026-02-15', figures: { ...ZERO_FIGURES, orders: before.orders, revenue_cents: before.revenue, refunds_cents: before.refunds }, net_revenue_cents: before.revenue - before.refunds },
      change: null,
    },
  });

  it('asks for the month to date compared with the same days of last month, and shows the change', async () => {
    const calls = api('/analytics/summary', () => ({ body: summary({ revenue: 120_000, refunds: 7_600, orders: 9 }, { revenue: 110_000, refunds: 10_000, orders: 8 }) }));
    render(<NetRevenueCard />);
    expect(within(region('Net Revenue (MTD)')).getByText('Adding up this month...')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('$1,124.00')).toBeInTheDocument();
    expect(screen.getByText('+12.4% vs same days last month')).toBeInTheDocument();
    const q = calls.of('GET', '/analytics/summary')[0].query;
    expect(q.get('compare')).toBe('month');
    expect(q.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('says when last month had no sales in those days', async () => {
    api('/analytics/summary', () => ({ body: summary({ revenue: 5_000, refunds: 0, orders: 1 }, { revenue: 0, refunds: 0, orders: 0 }) }));
    render(<NetRevenueCard />);
    expect(await screen.findByText('no sales in the same days last month')).toBeInTheDocument();
  });

  it('shows a fall with its sign', async () => {
    api('/analytics/summary', () => ({ body: summary({ revenue: 9_700, refunds: 0, orders: 2 }, { revenue: 10_000, refunds: 0, orders: 2 }) }));
    render(<NetRevenueCard />);
    expect(await screen.findByText('-3.0% vs same days last month')).toBeInTheDocument();
  });

  it("shows the API's error with Retry", async () => {
    api('/analytics/summary', () => ({ status: 403, body: { code: 'forbidden', message: 'no' } }));
    render(<NetRevenueCard />);
    expect(await within(region('Net Revenue (MTD)')).findByRole('alert')).toHaveTextContent('net revenue');
    await waitFor(() => expect(screen.queryByText(/vs same days last month/)).toBeNull());
  });
});
