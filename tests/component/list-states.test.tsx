// @vitest-environment jsdom
/**
 * A list's states over the real data path (Refine's useTable → data provider → API client over a
 * stubbed fetch) — docs/api-client.md "Errors the user sees": while the client retries a 500 the list
 * says "Service temporarily unavailable. Retrying..."; once it gives up, the final error and a Retry
 * button, never "No products yet" under it, and react-query adds no retries of its own. URL filters
 * the API refuses are dropped with a plain sentence; a malformed id is "Product not found"; every list
 * change sends one request and the supplier picker does not refetch.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { createApiClient } from '../../providers/api';
import { createDataProvider, createQueryClient } from '../../providers/data-provider';
import { useNotificationProvider } from '../../providers/notification-provider';
import ProductList from '../../resources/products/product-list';
import ProductShow from '../../resources/products/product-show';
import OrderList from '../../resources/orders/order-list';
import SupplierList from '../../resources/suppliers/supplier-list';
import { fakeApi, listOf, type Handler } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 120_000 });

const PRODUCTS = [
  { id: '7c0e8f4e-3b7a-4d55-9a51-0d6f5c7a0001', title: 'Desk Lamp', sku: 'LAMP-1', status: 'active', price: 1950, stock: 4, supplier_name: null, variants_count: 1, updated_at: '2025-01-02T00:00:00Z' },
];
const SUPPLIERS = [{ id: 's1', name: 'Lamp Works', tier: 1, score: 88.2, country: 'US', on_time_rate: 0.97, defect_rate: 0.01, lead_time_days: 4, contact_name: null }];
const ORDERS = [{ id: 'ORD-100001', marketplace: 'amazon', customer_name: 'Ada', status: 'pending', items_count: 1, total: 4200, currency: 'USD', created_at: '2025-01-02T00:00:00Z' }];

/** Client retries wait on `release()` instead of the clock, so a test sees the retrying state. */
function controlledSleep() {
  const waiting: (() => void)[] = [];
  return {
    sleep: () => new Promise<void>((resolve) => waiting.push(resolve)),
    pending: () => waiting.length,
    release: () => waiting.splice(0).forEach((r) => r()),
  };
}

/** The page over an API client of its own (retries wait on `sleep`), with the app's notifications and react-query settings. */
function renderWithClient(url: string, route: string, page: ReactNode, sleep: (ms: number) => Promise<void> = async () => {}) {
  const client = createApiClient({
    fetch: (input, init) => window.fetch(input, init),
    baseUrl: '',
    clientVersion: 'test',
    getAccessToken: () => 'tok',
    refreshSession: async () => null,
    getTenantId: () => 't1',
    onAuthRequired: () => {},
    currentPath: () => url,
    now: () => Date.now(),
    sleep,
    random: () => 0.5,
    uuid: () => Math.random().toString(36).slice(2),
    storage: { getItem: () => JSON.stringify({ token: 'c', expiresAt: Date.now() + 60_000 }), setItem: () => {}, removeItem: () => {} },
  });
  return renderConsole({
    path: url,
    route,
    page,
    dataProvider: createDataProvider(client),
    notificationProvider: useNotificationProvider,
    // the app's own react-query settings: the retry layer is under test
    queryClient: createQueryClient(),
  });
}

const list = (rows: unknown[]): Handler => () => ({ body: listOf(rows) });
const at = (method: string, path: string, h: Handler): Handler => (c) => (c.method === method && c.path === path ? h(c) : undefined);
const where = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://x');

pageTestHooks();

