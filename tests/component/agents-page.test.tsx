// @vitest-environment jsdom
/**
 * /agents (docs/agents.md "Console"): a card per agent the product names with what GET /agents
 * answers — status, last run, next run, key outputs, errors — and Run now, Pause (after a question)
 * and Resume for the operators; the run history and settings in a drawer at /agents?agent=demand
 * (the server's refusal shown under its field); the demand forecasts table asking the server for
 * its page, sort and SKU search; loading and error states. Fetch stubbed behind the real API client.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '../../contract/roles';
import type { AgentRow, AgentRun, ForecastRow } from '../../contract/agents';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));
const auth = vi.hoisted(() => ({ email: 'agent@demo.local', profile: { role: 'agent' as Role } }));
vi.mock('../../providers/auth/auth-context', () => ({ useAuth: () => auth }));

const { modules } = await import('../../resources');
const { setProfile } = await import('../../providers/auth/profile-store');
const { default: AgentsPage } = await import('../../resources/agents/agents-page');
const { fakeApi, listOf } = await import('./support/fake-api');
const { installDomShims } = await import('./support/dom-shims');
const { renderConsole } = await import('./support/render-console');

configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  installDomShims();
});

const now = () => new Date().toISOString();
const run = (over: Partial<AgentRun> = {}): AgentRun => ({
  id: 'r1', agent: 'demand', trigger: 'manual', status: 'succeeded', requested_by: 'agent@demo.local', inputs: {},
  outputs: { variants: 120, reorder_now: 4 }, error: null, queued_at: now(), started_at: now(), finished_at: now(), duration_ms: 1250, ...over,
});
const agentRow = (name: AgentRow['name'], over: Partial<AgentRow> = {}): AgentRow => ({
  id: name, name, title: { demand: 'Demand Forecasting', competitor: 'Competitor Monitor', pricing: 'Pricing Intelligence' }[name],
  heartbeat: name, status: 'healthy', paused: false, last_heartbeat: now(), busy: false, last_run: null, next_run_at: null,
  key_outputs: [], errors_24h: 0, last_error: null, settings: {}, schedule: 'Every 24 h, and on Run now.', ...over,
});
const forecast: ForecastRow = {
  variant_id: 'v1', product_id: 'p1', sku: 'TEE-BLK-M', title: 'Tee — Black / M', mode: 'stocked', daily_demand: 2.4, trend_per_week: 0.1,
  forecast_28d: 67, on_hand: 5, days_of_cover: 2.1, reorder_point: 23, reorder_quantity: 48, slow_mover: false,
  warning: 'At or below its reorder point (5 ≤ 23): order 48.', summary: 'Sells 2.4 a day (steady). 7-day lead time needs 17: reorder at 23.',
  explanation: {}, computed_at: now(),
};

function api(state: { demand: AgentRow }) {
  return fakeApi([
    (c) => (c.method === 'GET' && c.path === '/agents' ? { body: listOf([state.demand, agentRow('competitor', { status: 'not_reporting', last_heartbeat: null }), agentRow('pricing')]) } : undefined),
    (c) => (c.method === 'GET' && c.path === '/ops/summary' ? { body: { data: { agent_health: {} } } } : undefined),
    (c) => (c.method === 'GET' && c.path === '/streams/consumers' ? { body: listOf([]) } : undefined),
    (c) => (c.method === 'GET' && c.path === '/agents/demand/forecasts' ? { body: listOf([forecast]) } : undefined),
    (c) => (c.method === 'GET' && c.path === '/agents/demand/runs' ? { body: listOf([run(), run({ id: 'r0', status: 'failed', outputs: null, error: 'database gone', trigger: 'schedule', requested_by: null })]) } : undefined),
    (c) => {
      if (c.method !== 'POST' || c.path !== '/agents/demand/run') return undefined;
      state.demand = { ...state.demand, busy: true, last_run: run({ id: 'r2', status: 'queued', finished_at: null, started_at: null, duration_ms: null, outputs: null }) };
      return { status: 202, body: { data: state.demand.last_run } };
    },
    (c) => {
      if (c.method !== 'POST' || c.path !== '/agents/demand/pause') return undefined;
      state.demand = { ...state.demand, paused: true, status: 'paused' };
      return { body: { data: state.demand } };
    },
    (c) =>
      c.method === 'PUT' && c.path === '/agents/demand/settings'
        ? { status: 400, body: { message: 'Validation failed', code: 'validation_error', details: [{ field: 'warn_days', message: 'Too big: expected number to be <=365', code: 'too_big' }] } }
        : undefined,
  ]);
}

function open(role: Role, path = '/agents') {
  auth.profile = { role };
  setProfile({ id: 'u1', email: auth.email, tenantId: 't1', role });
  return renderConsole({ path, route: '/agents', role, modules, page: <AgentsPage /> });
}
const card = (id: string) => document.querySelector(`[data-agent="${id}"]`) as HTMLElement;

describe('/agents', () => {
  it('a card per agent with its status, last run, next run, key outputs and errors', async () => {
    api({ demand: agentRow('demand', { last_run: run(), next_run_at: now(), key_outputs: [{ label: 'Variants forecast', value: 120 }], errors_24h: 1, last_error: 'database gone' }) });
    open('agent');
    const demand = card('demand-forecasting');
    await waitFor(() => expect(within(demand).getByText('Healthy')).toBeInTheDocument());
    expect(demand).toHaveTextContent('Succeeded');
    expect(demand).toHaveTextContent('took 1.3 s');
    expect(within(demand).getByRole('list', { name: 'Demand Forecasting key outputs' })).toHaveTextContent('Variants forecast: 120');
    expect(demand).toHaveTextContent('1 failed run in the last 24 hours: database gone');
    expect(within(card('competitor-monitor')).getByText('Not reporting yet')).toBeInTheDocument();
    expect(card('competitor-monitor')).toHaveTextContent('No run yet');
    expect(card('pricing-intelligence')).toBeTruthy();
    // the forecasts table below
    const table = await screen.findByRole('table', { name: 'Demand forecasts' });
    expect(await within(table).findByText('TEE-BLK-M')).toBeInTheDocument();
    expect(within(table).getByText('At or below its reorder point (5 ≤ 23): order 48.')).toBeInTheDocument();
  });

  it('Run now queues a run and the card shows it waiting; Pause asks first', async () => {
    const calls = api({ demand: agentRow('demand') });
    open('admin');
    const demand = card('demand-forecasting');
    fireEvent.click(await within(demand).findByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(calls.of('POST', '/agents/demand/run')).toHaveLength(1));
    await waitFor(() => expect(demand).toHaveTextContent('Waiting to start'));
    fireEvent.click(within(demand).getByRole('button', { name: 'Pause' }));
    const question = await screen.findByText('Pause Demand Forecasting? It will not run until you resume it.');
    expect(calls.of('POST', '/agents/demand/pause')).toHaveLength(0);
    fireEvent.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(calls.of('POST', '/agents/demand/pause')).toHaveLength(1));
    await waitFor(() => expect(within(demand).getByRole('button', { name: 'Resume' })).toBeInTheDocument());
  });

  it('the forecasts search asks the server by SKU', async () => {
    const calls = api({ demand: agentRow('demand') });
    open('agent');
    const box = await screen.findByPlaceholderText('Search by SKU or product');
    fireEvent.change(box, { target: { value: 'TEE' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(calls.of('GET', '/agents/demand/forecasts').some((c) => c.query.get('search') === 'TEE')).toBe(true));
  });

  it('?agent=demand opens its run history and settings; a refused field shows the server\'s message', async () => {
    api({ demand: agentRow('demand', { settings: { service_level: 0.95, review_days: 14, warn_days: 14, best_seller_daily: 1, slow_mover_units: 4, slow_mover_min_stock: 1, history_days: 182, every_hours: 24 } }) });
    open('agent', '/agents?agent=demand');
    const drawer = (await screen.findByText('Demand Forecasting: runs and settings')).closest('.ant-drawer') as HTMLElement;
    const history = await within(drawer).findByRole('table', { name: 'Run history' });
    expect(await within(history).findByText('database gone')).toBeInTheDocument();
    expect(within(history).getAllByText('Succeeded').length).toBeGreaterThan(0);
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Settings' }));
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Save settings' }));
    expect(await within(drawer).findByText('Too big: expected number to be <=365')).toBeInTheDocument();
  });

  it('says so when the agents cannot be read, with Retry', async () => {
    fakeApi([
      (c) => (c.method === 'GET' && c.path === '/agents' ? { status: 400, body: { message: 'agents unreadable', code: 'bad_request' } } : undefined),
      (c) => (c.method === 'GET' && c.path === '/ops/summary' ? { body: { data: { agent_health: {} } } } : undefined),
      (c) => (c.method === 'GET' && c.path === '/streams/consumers' ? { body: listOf([]) } : undefined),
      (c) => (c.method === 'GET' && c.path === '/agents/demand/forecasts' ? { body: listOf([]) } : undefined),
    ]);
    open('agent');
    expect(await screen.findByText('Could not load the agents')).toBeInTheDocument();
    expect(within(card('demand-forecasting')).getByText('Status unavailable')).toBeInTheDocument();
    expect(await screen.findByText('No forecasts yet: run Demand Forecasting.')).toBeInTheDocument();
  });
});
