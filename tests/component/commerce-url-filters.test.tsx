// @vitest-environment jsdom
/**
 * List pre-filtering from the URL — docs/product/routes-and-roles.md (`/products?sku`, `/orders?status`, `/suppliers?tier`),
 * docs/product/api-calls.md "The calls" (orders list from GET /me/orders), docs/commerce.md: the lists ask the data provider for what the
 * URL names, show it in their filters, and write filter changes back to plain URL parameters.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Refine, type BaseRecord, type DataProvider, type GetListParams, type GetOneParams } from '@refinedev/core';
import type { ComponentType } from 'react';
import { routerProvider } from '../../providers/router/router-provider';

// the lists' CSV and bulk buttons talk to the browser's API client; these tests only read lists
vi.mock('../../providers/app-client', () => ({ apiClient: { url: (p = '') => `/api${p}`, post: vi.fn(), csrf: { get: () => null } } }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: null } }) } } }));

const { default: ProductList } = await import('../../resources/products/product-list');
const { default: OrderList } = await import('../../resources/orders/order-list');
const { default: SupplierList } = await import('../../resources/suppliers/supplier-list');

const ROWS: Record<string, BaseRecord[]> = {
  products: [
    { id: 'p1', title: 'Desk Lamp', sku: 'LAMP-1', status: 'active', price: 19.5, stock: 4, supplier_name: 'Lamp Works', variants_count: 2, updated_at: '2025-01-02T00:00:00Z' },
    { id: 'p2', title: 'Floor Lamp', sku: 'LAMP-2', status: 'draft', price: 59, stock: 40, supplier_name: null, variants_count: 0, updated_at: '2025-01-02T00:00:00Z' },
  ],
  orders: [{ id: 'ORD-9', marketplace: 'ebay', customer_name: 'Bo', status: 'shipped', items_count: 1, total: 5, currency: 'USD', created_at: '2025-01-01T00:00:00Z', items: [], status_history: [] }, { id: 'ORD-100001', marketplace: 'amazon', customer_name: 'Ada', status: 'pending', items_count: 1, total: 42, currency: 'USD', created_at: '2025-01-02T00:00:00Z' }],
  suppliers: [{ id: 's1', name: 'Lamp Works', tier: 1, score: 88.2, country: 'US', on_time_rate: 0.97, defect_rate: 0.01, lead_time_days: 4, contact_name: null }],
};

function fakeProvider(calls: GetListParams[]): DataProvider {
  return {
    getApiUrl: () => '/api',
    getList: async <T extends BaseRecord>(p: GetListParams) => {
      calls.push(p);
      return { data: ROWS[p.resource] as T[], total: ROWS[p.resource].length };
    },
    getOne: async <T extends BaseRecord>(p: GetOneParams) => ({ data: ROWS[p.resource].find((r) => r.id === p.id) as T }),
    create: async <T extends BaseRecord>() => ({ data: {} as T }),
    update: async <T extends BaseRecord>() => ({ data: {} as T }),
    deleteOne: async <T extends BaseRecord>() => ({ data: {} as T }),
  };
}

let go: (to: string) => void = () => {};
function Where() {
  const l = useLocation();
  go = useNavigate();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

/** The list's own calls (the supplier picker of the products list asks for suppliers too). */
function renderList(url: string, path: string, List: ComponentType) {
  const all: GetListParams[] = [];
  const resource = path.slice(1);
  render(
    <MemoryRouter initialEntries={[url]}>
      <Refine
        dataProvider={fakeProvider(all)}
        routerProvider={routerProvider}
        resources={[
          { name: 'products', list: '/products', show: '/products/:id', create: '/products/create' },
          { name: 'orders', list: '/orders', show: '/orders/:id' },
          { name: 'suppliers', list: '/suppliers', show: '/suppliers/:id', create: '/suppliers/create' },
        ]}
        options={{ disableTelemetry: true }}
      >
        <Routes>
          <Route path={path} element={<List />} />
        </Routes>
        <Where />
      </Refine>
    </MemoryRouter>,
  );
  return { own: () => all.filter((c) => c.resource === resource) };
}

const filtersOf = (p: GetListParams | undefined) =>
  Object.fromEntries((p?.filters ?? []).map((f) => ('field' in f ? [f.field, f.value] : ['?', f.value])));

// Refine, antd and react-query in jsdom are slow on a busy machine
vi.setConfig({ testTimeout: 120_000 });