describe('a list whose API answers 500', () => {
  it('says "Retrying..." while the client retries, then the final error with Retry — never the empty text', async () => {
    const timer = controlledSleep();
    let failing = true;
    const api = fakeApi([
      at('GET', '/suppliers', list(SUPPLIERS)),
      at('GET', '/products', () => (failing ? { status: 500, body: { message: 'relation "products" does not exist', code: 'internal' } } : { body: listOf(PRODUCTS) })),
    ]);
    renderWithClient('/products', '/products', <ProductList />, timer.sleep);

    expect(await screen.findByText('Service temporarily unavailable. Retrying...')).toBeInTheDocument();
    expect(screen.queryByText('No products yet')).not.toBeInTheDocument();
    expect(screen.queryByText(/Could not load/)).not.toBeInTheDocument();

    // the client's 3 retries, then it gives up
    for (let i = 0; i < 3; i++) {
      await waitFor(() => expect(timer.pending()).toBe(1));
      act(() => timer.release());
    }
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load products');
    expect(alert).toHaveTextContent('Service temporarily unavailable. Please try again.');
    expect(alert).not.toHaveTextContent('relation');
    expect(screen.queryByText('Service temporarily unavailable. Retrying...')).not.toBeInTheDocument();
    expect(screen.queryByText('No products yet')).not.toBeInTheDocument();
    // one retry layer: 1 call + 3 client retries, and react-query does not start over
    expect(api.of('GET', '/products')).toHaveLength(4);
    await act(() => new Promise((r) => setTimeout(r, 1_500)));
    expect(api.of('GET', '/products')).toHaveLength(4);
    expect(timer.pending()).toBe(0);

    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Desk Lamp')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no toast with a status code or "Failed to fetch"', async () => {
    fakeApi([at('GET', '/suppliers', list(SUPPLIERS)), at('GET', '/products', () => ({ status: 500, body: { message: 'boom' } }))]);
    renderWithClient('/products', '/products', <ProductList />);
    await screen.findByText('Could not load products');
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(document.body.textContent).not.toMatch(/status code|Failed to fetch|boom/);
  });
});

describe('a list whose API is down', () => {
  it('shows the 20 sample products flagged "Mocked data", never silently', async () => {
    fakeApi([at('GET', '/suppliers', list(SUPPLIERS))]);
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      new URL(input, 'http://x').pathname === '/api/products' ? Promise.reject(new TypeError('Failed to fetch')) : answered(input, init),
    );
    renderWithClient('/products', '/products', <ProductList />);
    const flag = await screen.findByText('Mocked data');
    expect(flag.closest('[role="status"]')).toHaveTextContent('generated samples');
    expect(await screen.findByText('Sample Product 1')).toBeInTheDocument();
    expect(screen.getByText('20 total')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('invalid URL filters and ids', () => {
  const refuse = (field: string, message: string): Handler => (c) =>
    c.query.has(field) ? { status: 400, body: { message: `Invalid request query: ${field}: ${message}`, code: 'validation_failed', details: [{ field, message, code: 'invalid_value' }] } } : undefined;

  it('/suppliers?tier=9 lists all suppliers with a plain sentence, and drops tier from the URL', async () => {
    const api = fakeApi([at('GET', '/suppliers', refuse('tier', 'Too big: expected number to be <=3')), at('GET', '/suppliers', list(SUPPLIERS))]);
    renderWithClient('/suppliers?tier=9', '/suppliers', <SupplierList />);
    expect(await screen.findByText('The link asked for Tier “9”, which is not a valid filter. Showing suppliers without it.')).toBeInTheDocument();
    expect(await screen.findByText('Lamp Works')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Invalid request|Too big|expected number/);
    await waitFor(() => expect(where().searchParams.has('tier')).toBe(false));
    expect(api.of('GET', '/suppliers').at(-1)!.query.has('tier')).toBe(false);
  });

  it('/orders?status=bogus lists all orders with a plain sentence', async () => {
    fakeApi([at('GET', '/me/orders', refuse('status', 'Invalid option: expected one of "pending"|"routed"')), at('GET', '/me/orders', list(ORDERS))]);
    renderWithClient('/orders?status=bogus', '/orders', <OrderList />);
    expect(await screen.findByText('The link asked for Status “bogus”, which is not a valid filter. Showing orders without it.')).toBeInTheDocument();
    expect(await screen.findByText('ORD-100001')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Invalid option|Invalid request/);
  });

  it('/orders?page=999 of 3 orders opens the last page instead of "No orders yet" beside the total', async () => {
    const api = fakeApi([
      (c) => (c.method === 'GET' && c.path === '/me/orders' && c.query.get('offset') !== '0' ? { body: { ...listOf([], 3), pagination: { total: 3, limit: 50, offset: Number(c.query.get('offset')) } } } : undefined),
      at('GET', '/me/orders', () => ({ body: listOf(ORDERS, 3) })),
    ]);
    renderWithClient('/orders?page=999', '/orders', <OrderList />);
    expect(await screen.findByText('ORD-100001')).toBeInTheDocument();
    expect(screen.queryByText('No orders yet')).toBeNull();
    await waitFor(() => expect(where().searchParams.get('page') ?? '1').toBe('1'));
    expect(api.of('GET', '/me/orders').at(-1)!.query.get('offset')).toBe('0');
  });

  it('/products/not-a-real-id says "Product not found"', async () => {
    fakeApi([
      at('GET', '/products/not-a-real-id', () => ({
        status: 400,
        body: { message: 'Invalid request params: id: Invalid UUID', code: 'validation_failed', details: [{ field: 'id', message: 'Invalid UUID', code: 'invalid_format' }] },
      })),
    ]);
    renderWithClient('/products/not-a-real-id', '/products/:id', <ProductShow />);
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Invalid UUID|Invalid request/);
  });
});

describe('one request per list change', () => {
  it('search, filter, sort and page each send one request; the supplier picker does not refetch', async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ ...PRODUCTS[0], id: `p${i}`, sku: `SKU-${i}`, title: `Lamp ${i}` }));
    const api = fakeApi([at('GET', '/suppliers', list(SUPPLIERS)), at('GET', '/products', () => ({ body: { ...listOf(many.slice(0, 20)), pagination: { total: 45, limit: 20, offset: 0 } } }))]);
    renderWithClient('/products', '/products', <ProductList />);
    await screen.findByText('Lamp 0');
    await waitFor(() => expect(api.of('GET', '/suppliers').length).toBeGreaterThan(0));
    const settle = () => act(() => new Promise((r) => setTimeout(r, 400)));
    await settle();
    const products = () => api.of('GET', '/products').length;
    const suppliers = api.of('GET', '/suppliers').length;
    expect(products()).toBe(1);

    const box = screen.getByRole('searchbox', { name: 'Search title or SKU' });
    fireEvent.change(box, { target: { value: 'lamp' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(products()).toBe(2));
    await settle();
    expect(products()).toBe(2);
    expect(api.of('GET', '/products').at(-1)!.query.get('search')).toBe('lamp');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Draft'));
    await waitFor(() => expect(products()).toBe(3));
    await settle();
    expect(products()).toBe(3);
    expect(api.of('GET', '/products').at(-1)!.query.get('status')).toBe('draft');

    fireEvent.click(screen.getAllByText('Price').find((e) => e.closest('th'))!);
    await waitFor(() => expect(products()).toBe(4));
    await settle();
    expect(products()).toBe(4);
    expect(api.of('GET', '/products').at(-1)!.query.get('sort')).toBe('price');

    fireEvent.click(within(screen.getByTitle('Next Page')).getByRole('button'));
    await waitFor(() => expect(products()).toBe(5));
    await settle();
    expect(products()).toBe(5);
    expect(api.of('GET', '/products').at(-1)!.query.get('offset')).toBe('20');

    expect(Object.fromEntries(where().searchParams)).toMatchObject({ search: 'lamp', status: 'draft', sort: 'price', page: '2' });
    expect(api.of('GET', '/suppliers')).toHaveLength(suppliers);
    // four changes driven through antd in jsdom: slow on a busy machine
  }, 300_000);
});

describe('spec query parameters in the URL', () => {
  it('/orders?id=X&status=pending filters by status and opens order X, which is not a list filter', async () => {
    const api = fakeApi([at('GET', '/me/orders', list(ORDERS)), at('GET', '/orders/ORD-100001', () => ({ body: { data: { ...ORDERS[0], items: [], status_history: [] } } }))]);
    renderWithClient('/orders?id=ORD-100001&status=pending', '/orders', <OrderList />);
    await screen.findByRole('dialog', { name: 'Order ORD-100001' });
    const q = api.of('GET', '/me/orders')[0].query;
    expect(q.get('status')).toBe('pending');
    expect(q.has('id')).toBe(false);
    expect(Object.fromEntries(where().searchParams)).toEqual({ id: 'ORD-100001', status: 'pending' });
  });
});
