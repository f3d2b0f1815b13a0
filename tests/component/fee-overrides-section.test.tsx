// @vitest-environment jsdom
/**
 * The "Marketplace fee overrides" section of /settings (docs/settings.md "Fee overrides"): loading,
 * a failed read with Retry, a row per marketplace with its standard schedule and the override in force
 * since when, a negotiated rate typed as a percent and dollars saved as basis points and cents on its
 * own (`PUT /settings/fees`), the server's 400 shown under the field it names, "Use standard"
 * clearing a row, and a role that may not write seeing no inputs to change. Fetch stubbed behind the
 * real API client and data provider.
 */
import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));
const session = vi.hoisted(() => ({ email: 'admin@demo.local', profile: { role: 'admin' as 'admin' | 'agent' } }));
vi.mock('../../providers/auth/auth-context', () => ({ useAuth: () => session }));

import FeeOverridesSection from '../../resources/integrations/fee-overrides-section';
import { fakeApi } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 60_000 });
// a save, its answer and the read after it take longer than the default second on a busy machine
configure({ asyncUtilTimeout: 20_000 });
pageTestHooks('admin');

const one = (data: unknown) => ({ body: { data, _meta: { mocked: false, timestamp: '', source: 'api' } } });
const row = (kind: string, label: string, rate_bp: number, fixed_cents: number, payout_every_days: number, override: { rate_bp: number; fixed_cents: number } | null = null) => ({
  kind, label, standard: { rate_bp, fixed_cents, payout_every_days }, override,
  in_force_since: override ? '2026-03-01T15:30:00.000Z' : null, changed_at: override ? '2026-03-01T15:30:00.000Z' : null, changed_by: override ? 'admin@demo.local' : null,
});
const FEES = (ebay: { rate_bp: number; fixed_cents: number } | null = null) => ({
  marketplaces: [row('amazon', 'Amazon', 1500, 0, 14), row('ebay', 'eBay', 1325, 30, 1, ebay), row('walmart', 'Walmart', 1500, 0, 7), row('shopify', 'Shopify', 290, 30, 2)],
  updated_at: ebay ? '2026-03-01T15:30:00.000Z' : null,
  updated_by: ebay ? 'admin@demo.local' : null,
});

const open = (role: 'admin' | 'agent' = 'admin') => renderConsole({ role, path: '/settings', route: '/settings', page: <FeeOverridesSection /> });

