// @vitest-environment jsdom
/**
 * /analytics (docs/analytics.md): the summary's figures in en-US dollars with their change against
 * the previous period, the breakdown tables paged and sorted by the server, and the page's loading,
 * empty and error states. The charts' chunk is replaced by a stand-in (the chart library draws on a
 * canvas jsdom does not have).
 */
import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, listOf } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';
import { figuresOf, ZERO_FIGURES } from '../../contract/analytics';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));
// the store's flags: advanced analytics (the breakdowns) on unless a test turns it off (docs/settings.md "Feature flags")
const flags = vi.hoisted(() => ({ enableOrchestrator: true, enableListingPoster: true, enableAdvancedAnalytics: true, enableBetaFeatures: false }));
vi.mock('../../providers/flags', async (original) => ({ ...(await original<typeof import('../../providers/flags')>()), useFlagValues: () => flags }));
vi.mock('../../resources/analytics/analytics-charts', () => ({ default: ({ points }: { points: unknown[] }) => <div data-testid="charts">{points.length} points</div> }));

const { default: AnalyticsPage } = await import('../../resources/analytics/analytics-page');

configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });
pageTestHooks('user');

const now = figuresOf({ orders: 12, units: 20, revenue_cents: 123456, fees_cents: 15000, supplier_cents: 50000, shipping_cents: 8000, refunds_cents: 456, margin_orders: 10, margin_revenue_cents: 100000, margin_net_cents: 30000 });
const before = figuresOf({ orders: 10, units: 15, revenue_cents: 100000, fees_cents: 12000, supplier_cents: 40000, shipping_cents: 7000, refunds_cents: 0, margin_orders: 10, margin_revenue_cents: 100000, margin_net_cents: 41000 });
const summary = (f = now, prev = before) => ({
  data: { from: '2025-03-01', to: '2025-03-30', figures: f, previous: { from: '2025-01-30', to: '2025-02-28', figures: prev }, change: Object.fromEntries(Object.keys(ZERO_FIGURES).filter((k) => k !== 'net_margin_percent').map((k) => [k, { delta: (f as never)[k] - (prev as never)[k], percent: null }])) },
  _meta: {},
});
const row = (key: string, label: string) => ({ key, label, ...now });

function handlers(opts: { summaryStatus?: number; empty?: boolean } = {}) {
  return fakeApi([
    (c) => (c.path === '/analytics/summary'
      ? opts.summaryStatus ? { status: opts.summaryStatus, body: { message: 'Database unavailable', code: 'unavailable' } } : { body: summary(opts.empty ? ZERO_FIGURES : now, opts.empty ? ZERO_FIGURES : before) }
      : undefined),
    (c) => (c.path === '/analytics/timeseries' ? { body: { data: { from: '', to: '', interval: 'day', metric: 'revenue_cents', points: [] }, _meta: {} } } : undefined),
    (c) => (c.path === '/analytics/breakdown'
      ? { body: listOf(opts.empty ? [] : [row(`${c.query.get('by')}-1`, `${c.query.get('by')} one`)], opts.empty ? 0 : 45) }
      : undefined),
  ]);
}

