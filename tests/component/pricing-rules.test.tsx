// @vitest-environment jsdom
/**
 * /pricing (docs/repricing.md "Rules"): the rules table reads the server's page; the editor sends
 * the draft to the preview as the form changes (cents and basis points on the wire) and shows the
 * server's sentence; a rule is created with every field converted; delete asks first; a role is
 * offered the write buttons only through the permission matrix.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { REPRICING_DEFAULTS, RULE_DEFAULTS } from '../../contract/pricing';
import PricingPage from '../../resources/pricing/pricing-page';
import { fakeApi, listOf, type Call } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 120_000 });
pageTestHooks();

const R1 = '44444444-4444-4444-8444-444444444444';
const rule = {
  ...RULE_DEFAULTS,
  id: R1,
  name: 'Default beat by 1c',
  listings_count: 12,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-02T00:00:00Z',
};

const TENANT_DEFAULTS = { ...REPRICING_DEFAULTS, mode: 'auto', min_margin_bp: 1500, filters: { fulfilment: ['marketplace'], min_rating: 80, exclude_own: true } };

function api() {
  let previews = 0;
  return fakeApi([
    (c) => (c.method === 'GET' && c.path === '/pricing/rules' ? { body: listOf([rule]) } : undefined),
    (c) => (c.method === 'GET' && c.path === '/marketplaces' ? { body: listOf([]) } : undefined),
    // the store's repricing defaults: a new rule starts from them (docs/settings.md "Repricing defaults")
    (c) => (c.method === 'GET' && c.path === '/pricing/rules/defaults' ? { body: { data: { ...TENANT_DEFAULTS, updated_at: '2026-11-01T00:00:00Z', updated_by: 'admin@demo.local' } } } : undefined),
    (c) => {
      if (c.method !== 'POST' || c.path !== '/pricing/rules/preview') return undefined;
      previews += 1;
      const n = previews === 1 ? 142 : 7;
      return {
        body: {
          data: {
            listings: n, down: 38, up: 21, unchanged: 83, at_floor: 4, floor_above_ceiling: 0,
            summary: `With today's offers this rule would price ${n} listings: 38 down, 21 up, 83 unchanged; 4 at floor`,
            samples: [{ listing_id: 'l1', sku: 'LAMP-BLK', old_price_cents: 1999, new_price_cents: 1949, reason: 'Lowered $0.50 to beat Acme at $19.50; floor $17.80 (MAP)' }],
          },
        },
      };
    },
    (c) => (c.method === 'POST' && c.path === '/pricing/rules' ? { status: 201, body: { data: { ...rule, ...(c.body as object), id: 'new' } } } : undefined),
    (c) => (c.method === 'DELETE' && c.path === `/pricing/rules/${R1}` ? { body: { data: { id: R1, deleted: true } } } : undefined),
  ]);
}

const lastPreview = (calls: Call[]) => calls.filter((c) => c.path === '/pricing/rules/preview').at(-1)?.body as { rule: Record<string, unknown> } | undefined;

describe('/pricing rules and editor', () => {
  it('lists the rules with what each governs; the editor previews the draft and creates it in cents and basis points', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderConsole({ role: 'user', path: '/pricing', route: '/pricing', page: <PricingPage /> });
    expect(await screen.findByText('Default beat by 1c')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Create rule/ }));
    await user.type(await screen.findByLabelText('Rule name'), 'Amazon beat');
    // the preview answers with the engine's own sentence
    expect(await screen.findByText("With today's offers this rule would price 142 listings: 38 down, 21 up, 83 unchanged; 4 at floor", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Lowered $0.50 to beat Acme at $19.50; floor $17.80 (MAP)')).toBeInTheDocument();
    // debounced: typing the name sent one preview, not one per keystroke
    expect(fake.of('POST', '/pricing/rules/preview').length).toBe(1);

    // a ceiling of $24.99 and a 12.5 % maximum change reach the preview as cents and basis points
    fireEvent.change(screen.getByLabelText('Ceiling (optional)'), { target: { value: '24.99' } });
    fireEvent.change(screen.getByLabelText('Max change per run'), { target: { value: '12.5' } });
    expect(await screen.findByText(/would price 7 listings/, {}, { timeout: 5000 })).toBeInTheDocument();
    // the store's defaults, not the constant ones: 15 % margin, auto, marketplace-fulfilled competitors rated 80+
    expect(lastPreview(fake.calls)?.rule).toMatchObject({ name: 'Amazon beat', ceiling_cents: 2499, max_change_bp: 1250, min_margin_bp: 1500, step_unit: 'cents', step_value: 1, scope: { type: 'tenant' } });

    const drawer = screen.getByRole('dialog');
    await user.click(within(drawer).getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(fake.of('POST', '/pricing/rules')).toHaveLength(1));
    expect(fake.of('POST', '/pricing/rules')[0].body).toMatchObject({ name: 'Amazon beat', ceiling_cents: 2499, max_change_bp: 1250, mode: 'auto', filters: { fulfilment: ['marketplace'], min_rating: 80, exclude_own: true } });
    expect(fake.of('GET', '/pricing/rules/defaults')).toHaveLength(1);
  });

  it('deletes a rule only after the confirmation, which says what it governs', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderConsole({ role: 'user', path: '/pricing', route: '/pricing', page: <PricingPage /> });
    await screen.findByText('Default beat by 1c');
    await user.click(await screen.findByLabelText('Delete rule Default beat by 1c'));
    expect(await screen.findByText(/12 listings fall back to the next rule/)).toBeInTheDocument();
    expect(fake.of('DELETE', `/pricing/rules/${R1}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fake.of('DELETE', `/pricing/rules/${R1}`)).toHaveLength(1));
  });
});