describe('Marketplace fee overrides section', () => {
  it('shows a skeleton while loading, then a failed read with Retry that reads again', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const calls = fakeApi([(c) => (c.method === 'GET' && c.path === '/settings/fees' ? (fail ? { status: 400, body: { message: 'The settings could not be read', code: 'bad_request' } } : one(FEES())) : undefined)]);
    // the first answer waits until the test has seen the loading state
    const origFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate;
      return origFetch(...args);
    });
    const { container } = open();
    await waitFor(() => expect(container.querySelector('.ant-skeleton')).not.toBeNull());
    release();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load the fee overrides')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('eBay rate (%)')).toBeInTheDocument();
    expect(calls.of('GET', '/settings/fees').length).toBeGreaterThanOrEqual(2);
  });

  it('lists each marketplace with its standard schedule and the override in force since when', async () => {
    fakeApi([(c) => (c.method === 'GET' && c.path === '/settings/fees' ? one(FEES({ rate_bp: 1150, fixed_cents: 30 })) : undefined)]);
    open();
    const ebay = await screen.findByRole('region', { name: 'eBay fees' });
    expect(within(ebay).getByText('Negotiated: 11.5 % + $0.30')).toBeInTheDocument();
    expect(within(ebay).getByText(/Standard: 13.25 % \+ \$0.30, paid out every 1 day\./)).toBeInTheDocument();
    expect(within(ebay).getByText(/In force since Mar 1, 2026/)).toBeInTheDocument();
    expect(within(ebay).getByLabelText('eBay rate (%)')).toHaveValue('11.50');
    expect(within(ebay).getByLabelText('eBay fixed fee per order ($)')).toHaveValue('0.30');
    const amazon = screen.getByRole('region', { name: 'Amazon fees' });
    expect(within(amazon).getByText('Standard schedule')).toBeInTheDocument();
    expect(within(amazon).getByLabelText('Amazon rate (%)')).toHaveValue('');
    expect(screen.getByText(/Last changed by admin@demo.local/)).toBeInTheDocument();
  });

  it('saves on its own in basis points and cents; the server\'s 400 shows under the field it names; "Use standard" sends null', async () => {
    let refuse = true;
    let current = FEES();
    const calls = fakeApi([
      (c) => (c.method === 'GET' && c.path === '/settings/fees' ? one(current) : undefined),
      (c) => {
        if (c.method !== 'PUT' || c.path !== '/settings/fees') return undefined;
        if (refuse) return { status: 400, body: { message: 'Invalid request body', code: 'validation_failed', details: [{ field: 'overrides.ebay.fixed_cents', message: 'The fixed fee is at most $100.00 per order', code: 'too_big' }] } };
        const b = c.body as { overrides: Record<string, { rate_bp: number; fixed_cents: number } | null> };
        current = FEES(b.overrides.ebay);
        return one(current);
      },
    ]);
    open();
    const user = userEvent.setup();
    const rate = await screen.findByLabelText('eBay rate (%)');
    await user.type(rate, '11.5');
    await user.type(screen.getByLabelText('eBay fixed fee per order ($)'), '150');
    await user.click(screen.getByRole('button', { name: 'Save fee overrides' }));
    expect(await screen.findByText('The fixed fee is at most $100.00 per order')).toBeInTheDocument();
    expect(calls.of('PUT', '/settings/fees')[0].body).toEqual({ overrides: { amazon: null, ebay: { rate_bp: 1150, fixed_cents: 15_000 }, walmart: null, shopify: null } });

    // a rate the form cannot read is named before anything is sent
    const fixed = screen.getByLabelText('eBay fixed fee per order ($)');
    await user.clear(fixed);
    await user.type(fixed, '0.3x');
    await user.click(screen.getByRole('button', { name: 'Save fee overrides' }));
    expect(await screen.findByText('An amount in dollars, such as 0.30')).toBeInTheDocument();
    expect(calls.of('PUT', '/settings/fees')).toHaveLength(1);

    refuse = false;
    await user.clear(fixed);
    await user.type(fixed, '0.30');
    await user.click(screen.getByRole('button', { name: 'Save fee overrides' }));
    await waitFor(() => expect(calls.of('PUT', '/settings/fees')).toHaveLength(2));
    expect(calls.of('PUT', '/settings/fees')[1].body).toMatchObject({ overrides: { ebay: { rate_bp: 1150, fixed_cents: 30 } } });
    expect(await screen.findByText('Negotiated: 11.5 % + $0.30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use the standard eBay schedule' }));
    expect(screen.getByLabelText('eBay rate (%)')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save fee overrides' }));
    await waitFor(() => expect(calls.of('PUT', '/settings/fees')).toHaveLength(3));
    expect(calls.of('PUT', '/settings/fees')[2].body).toMatchObject({ overrides: { ebay: null } });
  });

  it('shows the schedules without a way to change them to a role that may not write settings', async () => {
    session.profile.role = 'agent';
    try {
      fakeApi([(c) => (c.method === 'GET' && c.path === '/settings/fees' ? one(FEES({ rate_bp: 1150, fixed_cents: 30 })) : undefined)]);
      open('agent');
      const rate = await screen.findByLabelText('eBay rate (%)');
      expect(rate).toHaveAttribute('readonly');
      expect(screen.getByText('You can see the fee schedules; only an administrator can change them.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save fee overrides' })).toBeNull();
      expect(screen.queryByRole('button', { name: /Use the standard/ })).toBeNull();
    } finally {
      session.profile.role = 'admin';
    }
  });
});
