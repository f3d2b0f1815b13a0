// @vitest-environment jsdom
/**
 * The dashboard's Intelligent Agents card (docs/alerts.md "Agent health"): Pricing Intelligence,
 * Demand Forecasting and Competitor Monitor with their workers' status from
 * GET /api/alerts/agent-health — healthy, degraded, offline or no heartbeat yet for Pricing
 * Intelligence (the repricer and the pricing agent, the worst of the two), and Demand Forecasting and
 * Competitor Monitor from their own workers' heartbeats, each linking to its page; it says it is loading, shows the API's error with
 * Retry, and asks again every 10 s. Fetch stubbed behind the real API client and data provider.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { IntelligentAgentsCard } from '../../resources/agents/agents-card';
import agentsModule from '../../resources/agents';
import type { AgentHealthRow } from '../../contract/alerts';
import { REFRESH } from '../../contract/constants';
import { fakeApi, listOf } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks();

const beat = (s: number) => new Date(Date.now() - s * 1000).toISOString();
const row = (name: string, status: AgentHealthRow['status'], ageS: number, errors = 0): AgentHealthRow => ({
  name, kind: 'consumer', status, last_heartbeat: beat(ageS), lag: 0, errors_last_hour: errors,
});

/** The card with GET /alerts/agent-health answering `rows()` (called on each request). */
function show(rows: () => AgentHealthRow[] | { status: number; body: unknown }) {
  const api = fakeApi([
    (c) => {
      if (c.method !== 'GET' || c.path !== '/alerts/agent-health') return undefined;
      const r = rows();
      return Array.isArray(r) ? { body: listOf(r) } : r;
    },
  ]);
  renderConsole({ role: 'user', path: '/', route: '/', page: <IntelligentAgentsCard /> });
  return api;
}

const region = () => screen.getByRole('region', { name: 'Intelligent Agents' });
const agent = async (name: string) => (await screen.findByRole('link', { name })).closest('li') as HTMLElement;

