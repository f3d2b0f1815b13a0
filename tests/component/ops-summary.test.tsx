// @vitest-environment jsdom
/** /ops (docs/product/data.md ops summary, docs/product/api-calls.md "The calls"): the summary's figures, its links, and the flagged mock fallback. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));
vi.mock('../../providers/live', async () => {
  const hub = (await import('./ops-harness')).fakeHub();
  return { useLiveHub: () => hub };
});
// charts draw on canvas, which jsdom has not: the page's own data is what is under test
vi.mock('../../resources/ops/ops-charts', () => ({
  StreamMessagesChart: ({ streams }: { streams?: { name: string; messages: number }[] }) => (
    <p data-testid="stream-chart">{(streams ?? []).map((s) => `${s.name}:${s.messages}`).join(',')}</p>
  ),
  ConsumerLagChart: ({ consumers }: { consumers?: { name: string; lag: number }[] }) => (
    <p data-testid="lag-chart">{(consumers ?? []).map((c) => `${c.name}:${c.lag}`).join(',')}</p>
  ),
  LagHistoryChart: ({ history }: { history: unknown[] }) => <p data-testid="history-chart">{history.length} samples</p>,
}));

import { setProfile } from '../../providers/auth/profile-store';
import OpsPage from '../../resources/ops/ops-page';
import { fakeApi, listOf } from './support/fake-api';
import { installDomShims } from './support/dom-shims';
import { renderConsole } from './support/render-console';

const SUMMARY = {
  build: { version: '1.4.2', deployed_at: new Date(Date.now() - 3 * 3600_000).toISOString(), commit: 'abc1234', environment: 'staging' },
  nats: { consumers: 2, streams: 7, total_messages: 12345, connected: true, engine: 'jetstream' },
  dlq_status: {
    pending: 12,
    consumer_lag: 340,
    oldest_age_s: 7260,
    by_subject: { 'orders.created': 9, 'products.updated': 3 },
    consumers: [{ name: 'webhooks', lag: 300 }, { name: 'notifier', lag: 40 }],
  },
  slo: { availability: 0.9987, latency_p95: 120.4, latency_p99: 2816.5, error_rate: 0.062, requests_per_minute: 250 },
  database: { connections: 4, max_connections: 20, query_time_p95: 3.2, engine: 'postgres' },
  cache: { hit_rate: 0.913, memory_usage_mb: 88.5, evictions_per_minute: 2 },
  agent_health: { 'pricing-intelligence': { status: 'healthy' }, 'competitor-monitor': { status: 'offline' }, 'demand-forecasting': { status: 'degraded' } },
};

beforeAll(installDomShims);
beforeEach(() => setProfile({ id: 'u1', email: 'admin@demo.local', tenantId: 't1', role: 'admin' }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  installDomShims();
});

describe('/ops Ops Console', () => {
  it('shows every block of the summary from GET /api/ops/summary, with links to the subjects\' dead letters', async () => {
    const api = fakeApi([
      (c) => (c.path === '/ops/summary' ? { body: { data: SUMMARY, _meta: { mocked: false, timestamp: '', source: 'api' } } } : undefined),
      (c) => (c.path === '/streams' ? { body: listOf([{ name: 'ORDERS', subjects: [], messages: 900, last_seq: 1, last_at: null }]) } : undefined),
    ]);
    renderConsole({ path: '/ops', route: '/ops', page: <OpsPage /> });

    expect(await screen.findByText('1.4.2')).toBeInTheDocument();
    expect(screen.getByText('abc1234')).toBeInTheDocument();
    expect(screen.getByText('staging')).toBeInTheDocument();
    // named as the Diagnostics drawer names it: the server's environment, not the build's mode
    const env = screen.getByText('Server environment');
    expect((env.closest('.ant-descriptions-item-container') ?? env.closest('tr'))!.textContent).toContain('staging');
    expect(screen.queryByText(/^Mode$/)).not.toBeInTheDocument();
    expect(screen.getByText('3h ago')).toBeInTheDocument();
    expect(screen.getByText('NATS JetStream')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(screen.getByText('12,345')).toBeInTheDocument();
    // DLQ status: pending, lag, oldest age, by subject → /streams?tab=dlq&subject=…
    expect(screen.getAllByText('12').length).toBeGreaterThan(0);
    expect(screen.getByText(/oldest 2h 1m/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'orders.created' })).toHaveAttribute('href', '/streams?tab=dlq&subject=orders.created');
    // SLO: the error rate is red above 5 % (docs/product/constants.md)
    expect(screen.getAllByText('99.87%').length).toBeGreaterThan(0);
    const errorRate = screen.getAllByText('6.20%');
    expect(errorRate.some((el) => el.style.color === 'rgb(224, 49, 49)')).toBe(true);
    // every latency in whole, grouped ms as the KPI reads them; a fast query keeps its tenth
    expect(screen.getByText('2,817 ms')).toBeInTheDocument();
    expect(screen.getByText('3.2 ms')).toBeInTheDocument();
    // database and cache
    expect(screen.getByText('4 / 20')).toBeInTheDocument();
    expect(screen.getByText('91.3%')).toBeInTheDocument();
    expect(screen.getByText('88.5 MB')).toBeInTheDocument();
    // agent health: degraded and offline first and highlighted
    const agents = within(screen.getByRole('list', { name: 'Agents' })).getAllByRole('listitem');
    expect(agents.map((a) => a.textContent)).toEqual([
      'competitor-monitor · Offline',
      'demand-forecasting · Degraded',
      'pricing-intelligence · Healthy',
    ]);
    expect(screen.getByText('2 need attention')).toBeInTheDocument();
    // charts get the per-stream counts and the per-consumer lag
    expect(screen.getByTestId('stream-chart')).toHaveTextContent('ORDERS:900');
    expect(screen.getByTestId('lag-chart')).toHaveTextContent('webhooks:300,notifier:40');
    expect(screen.queryByText('Mocked data')).not.toBeInTheDocument();
    expect(api.of('GET', '/ops/summary')[0].query.toString()).toBe('');
  });

  it('falls back to generated figures flagged "Mocked data" when the API is unreachable', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderConsole({ path: '/ops', route: '/ops', page: <OpsPage /> });
    expect(await screen.findByTestId('mocked-flag')).toHaveTextContent('Mocked data');
    expect(screen.getByRole('alert')).toHaveTextContent('the figures below are generated placeholders');
    // the page still renders every block, from the mock
    expect(screen.getByText('Dead-letter queue')).toBeInTheDocument();
    expect(screen.getByText('Agent health')).toBeInTheDocument();
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
  });

  it('polls the summary every 10 s and keeps a history of the polls', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let pending = 1;
    const api = fakeApi([
      (c) => (c.path === '/ops/summary' ? { body: { data: { ...SUMMARY, dlq_status: { ...SUMMARY.dlq_status, pending: pending++ } } } } : undefined),
      (c) => (c.path === '/streams' ? { body: listOf([]) } : undefined),
    ]);
    renderConsole({ path: '/ops', route: '/ops', page: <OpsPage /> });
    await screen.findByText('1.4.2');
    expect(api.of('GET', '/ops/summary')).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(9_000);
    });
    expect(api.of('GET', '/ops/summary')).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    await waitFor(() => expect(api.of('GET', '/ops/summary')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('history-chart')).toHaveTextContent('2 samples'));
  });
});
