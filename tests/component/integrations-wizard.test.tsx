// @vitest-environment jsdom
/**
 * The link wizard at /orchestrator/marketplaces/link (docs/marketplaces-ui.md "Link wizard"): kind →
 * connection → verify (the status `POST /api/marketplaces` answers) → first listings through
 * `POST /api/listings/bulk`. Only an administrator links; other roles are told so and see no form.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { setProfile } from '../../providers/auth/profile-store';
import LinkMarketplacePage from '../../resources/orchestrator/link-marketplace-page';
import { account } from './listings-harness';
import { fakeApi, listOf } from './support/fake-api';
import { installDomShims } from './support/dom-shims';
import { renderConsole } from './support/render-console';

vi.setConfig({ testTimeout: 120_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  installDomShims();
});

const M1 = '11111111-1111-4111-8111-111111111111';
const PRODUCTS = ['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1', 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2'];

function wizardApi() {
  return fakeApi([
    (c) => (c.method === 'POST' && c.path === '/marketplaces' ? { status: 201, body: { data: account(M1, (c.body as { name: string }).name, { kind: 'walmart', listings_count: 0, active_listings_count: 0 }) } } : undefined),
    (c) => (c.method === 'GET' && c.path === '/products' ? { body: listOf(PRODUCTS.map((id) => ({ id, title: id, sku: id }))) } : undefined),
    (c) => (c.method === 'POST' && c.path === '/listings/bulk' ? { body: { created: 3, skipped: 1, failed: 0, total: 4, job: null } } : undefined),
  ]);
}

const step = (title: string) => document.querySelector('.ant-steps-item-process .ant-steps-item-title')?.textContent === title;

describe('/orchestrator/marketplaces/link', () => {
  it('links a sandbox account step by step and lists its first products', async () => {
    setProfile({ id: 'u1', email: 'admin@demo.local', tenantId: 't1', role: 'admin' });
    const user = userEvent.setup({ delay: null });
    const api = wizardApi();
    renderConsole({ role: 'admin', path: '/orchestrator/marketplaces/link', route: '/orchestrator/marketplaces/link', page: <LinkMarketplacePage /> });

    // step 1: the kind is required; picking it names the account
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Pick a marketplace')).toBeInTheDocument();
    expect(step('Marketplace')).toBe(true);
    await user.click(screen.getByRole('radio', { name: /Walmart/ }));
    expect(screen.getByLabelText('Account name')).toHaveValue('Walmart store');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // step 2: Walmart has no live connector, so the sandbox is the only choice
    await waitFor(() => expect(step('Connection')).toBe(true));
    expect(screen.getByRole('radio', { name: /Live account/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Sandbox/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Link account' }));

    // step 3: the answer's status
    await waitFor(() => expect(api.of('POST', '/marketplaces')).toHaveLength(1));
    expect(api.of('POST', '/marketplaces')[0].body).toEqual({ kind: 'walmart', name: 'Walmart store', mode: 'sandbox', sandbox_order_rate: 0.02 });
    expect(await screen.findByText('Walmart store is connected')).toBeInTheDocument();
    expect(step('Verify')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next: first listings' }));

    // step 4: the newest active products, listed through the bulk endpoint
    await waitFor(() => expect(step('First listings')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Create listings' }));
    await waitFor(() => expect(api.of('POST', '/listings/bulk')).toHaveLength(1));
    const products = api.of('GET', '/products')[0].query;
    expect(products.get('status')).toBe('active');
    expect(products.get('limit')).toBe('25');
    expect(api.of('POST', '/listings/bulk')[0].body).toEqual({
      marketplace_ids: [M1],
      product_ids: PRODUCTS,
      variant_ids: [],
      price_delta_pct: 0,
      quantity_rule: { mode: 'stock_minus_buffer', buffer: 0 },
      status: 'active',
    });
    expect(await screen.findByText('3 listings created on Walmart store')).toBeInTheDocument();
    expect(screen.getByText(/1 skipped/)).toBeInTheDocument();
  });

  it.each(['user', 'agent'] as const)('a %s is told only an administrator links, and gets no form', async (role) => {
    setProfile({ id: 'u1', email: `${role}@demo.local`, tenantId: 't1', role });
    const api = wizardApi();
    renderConsole({ role, path: '/orchestrator/marketplaces/link', route: '/orchestrator/marketplaces/link', page: <LinkMarketplacePage /> });
    expect(await screen.findByText('Only an administrator can link a marketplace')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link account' })).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
