// @vitest-environment jsdom
/**
 * /settings (docs/settings.md): the store profile first, then the domains' sections with a side list
 * linking to each; the store profile saved on its own with `PUT /settings/store`, the server's 400
 * shown under the fields it names (the address's postal code), and the notification preferences
 * saved on their own. Fetch stubbed behind the real API client and data provider.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));
// the page asks the signed-in person's role (the section list's access decision)
const session = vi.hoisted(() => ({ email: 'admin@demo.local', profile: { role: 'admin' as const } }));
vi.mock('../../providers/auth/auth-context', () => ({ useAuth: () => session }));

import SettingsPage from '../../resources/settings/settings-page';
import { fakeApi } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks('admin');

const PROFILE = { name: 'Demo Store', currency: 'USD', timezone: 'UTC', address: null, updated_at: null, updated_by: null };
const one = (data: unknown) => ({ body: { data, _meta: { mocked: false, timestamp: '', source: 'api' } } });

const saved = (b: unknown) => ({ ...PROFILE, ...(b as object), updated_at: '2026-01-01T00:00:00.000Z', updated_by: 'admin@demo.local' });

function api(store: (body: unknown) => { status?: number; body?: unknown } = (b) => one(saved(b))) {
  let current: unknown = PROFILE;
  return fakeApi([
    (c) => (c.method === 'GET' && c.path === '/settings/store' ? one(current) : undefined),
    (c) => {
      if (c.method !== 'PUT' || c.path !== '/settings/store') return undefined;
      const r = store(c.body);
      if (!r.status || r.status < 300) current = saved(c.body);
      return r;
    },
    (c) => (c.method === 'GET' && c.path === '/settings/notifications' ? one({ recipients: { critical: ['admin@demo.local'] }, updated_at: null, updated_by: null }) : undefined),
    (c) => (c.method === 'PUT' && c.path === '/settings/notifications' ? one({ ...(c.body as object), updated_at: '2026-01-01T00:00:00.000Z', updated_by: 'admin@demo.local' }) : undefined),
    (c) => (c.method === 'GET' && c.path === '/settings/members' ? one([{ email: 'admin@demo.local', role: 'admin' }, { email: 'agent@demo.local', role: 'agent' }]) : undefined),
    (c) => (c.method === 'GET' && c.path === '/fulfillment/settings' ? { status: 500, body: { message: 'not in this test', code: 'internal' } } : undefined),
  ]);
}

const open = () => renderConsole({ role: 'admin', path: '/settings', route: '/settings', page: <SettingsPage /> });

describe('/settings', () => {
  it('shows the store profile first, then the notification preferences, with a side list of the sections', async () => {
    api();
    open();
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent).slice(0, 2)).toEqual(['Store profile', 'Notification preferences']);
    // the side list (hidden on narrow screens: jsdom applies no media query)
    const nav = screen.getByRole('navigation', { name: 'Settings sections', hidden: true });
    expect(within(nav).getByRole('link', { name: 'Store profile', hidden: true })).toHaveAttribute('href', '#settings-store');
    expect(within(nav).getByRole('link', { name: 'Feature flags', hidden: true })).toBeInTheDocument();
    expect(await screen.findByLabelText('Store name')).toHaveValue('Demo Store');
    expect(screen.queryByText(/later release/)).toBeNull();
  });

  it('saves the store profile on its own; the server\'s field errors show under their fields', async () => {
    let refuse = true;
    const calls = api((b) =>
      refuse
        ? { status: 400, body: { message: 'Invalid request body', code: 'validation_failed', details: [{ field: 'address.postal_code', message: 'Not a US ZIP code (5 digits, or ZIP+4 such as 94105-1234)', code: 'custom' }] } }
        : one(saved(b)),
    );
    open();
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Store name');
    await user.clear(name);
    await user.type(name, 'Demo Outlet');
    await user.type(screen.getByLabelText('Name on labels'), 'Returns');
    await user.type(screen.getByLabelText('Street address'), '1 Warehouse Lane');
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.type(screen.getByLabelText('Postal code'), 'ABCDE');
    await user.click(screen.getByRole('button', { name: 'Save store profile' }));
    expect(await screen.findByText('Not a US ZIP code (5 digits, or ZIP+4 such as 94105-1234)')).toBeInTheDocument();
    expect(calls.of('PUT', '/settings/store')[0].body).toMatchObject({ name: 'Demo Outlet', currency: 'USD', timezone: 'UTC', address: { name: 'Returns', line1: '1 Warehouse Lane', city: 'Austin', postal_code: 'ABCDE' } });
    // the notification preferences were not sent with it
    expect(calls.of('PUT', '/settings/notifications')).toHaveLength(0);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save store profile' }));
    expect(await screen.findByText(/Last changed by admin@demo.local/)).toBeInTheDocument();
    expect(calls.of('PUT', '/settings/store')).toHaveLength(2);
  });

  it('saves the notification preferences on their own', async () => {
    const calls = api();
    open();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Save notification preferences' });
    await user.click(screen.getByRole('button', { name: 'Save notification preferences' }));
    await waitFor(() => expect(calls.of('PUT', '/settings/notifications')).toHaveLength(1));
    expect(calls.of('PUT', '/settings/notifications')[0].body).toMatchObject({ recipients: { critical: ['admin@demo.local'], high: [] } });
    expect(calls.of('PUT', '/settings/store')).toHaveLength(0);
  });
});
