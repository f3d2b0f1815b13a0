// @vitest-environment jsdom
/**
 * The pricing and listings sections of /settings (docs/settings.md "Repricing defaults", "MAP
 * policy"): each loads (a skeleton first), says why it could not and retries, saves on its own in
 * wire units (basis points, seconds, cents), shows the server's 400 under the field it names, and is
 * read-only for a role without write:settings. The MAP policy says what the new grace opened and
 * resolved. Fetch stubbed behind the real API client and data provider.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));
// the settings page asks the signed-in person's role (the section list's access decision)
const session = vi.hoisted(() => ({ email: 'admin@demo.local', profile: { role: 'admin' as const } }));
vi.mock('../../providers/auth/auth-context', () => ({ useAuth: () => session }));

import { REPRICING_DEFAULTS } from '../../contract/pricing';
import RepricingDefaultsSection from '../../resources/pricing/repricing-defaults-section';
import MapPolicySection from '../../resources/listings/map-policy-section';
import SettingsPage from '../../resources/settings/settings-page';
import { fakeApi, type Handler } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';
import type { Role } from '../../contract/roles';

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks('admin');

const one = (data: unknown) => ({ body: { data, _meta: { mocked: false, timestamp: '', source: 'api' } } });
// a 4xx: the API client retries a 5xx read with backoff before it reports it
const failure = { status: 400, body: { message: 'The settings cannot be read right now', code: 'bad_request' } };
const STAMP = { updated_at: '2026-11-20T10:00:00.000Z', updated_by: 'admin@demo.local' };

const show = (page: React.ReactNode, role: Role = 'admin') => renderConsole({ role, path: '/settings', route: '/settings', page });

describe('Repricing defaults', () => {
  it('shows a skeleton, then the error with Retry, then the defaults after the retry', async () => {
    let fail = true;
    const fake = fakeApi([(c) => (c.method === 'GET' && c.path === '/settings/repricing' ? (fail ? failure : one({ ...REPRICING_DEFAULTS, updated_at: null, updated_by: null })) : undefined)]);
    show(<RepricingDefaultsSection />);
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the repricing defaults');
    expect(alert).toHaveTextContent('The settings cannot be read right now');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Minimum margin')).toHaveValue('10.00');
    // never saved: it says new rules start from the standard values, and that rules are not changed
    expect(screen.getByText(/Not changed yet/)).toHaveTextContent('Changing them changes no existing rule.');
    expect(fake.of('GET', '/settings/repricing')).toHaveLength(2);
  });

  it('saves in basis points and seconds; the server\'s field error shows under its field', async () => {
    let refuse = true;
    let current: unknown = { ...REPRICING_DEFAULTS, updated_at: null, updated_by: null };
    const fake = fakeApi([
      (c) => (c.method === 'GET' && c.path === '/settings/repricing' ? one(current) : undefined),
      (c) => {
        if (c.method !== 'PUT' || c.path !== '/settings/repricing') return undefined;
        if (refuse) return { status: 400, body: { message: 'Invalid request body', code: 'validation_failed', details: [{ field: 'min_margin_bp', message: 'Minimum margin plus the marketplace fee (up to 15 %) must stay below 100 %', code: 'too_big' }] } };
        current = { ...(c.body as object), ...STAMP };
        return one(current);
      },
    ]);
    show(<RepricingDefaultsSection />);
    const user = userEvent.setup();
    const margin = await screen.findByLabelText('Minimum margin');
    fireEvent.change(margin, { target: { value: '12.5' } });
    fireEvent.change(screen.getByLabelText('Max change per run'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Min interval between changes'), { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText('Minimum seller rating'), { target: { value: '80' } });
    await user.click(screen.getByRole('checkbox', { name: 'The marketplace' }));
    await user.click(screen.getByRole('radio', { name: 'Auto-apply within bounds' }));
    await user.click(screen.getByRole('button', { name: 'Save repricing defaults' }));
    expect(await screen.findByText('Minimum margin plus the marketplace fee (up to 15 %) must stay below 100 %')).toBeInTheDocument();
    expect(fake.of('PUT', '/settings/repricing')[0].body).toEqual({
      ...REPRICING_DEFAULTS,
      mode: 'auto',
      min_margin_bp: 1250,
      max_change_bp: 500,
      min_interval_seconds: 5400,
      filters: { fulfilment: ['marketplace'], min_rating: 80, exclude_own: true },
    });

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save repricing defaults' }));
    expect(await screen.findByText(/Last changed by admin@demo.local/)).toBeInTheDocument();
    expect(fake.of('PUT', '/settings/repricing')).toHaveLength(2);
  });

  it('is read-only without write:settings', async () => {
    fakeApi([(c) => (c.method === 'GET' && c.path === '/settings/repricing' ? one({ ...REPRICING_DEFAULTS, ...STAMP }) : undefined)]);
    show(<RepricingDefaultsSection />, 'agent');
    expect(await screen.findByLabelText('Minimum margin')).toBeDisabled();
    expect(screen.getByText(/Last changed by admin@demo.local/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save repricing defaults' })).toBeNull();
    expect(screen.getByText('You can see the repricing defaults; only an administrator can change them.')).toBeInTheDocument();
  });
});

describe('MAP policy', () => {
  const SETTINGS = { grace_pct: 0, grace_cents: 0, updated_at: null, updated_by: null };

  it('shows a skeleton, then the error with Retry, then the grace after the retry', async () => {
    let fail = true;
    fakeApi([(c) => (c.method === 'GET' && c.path === '/listings/map-settings' ? (fail ? failure : one({ grace_pct: 2.5, grace_cents: 150, ...STAMP })) : undefined)]);
    show(<MapPolicySection />);
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the MAP policy');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Grace, amount')).toHaveValue('1.50');
    expect(screen.getByLabelText('Grace, percent of MAP')).toHaveValue('2.50');
  });

  it('saves the grace in cents, shows the field error, then what the new grace opened and resolved', async () => {
    let refuse = true;
    let current: unknown = SETTINGS;
    const fake = fakeApi([
      (c) => (c.method === 'GET' && c.path === '/listings/map-settings' ? one(current) : undefined),
      (c) => {
        if (c.method !== 'PUT' || c.path !== '/listings/map-settings') return undefined;
        if (refuse) return { status: 400, body: { message: 'Invalid request body', code: 'validation_failed', details: [{ field: 'grace_cents', message: 'Too big: expected number to be <=100000', code: 'too_big' }] } };
        current = { ...(c.body as object), ...STAMP };
        return one({ ...(current as object), violations_opened: 0, violations_resolved: 3 });
      },
    ]);
    show(<MapPolicySection />);
    const user = userEvent.setup();
    expect(await screen.findByText(/No grace yet/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Grace, percent of MAP'), { target: { value: '2.5' } });
    fireEvent.change(screen.getByLabelText('Grace, amount'), { target: { value: '1.15' } });
    await user.click(screen.getByRole('button', { name: 'Save MAP policy' }));
    expect(await screen.findByText('Too big: expected number to be <=100000')).toBeInTheDocument();
    // $1.15 is 115 cents exactly (contract/money.ts), not 114.99999
    expect(fake.of('PUT', '/listings/map-settings')[0].body).toEqual({ grace_pct: 2.5, grace_cents: 115 });

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save MAP policy' }));
    expect(await screen.findByText('The new grace opened 0 violations and resolved 3 violations.')).toBeInTheDocument();
    expect(screen.getByText(/Last changed by admin@demo.local/)).toBeInTheDocument();
  });

  it('is read-only without write:settings', async () => {
    fakeApi([(c) => (c.method === 'GET' && c.path === '/listings/map-settings' ? one(SETTINGS) : undefined)]);
    show(<MapPolicySection />, 'agent');
    expect(await screen.findByLabelText('Grace, amount')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save MAP policy' })).toBeNull();
    expect(screen.getByText('You can see the MAP policy; only an administrator can change it.')).toBeInTheDocument();
  });
});

describe('/settings', () => {
  it('lists both sections after the dropshipping automation, each heading linking to where its settings are worked', async () => {
    const handlers: Handler[] = [
      (c) => (c.method === 'GET' && c.path === '/settings/repricing' ? one({ ...REPRICING_DEFAULTS, updated_at: null, updated_by: null }) : undefined),
      (c) => (c.method === 'GET' && c.path === '/listings/map-settings' ? one({ grace_pct: 0, grace_cents: 0, updated_at: null, updated_by: null }) : undefined),
    ];
    fakeApi(handlers);
    show(<SettingsPage />);
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings.indexOf('Repricing defaults')).toBeGreaterThan(headings.indexOf('Dropshipping automation'));
    expect(headings.indexOf('MAP policy')).toBe(headings.indexOf('Repricing defaults') + 1);
    const links = screen.getAllByRole('link', { name: 'Repricing defaults', hidden: true }).map((a) => a.getAttribute('href'));
    expect(links).toContain('/pricing');
    expect(await screen.findByLabelText('Grace, amount')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Minimum margin')).toBeInTheDocument());
  });
});
