// @vitest-environment jsdom
/**
 * Record pages for ids the API does not know, and after a delete — docs/commerce-ui.md "Unknown ids
 * and deleted records": an edit or show page whose record the API answers 404 shows "<Thing> not
 * found" with a way back to the list, no form and no toast; deleting from a show page lands on the
 * list with the success message alone, even when the page hears of the delete and reads the record again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { LiveEvent, LiveProvider } from '@refinedev/core';
import { setProfile } from '../../providers/auth/profile-store';
import { fakeRecordsApi, type RecordsApi } from './commerce-harness';
import { installDomShims } from './support/dom-shims';
import { renderConsole } from './support/render-console';
import type { Handler } from './support/fake-api';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));

const { default: ProductShow } = await import('../../resources/products/product-show');
const { default: ProductEdit } = await import('../../resources/products/product-edit');
const { default: SupplierShow } = await import('../../resources/suppliers/supplier-show');
const { default: SupplierEdit } = await import('../../resources/suppliers/supplier-edit');
const { default: OrderShow } = await import('../../resources/orders/order-show');

configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });

const UNKNOWN = '0b9a4c52-6a55-4d0e-9a43-52b1c3f0e7aa';

const product = (over: object = {}) => ({
  id: 'p1', handle: 'lamp', title: 'Desk Lamp', sku: 'LAMP', status: 'active', description: null, vendor: null, product_type: null,
  tags: null, price: 20, cost: null, map_price: null, stock: 10, weight: null, supplier_id: null, supplier_name: null,
  created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z', suppliers: [], variants: [],
  ...over,
});

let api: RecordsApi;
const where = () => screen.getByTestId('location').textContent;
const openPage = (path: string, route: string, page: ReactNode, liveProvider?: LiveProvider) =>
  renderConsole({ path, route, page, notificationProvider: api.notifications, liveProvider });

beforeEach(() => {
  installDomShims();
  setProfile({ id: 'u1', email: 'seller@demo.local', tenantId: 't1', role: 'user' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Settles what the page still does after it showed its state (late effects would toast here). */
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('an id the API does not know', () => {
  it.each([
    ['products', 'Product', <ProductEdit key="p" />],
    ['suppliers', 'Supplier', <SupplierEdit key="s" />],
  ])('/%s/:id/edit shows "%s not found", a link to the list, no form and no toast', async (resource, label, page) => {
    api = fakeRecordsApi({ [resource]: {} });
    openPage(`/${resource}/${UNKNOWN}/edit`, `/${resource}/:id/edit`, page);
    expect(await screen.findByRole('heading', { level: 1, name: `${label} not found` })).toBeInTheDocument();
    expect(screen.getByText(/It may have been deleted, or the link is wrong\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Back to ${resource}` })).toHaveAttribute('href', `/${resource}`);
    await settle();
    expect(document.querySelector('form')).toBeNull();
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(api.toasts).toEqual([]);
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it.each([
    ['products', 'Product', <ProductShow key="p" />],
    ['suppliers', 'Supplier', <SupplierShow key="s" />],
    ['orders', 'Order', <OrderShow key="o" />],
  ])('/%s/:id shows "%s not found", no record buttons and no toast', async (resource, label, page) => {
    api = fakeRecordsApi({ [resource]: {} });
    openPage(`/${resource}/${UNKNOWN}`, `/${resource}/:id`, page);
    expect(await screen.findByRole('heading', { level: 1, name: `${label} not found` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Back to ${resource}` })).toHaveAttribute('href', `/${resource}`);
    await settle();
    expect(screen.queryByRole('button', { name: /edit|delete/i })).toBeNull();
    expect(api.toasts).toEqual([]);
    // the record alone is read: none of the page's panels asks about a record that is not there
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET /${resource}/${UNKNOWN}`]);
  });

  it('the link goes back to the list', async () => {
    api = fakeRecordsApi({ products: {} });
    openPage(`/products/${UNKNOWN}/edit`, '/products/:id/edit', <ProductEdit />);
    fireEvent.click(await screen.findByRole('link', { name: 'Back to products' }));
    await waitFor(() => expect(where()).toBe('/products'));
  });
});

describe('a record that exists', () => {
  it('the edit page shows its form with the record', async () => {
    api = fakeRecordsApi({ products: { p1: product() } });
    openPage('/products/p1/edit', '/products/:id/edit', <ProductEdit />);
    expect(await screen.findByDisplayValue('Desk Lamp')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /save/i })).toBeInTheDocument();
    expect(api.toasts).toEqual([]);
  });

  it('another failure still shows the page\'s error with Retry', async () => {
    api = fakeRecordsApi({}, [(c) => (c.method === 'GET' && c.path === '/products/p1' ? { status: 422, body: { message: 'Tenant is read-only', code: 'read_only' } } : undefined)]);
    openPage('/products/p1', '/products/:id', <ProductShow />);
    expect(await screen.findByText('Could not load the product')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText(/not found/)).toBeNull();
  });
});

describe('deleting from the show page', () => {
  /** A live provider that tells the page's queries of `resources/products` of a deletion, as the event stream does. */
  function liveOfDeletes() {
    const subs: { channel: string; callback: (e: LiveEvent) => void }[] = [];
    const provider: LiveProvider = {
      subscribe: ({ channel, callback }) => {
        const s = { channel, callback };
        subs.push(s);
        return () => subs.splice(subs.indexOf(s), 1);
      },
      unsubscribe: (stop: () => void) => stop(),
    };
    const announce = (id: string) =>
      [...subs].filter((s) => s.channel === 'resources/products').forEach((s) => s.callback({ channel: s.channel, type: 'deleted', payload: { ids: [id] }, date: new Date() }));
    return { provider, announce };
  }

  it('goes to the list with the success message alone', async () => {
    const live = liveOfDeletes();
    // the record goes, and the page hears of it before the DELETE answers (it reads the record again)
    const deleting: Handler = (c) => {
      if (c.method !== 'DELETE' || c.path !== '/products/p1') return undefined;
      delete api.records.products.p1;
      live.announce('p1');
      return { body: { data: { id: 'p1' } } };
    };
    api = fakeRecordsApi({ products: { p1: product() } }, [deleting]);
    openPage('/products/p1', '/products/:id', <ProductShow />, live.provider);
    await screen.findByText('LAMP');
    fireEvent.click(screen.getByRole('button', { name: /delete/i }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(where()).toBe('/products'));
    await settle();
    expect(api.toasts.map((t) => [t.type, t.message])).toEqual([['success', 'Successfully deleted a product']]);
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/products/p1']);
  });
});
