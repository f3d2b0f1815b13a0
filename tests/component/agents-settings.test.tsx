// @vitest-environment jsdom
/**
 * The Agents section of /settings (docs/agents.md "Console"): declared by the agents module, it lists
 * each agent of the registry's agents slot with the /agents drawer's thresholds form; each agent is
 * saved on its own with PUT /agents/:name/settings, the server's 400 details shown under the fields
 * they name; read-only (no save button) for a role that may not change them; a loading state, and an
 * error with Retry. Fetch stubbed behind the real API client and data provider.
 */
import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '../../contract/roles';
import type { AgentRow } from '../../contract/agents';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));
const session = vi.hoisted(() => ({ email: 'admin@demo.local', profile: { role: 'admin' as Role } }));
vi.mock('../../providers/auth/auth-context', () => ({ useAuth: () => session }));

const { default: SettingsPage } = await import('../../resources/settings/settings-page');
const { default: AgentsSettings } = await import('../../resources/agents/agents-settings');
const { setProfile } = await import('../../providers/auth/profile-store');
const { fakeApi, listOf } = await import('./support/fake-api');
const { renderConsole } = await import('./support/render-console');
const { pageTestHooks } = await import('./support/page-test-hooks');

configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });
pageTestHooks('admin');

const DEMAND = { service_level: 0.95, review_days: 14, slow_mover_units: 4, slow_mover_min_stock: 1, warn_days: 14, best_seller_daily: 1, history_days: 182, every_hours: 24 };
const COMPETITOR = { price_drop_pct: 10, every_hours: 6 };
const TITLES = { demand: 'Demand Forecasting', competitor: 'Competitor Monitor', pricing: 'Pricing Intelligence' } as const;
const row = (name: AgentRow['name'], settings: Record<string, unknown>): AgentRow => ({
  id: name, name, title: TITLES[name], heartbeat: name, status: 'healthy', paused: false, last_heartbeat: null, busy: false, last_run: null,
  next_run_at: null, key_outputs: [], errors_24h: 0, last_error: null, settings, schedule: '',
});

/** GET /agents (refused `failures` times first) and PUT /agents/:name/settings: the competitor monitor's saved, demand's refused on warn_days. */
function api(failures = 0) {
  const state = { demand: { ...DEMAND }, competitor: { ...COMPETITOR } };
  let left = failures;
  return fakeApi([
    (c) => {
      if (c.method !== 'GET' || c.path !== '/agents') return undefined;
      if (left-- > 0) return { status: 400, body: { message: 'agents unreadable', code: 'bad_request' } };
      return { body: listOf([row('demand', state.demand), row('competitor', state.competitor), row('pricing', {})]) };
    },
    (c) => {
      const m = c.method === 'PUT' && /^\/agents\/(demand|competitor)\/settings$/.exec(c.path);
      if (!m) return undefined;
      const body = c.body as Record<string, number>;
      if (m[1] === 'demand') {
        return { status: 400, body: { message: 'Validation failed', code: 'validation_error', details: [{ field: 'warn_days', message: 'Too big: expected number to be <=365', code: 'too_big' }] } };
      }
      const name = m[1] as 'demand' | 'competitor';
      state[name] = { ...state[name], ...body } as never;
      return { body: { data: row(name, state[name]) } };
    },
  ]);
}

function open(role: Role, page: 'settings' | 'section' = 'settings') {
  session.profile = { role };
  setProfile({ id: 'u1', email: session.email, tenantId: 't1', role });
  return page === 'settings'
    ? renderConsole({ role, path: '/settings', route: '/settings', page: <SettingsPage /> })
    : renderConsole({ role, path: '/settings', route: '/settings', page: <AgentsSettings /> });
}

const form = (title: string) => screen.findByRole('form', { name: `${title} settings` });

describe('/settings: Agents', () => {
  it("lists each declared agent with the drawer's form; saving one sends its thresholds alone", async () => {
    const calls = api();
    open('admin');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Agents' })).closest('section') as HTMLElement;
    const competitor = await form('Competitor Monitor');
    expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Demand Forecasting', 'Competitor Monitor', 'Pricing Intelligence']);
    expect(within(competitor).getByLabelText('Price drop alert (%)')).toHaveValue('10');
    expect(within(await form('Demand Forecasting')).getByLabelText('Service level')).toHaveValue('0.95');
    // Pricing Intelligence's thresholds are the repricer's
    expect(within(section).getByRole('link', { name: 'Pricing Intelligence' })).toHaveAttribute('href', '/pricing/agent');

    const save = await within(competitor).findByRole('button', { name: 'Save settings' });
    fireEvent.change(within(competitor).getByLabelText('Price drop alert (%)'), { target: { value: '15' } });
    fireEvent.click(save);
    await waitFor(() => expect(calls.of('PUT', '/agents/competitor/settings')).toHaveLength(1));
    expect(calls.of('PUT', '/agents/competitor/settings')[0].body).toEqual({ price_drop_pct: 15, every_hours: 6 });
    expect(calls.of('PUT', '/agents/demand/settings')).toHaveLength(0);
    await waitFor(() => expect(within(competitor).getByLabelText('Price drop alert (%)')).toHaveValue('15'));
  });

  it("the server's 400 is shown under the field it names", async () => {
    const calls = api();
    open('admin', 'section');
    const demand = await form('Demand Forecasting');
    fireEvent.click(await within(demand).findByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.of('PUT', '/agents/demand/settings')).toHaveLength(1));
    expect(await within(demand).findByText('Too big: expected number to be <=365')).toBeInTheDocument();
  });

  it('read-only for a role that may not change the thresholds: no save button, the fields disabled', async () => {
    api();
    open('user', 'section');
    const demand = await form('Demand Forecasting');
    expect(within(demand).getByLabelText('Service level')).toBeDisabled();
    expect(within(demand).getByText('You can see these thresholds; your role cannot change them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
  });

  it('says so while loading and when the agents cannot be read, with Retry', async () => {
    const calls = api(1);
    const { container } = open('admin', 'section');
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    expect(await screen.findByText("Could not load the agents' settings")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await form('Competitor Monitor')).toBeInTheDocument();
    expect(calls.of('GET', '/agents').length).toBeGreaterThanOrEqual(2);
  });
});
