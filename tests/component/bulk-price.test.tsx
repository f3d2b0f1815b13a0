// @vitest-environment jsdom
/**
 * The bulk price edit of products and listings, one shared dialog (resources/shared/bulk-price.tsx;
 * docs/commerce-ui.md "Bulk product edit"): it opens on "Change by %", the confirmation writes amounts
 * with their currency, and a product price below cost is stopped with a message naming the products
 * before anything is sent; listings ask the same question after the server's below_cost answers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { setProfile } from '../../providers/auth/profile-store';
import { fakeRecordsApi, type RecordsApi } from './commerce-harness';
import { listing } from './listings-harness';
import { installDomShims } from './support/dom-shims';
import { renderConsole } from './support/render-console';
import type { Product } from '../../contract/products';
import type { Listing } from '../../contract/listings';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));

const { ProductBulkActions } = await import('../../resources/products/product-bulk');
const { ListingBulkActions } = await import('../../resources/listings/listing-bulk');

configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });

const product = (id: string, title: string, over: Partial<Product> = {}): Product => ({
  id, handle: id, title, sku: title.toUpperCase().replace(/\s/g, '-'), status: 'active', vendor: null, product_type: null,
  price: 20, cost: 5, map_price: null, stock: 10, weight: null, supplier_id: null, supplier_name: null,
  created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z', ...over,
});

let api: RecordsApi;
const bulkCalls = (path: string) => api.calls.filter((c) => c.method === 'POST' && c.path === path);
const open = (page: ReactNode) => renderConsole({ path: '/products', route: '/products', page, notificationProvider: api.notifications });
/** The open dialog with this title (a confirmation names it twice: its title and its accessible label). */
const dialogTitled = async (title: string | RegExp) => (await screen.findAllByText(title, { selector: '.ant-modal-title, .ant-modal-confirm-title' }))[0].closest('.ant-modal') as HTMLElement;
const clickIn = (scope: HTMLElement, name: string | RegExp) => fireEvent.click(within(scope).getByRole('button', { name }));

const okAll = () => (c: { method: string; path: string; body: unknown }) =>
  c.method === 'POST' && c.path === '/products/bulk' ? { body: { data: { results: (c.body as { ids: string[] }).ids.map((id) => ({ id, ok: true })) } } } : undefined;