describe('Intelligent Agents card', () => {
  it('is declared on the dashboard as Intelligent Agents, order 41 (beside Recent Events), for every role', () => {
    expect(agentsModule.dashboardCards).toEqual([expect.objectContaining({ id: 'intelligent-agents', title: 'Intelligent Agents', order: 41, source: 'operations' })]);
    expect(agentsModule.dashboardCards?.[0]).not.toHaveProperty('needs');
    expect(agentsModule.dashboardCards?.[0]).not.toHaveProperty('access');
  });

  it('says it is loading, then lists the three agents, each linking to its page', async () => {
    show(() => [row('repricer', 'healthy', 12), row('pricing-agent', 'healthy', 8)]);
    expect(within(region()).getByText('Checking the agents...')).toHaveAttribute('aria-busy', 'true');
    const list = await screen.findByRole('list', { name: 'Intelligent agents' });
    expect(within(list).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Pricing Intelligence', '/pricing/agent'],
      ['Demand Forecasting', '/agents/demand'],
      ['Competitor Monitor', '/agents/competitor'],
    ]);
  });

  it('healthy: Pricing Intelligence is healthy with each worker in words', async () => {
    show(() => [row('repricer', 'healthy', 12), row('pricing-agent', 'healthy', 8)]);
    const li = await agent('Pricing Intelligence');
    expect(li).toHaveTextContent('Pricing Intelligence — Healthy');
    expect(li).toHaveTextContent('Repricer: healthy, last beat 12 s ago, no errors in the last hour · Pricing agent: healthy, last beat 8 s ago, no errors in the last hour');
    expect(li.querySelector('.status-dot.is-success')).not.toBeNull();
  });

  it('degraded: the worst of its workers, with their errors', async () => {
    show(() => [row('repricer', 'healthy', 12), row('pricing-agent', 'degraded', 95, 3)]);
    const li = await agent('Pricing Intelligence');
    expect(li).toHaveTextContent('Pricing Intelligence — Degraded');
    expect(li).toHaveTextContent('Pricing agent: degraded, last beat 1 min ago, 3 errors in the last hour');
    expect(li.querySelector('.status-dot.is-warning')).not.toBeNull();
  });

  it('offline: a worker that stopped beating', async () => {
    show(() => [row('repricer', 'offline', 7200, 1), row('pricing-agent', 'degraded', 95)]);
    const li = await agent('Pricing Intelligence');
    expect(li).toHaveTextContent('Pricing Intelligence — Offline');
    expect(li).toHaveTextContent('Repricer: offline, last beat 2 h ago, 1 error in the last hour');
    expect(li.querySelector('.status-dot.is-error')).not.toBeNull();
  });

  it('no heartbeat yet: one worker reported, the other not', async () => {
    show(() => [row('pricing-agent', 'healthy', 5)]);
    const li = await agent('Pricing Intelligence');
    expect(li).toHaveTextContent('Pricing Intelligence — Healthy');
    expect(li).toHaveTextContent('Repricer: no heartbeat yet · Pricing agent: healthy, last beat 5 s ago');
  });

  it('Demand Forecasting and Competitor Monitor show their workers\' real status', async () => {
    show(() => [row('repricer', 'healthy', 12), row('pricing-agent', 'healthy', 8), row('demand-forecasting', 'healthy', 4), row('competitor-monitor', 'degraded', 95, 2)]);
    const demand = await agent('Demand Forecasting');
    expect(demand).toHaveTextContent('Demand Forecasting — Healthy');
    expect(demand).toHaveTextContent('healthy, last beat 4 s ago, no errors in the last hour');
    expect(demand.querySelector('.status-dot.is-success')).not.toBeNull();
    const competitor = await agent('Competitor Monitor');
    expect(competitor).toHaveTextContent('Competitor Monitor — Degraded');
    expect(competitor).toHaveTextContent('degraded, last beat 1 min ago, 2 errors in the last hour');
  });

  it('before their workers beat, Demand Forecasting and Competitor Monitor say so', async () => {
    show(() => [row('repricer', 'healthy', 12), row('pricing-agent', 'healthy', 8)]);
    for (const name of ['Demand Forecasting', 'Competitor Monitor']) {
      const li = await agent(name);
      expect(li).toHaveTextContent(`${name} — No heartbeat yet`);
      expect(li).toHaveTextContent('Its workers have not reported since the server started.');
      expect(li.querySelector('.status-dot.is-default')).not.toBeNull();
    }
  });

  it('empty: no worker has reported; the agents say so', async () => {
    show(() => []);
    expect(await within(region()).findByText('No background worker has reported yet.')).toBeInTheDocument();
    const li = await agent('Pricing Intelligence');
    expect(li).toHaveTextContent('Pricing Intelligence — No heartbeat yet');
    expect(li).toHaveTextContent('Its workers have not reported since the server started.');
    expect(await agent('Demand Forecasting')).toHaveTextContent('No heartbeat yet');
  });

  it('error: shows the API’s error with Retry; Retry asks again', async () => {
    let fail = true;
    const api = show(() => (fail ? { status: 400, body: { message: 'heartbeats unreadable', code: 'bad_request' } } : [row('repricer', 'healthy', 3), row('pricing-agent', 'healthy', 3)]));
    const alert = await within(region()).findByRole('alert');
    expect(alert).toHaveTextContent("Could not load the agents' health");
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await agent('Pricing Intelligence')).toHaveTextContent('Pricing Intelligence — Healthy');
    expect(within(region()).queryByRole('alert')).toBeNull();
    expect(api.of('GET', '/alerts/agent-health')).toHaveLength(2);
  });

  it('asks again every 10 s', async () => {
    expect(REFRESH.agentHealthMs).toBe(10_000);
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      let status: AgentHealthRow['status'] = 'healthy';
      const api = show(() => [row('repricer', status, 2), row('pricing-agent', 'healthy', 2)]);
      expect(await agent('Pricing Intelligence')).toHaveTextContent('Healthy');
      status = 'offline';
      await vi.advanceTimersByTimeAsync(REFRESH.agentHealthMs);
      await waitFor(() => expect(api.of('GET', '/alerts/agent-health')).toHaveLength(2));
      await waitFor(() => expect(screen.getByRole('link', { name: 'Pricing Intelligence' }).closest('li')).toHaveTextContent('Offline'));
    } finally {
      vi.useRealTimers();
    }
  });
});
