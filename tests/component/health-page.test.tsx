// @vitest-environment jsdom
/**
 * /health System Health (docs/ops-ui.md "System Health"): beside what GET /health reports, the
 * tenant's SLO figures of the last hour and the per-minute series the chart draws
 * (GET /api/health/system), the database and event platform, and each background worker in words
 * (GET /api/alerts/agent-health); each block says it is loading and shows the API's error with Retry.
 * Fetch stubbed behind the real API client and data provider; the chart (canvas) replaced by its data.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));
// charts draw on canvas, which jsdom has not: the data handed to the chart is what is under test
vi.mock('../../resources/health/slo-chart', () => ({
  default: ({ minutes }: { minutes: { at: string; requests: number; errors: number; latency_p95: number | null; latency_p99: number | null }[] }) => (
    <ol data-testid="slo-chart">
      {minutes.filter((m) => m.requests > 0).map((m) => (
        <li key={m.at}>{`${m.at} ${m.requests} req ${m.errors} err p95 ${m.latency_p95} p99 ${m.latency_p99}`}</li>
      ))}
    </ol>
  ),
}));

import HealthPage from '../../resources/health/health-page';
import { HealthProvider } from '../../src/shell/health/health-context';
import type { SystemHealth } from '../../contract/ops';
import type { AgentHealthRow } from '../../contract/alerts';
import { fakeApi, listOf, type Handler } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks();

const NOW = Date.now();
const minute = (i: number) => new Date(Math.floor(NOW / 60_000) * 60_000 - (59 - i) * 60_000).toISOString();
const MINUTES = Array.from({ length: 60 }, (_, i) =>
  i === 57
    ? { at: minute(i), requests: 40, errors: 2, availability: 0.95, error_rate: 0.05, latency_p95: 120, latency_p99: 310 }
    : i === 59
      ? { at: minute(i), requests: 10, errors: 0, availability: 1, error_rate: 0, latency_p95: 18, latency_p99: 22 }
      : { at: minute(i), requests: 0, errors: 0, availability: null, error_rate: null, latency_p95: null, latency_p99: null },
);
const SYSTEM: SystemHealth = {
  slo: { availability: 0.9667, latency_p95: 118.4, latency_p99: 305.2, error_rate: 0.0333, requests_per_minute: 0.8, requests: 50, window_s: 3600, minutes: MINUTES },
  database: { engine: 'postgres', connected: true, ping_ms: 1.42 },
  events: { engine: 'jetstream', connected: true, streams: 7, consumers: 12 },
};
// beats as old as said when the API answers
const beat = (s: number) => new Date(Date.now() - s * 1000).toISOString();
const WORKERS = (): AgentHealthRow[] => [
  { name: 'outbox-relay', kind: 'event-runtime', status: 'healthy', last_heartbeat: beat(4), lag: null, errors_last_hour: 0 },
  { name: 'pricing-agent', kind: 'consumer', status: 'degraded', last_heartbeat: beat(95), lag: 3, errors_last_hour: 2 },
  { name: 'repricer', kind: 'consumer', status: 'healthy', last_heartbeat: beat(12), lag: 0, errors_last_hour: 0 },
  { name: 'dropship-intake', kind: 'consumer', status: 'offline', last_heartbeat: beat(7200), lag: null, errors_last_hour: 1 },
];

const SERVICE = { status: 'ok', version: '1.2.3', commit: 'abc1234', environment: 'test', uptime_s: 125, db: { engine: 'postgres', status: 'up' } };
const health: Handler = (c) => (c.path === '/health' ? { body: SERVICE } : undefined);
const headFetch = (async () => new Response(null, { status: 200 })) as unknown as typeof fetch;

function render() {
  return renderConsole({
    role: 'user',
    path: '/health',
    route: '/health',
    page: (
      <HealthProvider endpoint="/health" fetch={headFetch} now={() => Date.now()} timeoutMs={5000}>
        <HealthPage />
      </HealthProvider>
    ),
  });
}

describe('/health System Health', () => {
  it('shows the last hour’s SLO figures, the per-minute series to the chart, the database and event platform, and the workers in words', async () => {
    const api = fakeApi([
      health,
      (c) => (c.path === '/health/system' ? { body: { data: SYSTEM } } : undefined),
      (c) => (c.path === '/alerts/agent-health' ? { body: listOf(WORKERS()) } : undefined),
    ]);
    render();
    const slo = await screen.findByLabelText('Service level, last hour');
    const figure = (label: string) => within(slo).getByText(label).parentElement!.textContent;
    expect(figure('Availability')).toContain('96.67%');
    expect(figure('Latency p95')).toContain('118 ms');
    expect(figure('Latency p99')).toContain('305 ms');
    expect(figure('Error rate')).toContain('3.33%');
    expect(figure('Requests per minute')).toContain('0.8');
    expect(screen.getByText(/50 requests of your store in the last hour/)).toBeInTheDocument();
    const chart = await screen.findByTestId('slo-chart');
    expect(within(chart).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `${minute(57)} 40 req 2 err p95 120 p99 310`,
      `${minute(59)} 10 req 0 err p95 18 p99 22`,
    ]);

    expect(screen.getByText('PostgreSQL')).toBeInTheDocument();
    expect(screen.getByText('NATS JetStream')).toBeInTheDocument();
    expect(screen.getAllByText('Connected')).toHaveLength(2);
    const row = (label: string) => screen.getByText(label, { selector: '.ant-descriptions-item-label' }).closest('tr, .ant-descriptions-item')!.textContent;
    expect(row('Streams')).toContain('7');
    expect(row('Consumers')).toContain('12');

    const workers = await screen.findByRole('list', { name: 'Background workers' });
    expect(within(workers).getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual([
      'Event relay — healthy, last beat 4 s ago, no errors in the last hour',
      'Buy-box watch — degraded, last beat 1 min ago, 2 errors in the last hour, 3 messages waiting',
      'Repricer — healthy, last beat 12 s ago, no errors in the last hour',
      'Dropship intake — offline, last beat 2 h ago, 1 error in the last hour',
    ]);
    expect(api.of('GET', '/health/system')).toHaveLength(1);
    expect(api.of('GET', '/alerts/agent-health')).toHaveLength(1);
  });

  it('says each block is loading until its answer comes', async () => {
    let answer: (() => void) | undefined;
    const gate = new Promise<void>((r) => (answer = r));
    fakeApi([health]);
    // the two API reads wait
    const fetchNow = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (/\/api\/(health\/system|alerts\/agent-health)/.test(String(input))) await gate;
      return fetchNow(input, init);
    });
    render();
    expect(await screen.findByText('Measuring the last hour...')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Checking the database and event platform...')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText("Reading the workers' heartbeats...")).toHaveAttribute('aria-busy', 'true');
    answer?.();
  });

  it('says when no worker has reported and when there were no requests', async () => {
    const quiet = { ...SYSTEM, slo: { ...SYSTEM.slo, requests: 0, requests_per_minute: 0, availability: 1, error_rate: 0, latency_p95: 0, latency_p99: 0, minutes: MINUTES.map((m) => ({ ...m, requests: 0, errors: 0 })) } };
    fakeApi([
      health,
      (c) => (c.path === '/health/system' ? { body: { data: quiet } } : undefined),
      (c) => (c.path === '/alerts/agent-health' ? { body: listOf([]) } : undefined),
    ]);
    render();
    expect(await screen.findByText(/No background worker has reported yet/)).toBeInTheDocument();
    expect(await screen.findByText(/0 requests of your store in the last hour/)).toBeInTheDocument();
  });

  it('shows the API’s error with Retry for each block; Retry asks again', async () => {
    let fail = true;
    const api = fakeApi([
      health,
      (c) => (c.path === '/health/system' && fail ? { status: 400, body: { message: 'metrics down', code: 'bad_request' } } : undefined),
      (c) => (c.path === '/health/system' ? { body: { data: SYSTEM } } : undefined),
      (c) => (c.path === '/alerts/agent-health' ? { status: 400, body: { message: 'heartbeats down', code: 'bad_request' } } : undefined),
    ]);
    render();
    expect(await screen.findByText('Could not load the service level')).toBeInTheDocument();
    expect(screen.getByText('Could not load the database and event platform status')).toBeInTheDocument();
    expect(await screen.findByText("Could not load the background workers' health")).toBeInTheDocument();
    fail = false;
    const alert = screen.getByText('Could not load the service level').closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Could not load the service level')).not.toBeInTheDocument());
    expect(await screen.findByText('PostgreSQL')).toBeInTheDocument();
    expect(api.of('GET', '/health/system').length).toBeGreaterThanOrEqual(2);
  });
});