beforeEach(() => {
  // antd's responsive helpers and scroll lock need browser APIs jsdom lacks
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }),
  });
  const computed = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((elt) => computed(elt));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('lists pre-filtered by the URL', () => {
  it('/orders?status=pending asks GET /me/orders for pending orders and shows the filter', async () => {
    const { own } = renderList('/orders?status=pending', '/orders', OrderList);
    await waitFor(() => expect(own().length).toBeGreaterThan(0));
    expect(own()[0].meta?.path).toBe('/me/orders');
    expect(filtersOf(own()[0])).toEqual({ status: 'pending' });
    expect(await screen.findByText('ORD-100001')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' }).closest('.ant-select')).toHaveTextContent('Pending');
  });

  it('/suppliers?tier=1 asks for tier 1 suppliers', async () => {
    const { own } = renderList('/suppliers?tier=1', '/suppliers', SupplierList);
    await waitFor(() => expect(own().length).toBeGreaterThan(0));
    expect(filtersOf(own()[0])).toEqual({ tier: '1' });
    expect(screen.getByRole('combobox', { name: 'Tier' }).closest('.ant-select')).toHaveTextContent('Tier 1');
  });

  it('/products?sku=LAMP-1 narrows to the SKU, shows it as a filter and highlights the product', async () => {
    const { own } = renderList('/products?sku=LAMP-1', '/products', ProductList);
    await waitFor(() => expect(own().length).toBeGreaterThan(0));
    expect(filtersOf(own()[0])).toEqual({ sku: 'LAMP-1' });
    expect(screen.getByText('SKU: LAMP-1')).toBeInTheDocument();
    const row = (await screen.findByText('Desk Lamp')).closest('tr');
    expect(row).toHaveClass('product-row-highlight');
    expect(screen.getByText('Floor Lamp').closest('tr')).not.toHaveClass('product-row-highlight');
  });

  it('keeps sort and page from the URL', async () => {
    const { own } = renderList('/products?sort=price&order=asc&page=2&pageSize=50', '/products', ProductList);
    await waitFor(() => expect(own().length).toBeGreaterThan(0));
    expect(own()[0].sorters).toEqual([{ field: 'price', order: 'asc' }]);
    expect(own()[0].pagination).toMatchObject({ currentPage: 2, pageSize: 50 });
  });

  it('writes a new search into the URL as a plain parameter, keeping the others', async () => {
    const { own } = renderList('/orders?status=pending&id=ORD-9', '/orders', OrderList);
    await waitFor(() => expect(own().length).toBeGreaterThan(0));
    const box = screen.getByRole('searchbox', { name: 'Search order id, customer or SKU' });
    act(() => void fireEvent.change(box, { target: { value: 'Ada' } }));
    act(() => void fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    await waitFor(() => expect(filtersOf(own().at(-1))).toEqual({ status: 'pending', search: 'Ada' }));
    const url = new URL(screen.getByTestId('where').textContent ?? '', 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'pending', search: 'Ada', id: 'ORD-9' });
  });

  it('follows the URL when it changes while the list is open', async () => {
    const { own } = renderList('/orders', '/orders', OrderList);
    await waitFor(() => expect(own().length).toBeGreaterThan(0));
    expect(filtersOf(own()[0])).toEqual({});
    act(() => go('/orders?status=shipped'));
    await waitFor(() => expect(filtersOf(own().at(-1))).toEqual({ status: 'shipped' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/orders?status=shipped');
  });

  it('/orders?id=ORD-9 opens that order over the list', async () => {
    renderList('/orders?id=ORD-9', '/orders', OrderList);
    const drawer = await screen.findByRole('dialog', { name: 'Order ORD-9' });
    await waitFor(() => expect(drawer).toHaveTextContent('Bo'));
    expect(drawer).toHaveTextContent('Shipped');
    // shipped orders may be delivered or returned, not cancelled
    expect(within(drawer).queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /Change status/ })).toBeInTheDocument();
  });
});

describe('the orders list on a phone and on a desktop', () => {
  const screenOf = (width: number) =>
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => {
        const min = /min-width:\s*(\d+)px/.exec(query);
        const max = /max-width:\s*(\d+)px/.exec(query);
        const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
        return { matches, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false };
      },
    });
  const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean);

  it('a phone shows the order (with its date), its status and its total, without a sideways scroll', async () => {
    screenOf(390);
    renderList('/orders', '/orders', OrderList);
    await screen.findByText('ORD-9');
    expect(headers()).toEqual(['Order', 'Status', 'Total']);
    expect(document.querySelector('.ant-table-content')?.getAttribute('style') ?? '').not.toMatch(/overflow-x: auto/);
  });

  it('a desktop shows all seven columns', async () => {
    screenOf(1440);
    renderList('/orders', '/orders', OrderList);
    await screen.findByText('ORD-9');
    expect(headers()).toEqual(['Order', 'Created', 'Marketplace', 'Customer', 'Status', 'Items', 'Total']);
  });
});