beforeEach(() => {
  installDomShims();
  setProfile({ id: 'u1', email: 'seller@demo.local', tenantId: 't1', role: 'user' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openPriceDialog(title: RegExp) {
  fireEvent.click(screen.getByRole('button', { name: /edit price|change price/i }));
  return dialogTitled(title);
}

async function setPrice(dialog: HTMLElement, amount: string) {
  fireEvent.click(within(dialog).getByLabelText('Set price to'));
  const input = await within(dialog).findByLabelText('New price (USD)');
  fireEvent.change(input, { target: { value: amount } });
}

describe('products: bulk price', () => {
  it('opens on "Change by %", as the listings do', async () => {
    api = fakeRecordsApi({}, [okAll()]);
    open(<ProductBulkActions selected={[product('p1', 'Desk Lamp')]} onClear={() => {}} />);
    const dialog = await openPriceDialog(/Edit price of 1 product/);
    expect(within(dialog).getByLabelText('Change by %')).toBeChecked();
    expect(within(dialog).getByLabelText('Set price to')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Change (%)')).toBeInTheDocument();
    const options = within(dialog).getAllByRole('radio').map((r) => r.closest('label')?.textContent);
    expect(options).toEqual(['Change by %', 'Set price to']);
  });

  it('the confirmation writes the new price with its currency', async () => {
    api = fakeRecordsApi({}, [okAll()]);
    open(<ProductBulkActions selected={[product('p1', 'Desk Lamp'), product('p2', 'Floor Lamp')]} onClear={() => {}} />);
    const dialog = await openPriceDialog(/Edit price of 2 products/);
    await setPrice(dialog, '1234.5');
    clickIn(dialog, 'Continue');
    const confirm = await dialogTitled('Update 2 products?');
    expect(confirm).toHaveTextContent('This will set the price to $1,234.50 for 2 products (every variant).');
    clickIn(confirm, 'Apply');
    await waitFor(() => expect(bulkCalls('/products/bulk')).toHaveLength(1));
    expect(bulkCalls('/products/bulk')[0].body).toEqual({ action: 'update', ids: ['p1', 'p2'], changes: { price: 1234.5 } });
  });

  it('a price below cost is stopped before anything is sent, naming the products and the amounts', async () => {
    api = fakeRecordsApi({}, [okAll()]);
    const selected = [product('p1', 'Desk Lamp', { cost: 5 }), product('p2', 'Floor Lamp', { cost: null }), product('p3', 'Wall Lamp', { cost: 1.5 })];
    open(<ProductBulkActions selected={selected} onClear={() => {}} />);
    const dialog = await openPriceDialog(/Edit price of 3 products/);
    await setPrice(dialog, '2');
    clickIn(dialog, 'Continue');
    const question = await dialogTitled('1 product would sell below cost');
    expect(question).toHaveTextContent('The new price is below cost for this product; every sale would lose money');
    expect(question).toHaveTextContent('Desk Lamp (DESK-LAMP) at $2.00, cost $5.00');
    expect(question).not.toHaveTextContent('Wall Lamp');
    expect(question).toHaveTextContent('Nothing has been sent.');
    expect(bulkCalls('/products/bulk')).toHaveLength(0);

    clickIn(question, 'Cancel');
    await waitFor(() => expect(screen.queryAllByText('1 product would sell below cost')).toEqual([]));
    expect(bulkCalls('/products/bulk')).toHaveLength(0);
  });

  it('a change in % that lands below cost is stopped too; "Sell at a loss" sends it', async () => {
    api = fakeRecordsApi({}, [okAll()]);
    open(<ProductBulkActions selected={[product('p1', 'Desk Lamp', { price: 20, cost: 5 }), product('p2', 'Floor Lamp', { price: 80, cost: 5 })]} onClear={() => {}} />);
    const dialog = await openPriceDialog(/Edit price of 2 products/);
    fireEvent.change(within(dialog).getByLabelText('Change (%)'), { target: { value: '-90' } });
    clickIn(dialog, 'Continue');
    const question = await dialogTitled('1 product would sell below cost');
    expect(question).toHaveTextContent('Desk Lamp (DESK-LAMP) at $2.00, cost $5.00');
    expect(bulkCalls('/products/bulk')).toHaveLength(0);
    clickIn(question, 'Sell at a loss');
    await waitFor(() => expect(bulkCalls('/products/bulk')).toHaveLength(1));
    expect(bulkCalls('/products/bulk')[0].body).toEqual({ action: 'update', ids: ['p1', 'p2'], changes: { price_delta_pct: -90 } });
  });
});

describe('listings: the same dialog and question', () => {
  it('opens on "Change by %" and asks about the listings the server refused below cost', async () => {
    api = fakeRecordsApi({}, [
      (c) => {
        if (c.method !== 'POST' || c.path !== '/listings/bulk-actions') return undefined;
        const b = c.body as { ids: string[]; confirm_below_cost: boolean };
        return { body: { data: { results: b.ids.map((id) => (id === 'l1' && !b.confirm_below_cost ? { id, ok: false, error: { code: 'below_cost', message: 'Price is below cost' } } : { id, ok: true })) } } };
      },
    ]);
    const selected = [listing('l1', 'Desk Lamp'), listing('l2', 'Floor Lamp')] as unknown as Listing[];
    open(<ListingBulkActions selected={selected} onClear={() => {}} />);
    const dialog = await openPriceDialog(/Change the price of 2 listings/);
    expect(within(dialog).getByLabelText('Change by %')).toBeChecked();
    await setPrice(dialog, '3');
    clickIn(dialog, 'Continue');
    const confirm = await dialogTitled('Change the price of 2 listings?');
    expect(confirm).toHaveTextContent('This will set the price to $3.00 on 2 listings');
    clickIn(confirm, 'Apply');
    const question = await dialogTitled('1 listing would sell below cost');
    clickIn(question, 'List at a loss');
    await waitFor(() => expect(bulkCalls('/listings/bulk-actions')).toHaveLength(2));
    expect(bulkCalls('/listings/bulk-actions')[1].body).toMatchObject({ action: 'change_price', ids: ['l1'], price_cents: 300, confirm_below_cost: true });
  });
});