describe('the analytics page', () => {
  it('shows the figures in dollars with their change, and pages and sorts a breakdown on the server', async () => {
    const api = handlers();
    renderConsole({ path: '/analytics', route: '/analytics', page: <AnalyticsPage /> });
    expect(await screen.findByText('$1,234.56')).toBeInTheDocument();
    expect(screen.getByText(/\+\$234\.56/)).toBeInTheDocument();
    expect(screen.getByText(`${now.net_margin_percent} % of revenue`)).toBeInTheDocument();
    expect(await screen.findByTestId('charts')).toBeInTheDocument();
    const first = api.of('GET', '/analytics/summary')[0];
    expect(first.query.get('compare')).toBe('previous');
    const table = await screen.findByRole('table');
    await within(table).findByText('marketplace one');
    fireEvent.click(within(table).getByText('Revenue'));
    await waitFor(() => expect(api.of('GET', '/analytics/breakdown').some((c) => c.query.get('by') === 'marketplace' && c.query.get('sort') === 'revenue_cents')).toBe(true));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(api.of('GET', '/analytics/breakdown').some((c) => c.query.get('offset') === '20')).toBe(true));
    // the comparison switch off asks for none
    fireEvent.click(screen.getByRole('switch', { name: 'Compare with the previous period' }));
    await waitFor(() => expect(api.of('GET', '/analytics/summary').some((c) => c.query.get('compare') === 'none')).toBe(true));
  });

  it('says so when the period has no orders', async () => {
    handlers({ empty: true });
    renderConsole({ path: '/analytics', route: '/analytics', page: <AnalyticsPage /> });
    expect((await screen.findAllByText('No orders in this period')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('charts')).toBeNull();
  });

  it('shows an error with Retry when the summary fails', async () => {
    const api = handlers({ summaryStatus: 400 });
    renderConsole({ path: '/analytics', route: '/analytics', page: <AnalyticsPage /> });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the analytics');
    const n = api.of('GET', '/analytics/summary').length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.of('GET', '/analytics/summary').length).toBeGreaterThan(n));
  });

  it('keeps the period, comparison, grouping and breakdown in the URL: a reload opens the same view', async () => {
    const api = handlers();
    renderConsole({ path: '/analytics?from=2025-01-01&to=2025-06-30&compare=none&interval=month&by=supplier', route: '/analytics', page: <AnalyticsPage /> });
    await screen.findByText('$1,234.56');
    const first = api.of('GET', '/analytics/summary')[0];
    expect([first.query.get('from'), first.query.get('to'), first.query.get('compare')]).toEqual(['2025-01-01', '2025-06-30', 'none']);
    await waitFor(() => expect(api.of('GET', '/analytics/timeseries').some((c) => c.query.get('interval') === 'month')).toBe(true));
    expect(screen.getByRole('tab', { name: 'By supplier', selected: true })).toBeInTheDocument();
    // changing the view writes it back
    fireEvent.click(screen.getByRole('switch', { name: 'Compare with the previous period' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).not.toContain('compare=none'));
    fireEvent.click(screen.getByRole('tab', { name: 'By product' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('by=product'));
    expect(screen.getByTestId('location').textContent).toContain('from=2025-01-01');
    expect(screen.getByTestId('location').textContent).toContain('interval=month');
  });

  it('reads "Unknown" for a margin without any order whose costs are known, and counts the orders left out', async () => {
    const unknown = figuresOf({ orders: 7, units: 9, revenue_cents: 50000, fees_cents: 7000, supplier_cents: 0, shipping_cents: 0, refunds_cents: 0, margin_orders: 0, margin_revenue_cents: 0, margin_net_cents: 0 });
    fakeApi([
      (c) => (c.path === '/analytics/summary' ? { body: { data: { from: '2025-03-01', to: '2025-03-30', figures: unknown, previous: null, change: null }, _meta: {} } } : undefined),
      (c) => (c.path === '/analytics/timeseries' ? { body: { data: { from: '', to: '', interval: 'day', metric: 'revenue_cents', points: [] }, _meta: {} } } : undefined),
      (c) => (c.path === '/analytics/breakdown' ? { body: listOf([{ key: 'amazon', label: 'Amazon', ...unknown }], 1) } : undefined),
    ]);
    renderConsole({ path: '/analytics', route: '/analytics', page: <AnalyticsPage /> });
    expect(await screen.findByText('No order has all its costs known yet')).toBeInTheDocument();
    expect(screen.getByText('7 orders without a purchase order, a label or with a return open')).toBeInTheDocument();
    expect(screen.getAllByText('Unknown').length).toBeGreaterThan(0);
  });

  it('with advanced analytics off, shows the summary and says why there are no breakdowns, asking for none', async () => {
    flags.enableAdvancedAnalytics = false;
    try {
      const api = handlers();
      renderConsole({ path: '/analytics', route: '/analytics', page: <AnalyticsPage /> });
      expect(await screen.findByText('$1,234.56')).toBeInTheDocument();
      expect(screen.getByText('Breakdowns by marketplace, supplier and product are advanced analytics, turned off for your store.')).toBeInTheDocument();
      expect(screen.queryByRole('tab', { name: 'By marketplace' })).toBeNull();
      await new Promise((r) => setTimeout(r, 200));
      expect(api.of('GET', '/analytics/breakdown')).toHaveLength(0);
    } finally {
      flags.enableAdvancedAnalytics = true;
    }
  });
});
