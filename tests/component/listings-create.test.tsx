// @vitest-environment jsdom
/**
 * /listings/create (docs/marketplaces-ui.md "Create Listing"): a price below the variant's MAP is a
 * warning (the listing would be a violation); below cost the server answers 409 below_cost, the page
 * shows it and sends again with confirm_below_cost only when the seller confirms.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { BELOW_COST_MESSAGE } from '../../contract/listings';
import CreateListingPage from '../../resources/listings/create-listing-page';
import { account, listing } from './listings-harness';
import { fakeApi, listOf, type Call } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 120_000 });
pageTestHooks();

const P1 = '22222222-2222-4222-8222-222222222222';
const V1 = '33333333-3333-4333-8333-333333333333';
const M1 = '11111111-1111-4111-8111-111111111111';

const product = {
  id: P1, handle: 'desk-lamp', title: 'Desk Lamp', sku: 'LAMP', status: 'active', vendor: null, product_type: null, price: 30, cost: 12, map_price: 25,
  stock: 9, weight: null, supplier_id: null, supplier_name: null, variants_count: 1, created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z',
};
const variant = {
  id: V1, sku: 'LAMP-BLK', price: 30, compare_at_price: null, cost: 12, map_price: 25, stock: 9, weight: null,
  option1_name: 'Color', option1_value: 'Black', option2_name: null, option2_value: null, option3_name: null, option3_value: null,
};

function createApi(belowCostUnlessConfirmed: boolean) {
  return fakeApi([
    (c) => (c.method === 'GET' && c.path === '/products' ? { body: listOf([product]) } : undefined),
    (c) => (c.method === 'GET' && c.path === `/products/${P1}` ? { body: { data: { ...product, description: null, tags: null, variants: [variant], suppliers: [] } } } : undefined),
    (c) => (c.method === 'GET' && c.path === '/marketplaces' ? { body: listOf([account(M1, 'Amazon US'), account('m2', 'Paused eBay', { status: 'paused', kind: 'ebay' })]) } : undefined),
    (c) => {
      if (c.method !== 'POST' || c.path !== '/listings') return undefined;
      const b = c.body as { confirm_below_cost: boolean };
      if (belowCostUnlessConfirmed && !b.confirm_below_cost) {
        return { status: 409, body: { code: 'below_cost', message: BELOW_COST_MESSAGE, details: [{ field: 'price_cents', message: BELOW_COST_MESSAGE, code: 'below_cost' }] } };
      }
      return { status: 201, body: { data: { ...listing('new-1', 'Desk Lamp'), offers: [], history: [] } } };
    },
  ]);
}

async function pickOption(label: string, option: string, user: ReturnType<typeof userEvent.setup>) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  await user.click(await screen.findByTitle(option));
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, price: string) {
  await pickOption('Product', 'Desk Lamp (LAMP)', user);
  // the only variant is picked for the seller and brings its price
  await waitFor(() => expect(screen.getByLabelText('Price (USD)')).toHaveValue('30.00'));
  await pickOption('Marketplaces', 'Amazon US (Amazon)', user);
  const priceBox = screen.getByLabelText('Price (USD)');
  await user.clear(priceBox);
  await user.type(priceBox, price);
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/listings');

describe('/listings/create', () => {
  it('warns below MAP, and lists only connected marketplaces', async () => {
    const user = userEvent.setup({ delay: null });
    createApi(false);
    renderConsole({ role: 'user', path: '/listings/create', route: '/listings/create', page: <CreateListingPage /> });
    fireEvent.mouseDown(await screen.findByLabelText('Marketplaces'));
    expect(await screen.findByTitle('Amazon US (Amazon)')).toBeInTheDocument();
    expect(screen.queryByTitle('Paused eBay (eBay)')).toBeNull();
    fireEvent.keyDown(screen.getByLabelText('Marketplaces'), { key: 'Escape' });

    await fillForm(user, '20');
    expect(await screen.findByText('Below the MAP price of $25.00: the listing will be recorded as a MAP violation.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Price (USD)'));
    await user.type(screen.getByLabelText('Price (USD)'), '26');
    await waitFor(() => expect(screen.queryByText(/Below the MAP price/)).toBeNull());
  });

  it('below cost: shows the 409, sends nothing more until confirmed, then confirms', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApi(true);
    renderConsole({ role: 'user', path: '/listings/create', route: '/listings/create', page: <CreateListingPage /> });
    await screen.findByLabelText('Product');
    await fillForm(user, '10');
    expect(await screen.findByText(/Below the cost of \$12.00/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create listing' }));

    await waitFor(() => expect(posts(api.calls)).toHaveLength(1));
    expect(posts(api.calls)[0].body).toEqual({
      variant_id: V1,
      marketplace_id: M1,
      price_cents: 1000,
      quantity_rule: { mode: 'stock_minus_buffer', buffer: 0 },
      status: 'active',
      confirm_below_cost: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(BELOW_COST_MESSAGE);
    expect(screen.getByTestId('location')).toHaveTextContent('/listings/create');

    await user.click(screen.getByRole('button', { name: 'List at a loss' }));
    await waitFor(() => expect(posts(api.calls)).toHaveLength(2));
    expect(posts(api.calls)[1].body).toMatchObject({ marketplace_id: M1, price_cents: 1000, confirm_below_cost: true });
    // created: the new listing opens over the listings table
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/listings?id=new-1'));
  });
});
