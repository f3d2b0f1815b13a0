// @vitest-environment jsdom
/**
 * Variants edited in place on the product page — docs/commerce-ui.md "Variants": one variant's price
 * changes alone (PUT of that variant), below-MAP is caught before sending, a duplicate SKU (409) shows
 * under the SKU field rather than as a toast, a variant can be added, and deleting one says how many
 * orders reference it. Product creation takes variants, with a row's server error under that row.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setProfile } from '../../providers/auth/profile-store';
import { fakeRecordsApi, type RecordsApi } from './commerce-harness';
import type { Call, Handler } from './support/fake-api';
import { installDomShims } from './support/dom-shims';
import { renderConsole } from './support/render-console';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));

const { default: ProductShow } = await import('../../resources/products/product-show');
const { default: ProductCreate } = await import('../../resources/products/product-create');

const variant = (id: string, sku: string, price: number, extra: object = {}) => ({
  id, sku, price, compare_at_price: null, cost: null, map_price: null, stock: 5, weight: null, position: 1,
  option1_name: 'Color', option1_value: sku.split('-').pop(), option2_name: null, option2_value: null, option3_name: null, option3_value: null,
  orders_count: 0, ...extra,
});

function product() {
  return {
    id: 'p1', handle: 'lamp', title: 'Desk Lamp', sku: 'LAMP', status: 'active', description: null, vendor: null, product_type: null,
    tags: null, price: 20, cost: null, map_price: null, stock: 10, weight: null, supplier_id: null, supplier_name: null,
    created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z', suppliers: [],
    variants: [variant('v1', 'LAMP-RED', 20, { map_price: 18 }), variant('v2', 'LAMP-BLUE', 22, { orders_count: 3 })],
  };
}

// role queries with names are slow in jsdom on a busy machine: labels and texts instead, generous waits
configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });

let api: RecordsApi;
/** The writes the page sent (the page's other panels only read). */
const writes = () => api.calls.filter((c) => c.method !== 'GET');

/** The in-memory server of the variants: their writes change the stored product. */
function serve(c: Call): ReturnType<Handler> {
  // the product page's other panels (suppliers per variant, price history) read the records' empty answers
  const m = /^\/products\/p1\/variants(?:\/(\w+))?$/.exec(c.path);
  if (!m) return undefined;
  const p = api.records.products.p1 as ReturnType<typeof product>;
  const body = c.body as Record<string, unknown>;
  if (c.method === 'PUT') {
    if (body.sku === 'LAMP-BLUE' && m[1] === 'v1') {
      return { status: 409, body: { message: 'SKU LAMP-BLUE is already used by another variant', code: 'sku_taken', details: [{ field: 'sku', message: 'SKU already in use', code: 'sku_taken' }] } };
    }
    Object.assign(p.variants.find((v) => v.id === m[1])!, body);
  }
  if (c.method === 'POST') p.variants.push(variant('v3', String(body.sku), Number(body.price), body));
  if (c.method === 'DELETE') p.variants = p.variants.filter((v) => v.id !== m[1]);
  return { body: { data: {} } };
}

const openProduct = () => renderConsole({ path: '/products/p1', route: '/products/:id', page: <ProductShow />, notificationProvider: api.notifications });

beforeEach(() => {
  installDomShims();
  setProfile({ id: 'u1', email: 'seller@demo.local', tenantId: 't1', role: 'user' });
  api = fakeRecordsApi({ products: { p1: product() } }, [serve]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const row = (sku: string) => screen.getByText(sku).closest('tr') as HTMLElement;
const button = (text: string, scope: HTMLElement = document.body) => within(scope).getByText(text).closest('button') as HTMLElement;

describe('variant editor on the product page', () => {
  it('changes one variant price in place with a PUT of that variant, and shows it after the refresh', async () => {
    openProduct();
    await screen.findByText('LAMP-RED');
    fireEvent.click(screen.getByLabelText('Edit variant LAMP-RED'));
    const price = await screen.findByLabelText('Price');
    fireEvent.change(price, { target: { value: '24.5' } });
    fireEvent.click(button('Save'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ path: '/products/p1/variants/v1', method: 'PUT', body: expect.objectContaining({ price: 24.5, sku: 'LAMP-RED', map_price: 18, stock: 5 }) });
    await waitFor(() => expect(within(row('LAMP-RED')).getByText('$24.50')).toBeInTheDocument());
    // the other variant was not touched
    expect(within(row('LAMP-BLUE')).getByText('$22.00')).toBeInTheDocument();
  });

  it('refuses a price below the variant MAP before sending', async () => {
    openProduct();
    await screen.findByText('LAMP-RED');
    fireEvent.click(screen.getByLabelText('Edit variant LAMP-RED'));
    fireEvent.change(await screen.findByLabelText('Price'), { target: { value: '10' } });
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Price is below the MAP price')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('shows a duplicate SKU (409) under the SKU field, not as a toast', async () => {
    openProduct();
    await screen.findByText('LAMP-RED');
    fireEvent.click(screen.getByLabelText('Edit variant LAMP-RED'));
    const sku = await screen.findByLabelText('SKU');
    fireEvent.change(sku, { target: { value: 'LAMP-BLUE' } });
    fireEvent.click(button('Save'));
    const message = await screen.findByText('SKU already in use');
    // the message belongs to the SKU input's form item
    expect(sku.closest('.ant-form-item')).toContainElement(message);
    expect(api.toasts.filter((t) => t.type === 'error')).toEqual([]);
    // still editing: the person can fix the SKU
    expect(button('Save')).toBeInTheDocument();
  });

  it('adds a variant with a POST to the product variants', async () => {
    openProduct();
    await screen.findByText('LAMP-RED');
    fireEvent.click(button('Add variant'));
    fireEvent.change(await screen.findByLabelText('SKU'), { target: { value: 'LAMP-GREEN' } });
    fireEvent.change(screen.getByLabelText('Option 1 value'), { target: { value: 'Green' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '19' } });
    fireEvent.click(button('Save'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      path: '/products/p1/variants', method: 'POST',
      body: expect.objectContaining({ sku: 'LAMP-GREEN', price: 19, stock: 0, option1_name: 'Color', option1_value: 'Green' }),
    });
    expect(await screen.findByText('Variants (3)')).toBeInTheDocument();
  });

  it('asks before deleting a variant and says how many orders reference it', async () => {
    openProduct();
    await screen.findByText('LAMP-BLUE');
    fireEvent.click(screen.getByLabelText('Delete variant LAMP-BLUE'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete variant LAMP-BLUE?');
    expect(dialog).toHaveTextContent('3 orders reference this variant. They keep their lines (SKU, title, price) but lose the link to the variant.');
    fireEvent.click(button('Delete', dialog));
    await waitFor(() => expect(writes()).toEqual([expect.objectContaining({ path: '/products/p1/variants/v2', method: 'DELETE' })]));
    expect(await screen.findByText('Variants (1)')).toBeInTheDocument();
  });
});

describe('product creation with variants', () => {
  it('sends the variants and shows a row SKU error (variants.1.sku) under that row', async () => {
    // the create is refused: a duplicate SKU in the second variant row
    api = fakeRecordsApi({ products: { p1: product() } }, [
      (c) =>
        c.method === 'POST' && c.path === '/products'
          ? { status: 409, body: { message: 'SKU LAMP-X is already used by another product', code: 'sku_taken', details: [{ field: 'variants.1.sku', message: 'SKU already in use', code: 'sku_taken' }] } }
          : undefined,
    ]);
    renderConsole({ path: '/products/create', route: '/products/create', page: <ProductCreate />, notificationProvider: api.notifications });
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Lamp' } });
    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'LAMP-NEW' } });
    fireEvent.click(button('Add variant'));
    fireEvent.click(button('Add variant'));
    const rows = [screen.getByLabelText('Variant 1'), screen.getByLabelText('Variant 2')];
    expect(rows).toHaveLength(2);
    for (const [i, r] of rows.entries()) {
      fireEvent.change(within(r).getByLabelText('Variant SKU'), { target: { value: `LAMP-${i}` } });
      fireEvent.change(within(r).getByLabelText('Price'), { target: { value: String(10 + i) } });
    }
    // price comes from the variants: the product's own price is not required
    expect(screen.getAllByText('Set per variant (on the product page)').length).toBeGreaterThan(0);
    fireEvent.click(button('Save'));
    await waitFor(() => expect(api.of('POST', '/products')).toHaveLength(1));
    const sent = api.of('POST', '/products')[0].body as { variants: { sku: string; price: number }[] };
    expect(sent.variants.map((v) => [v.sku, v.price])).toEqual([['LAMP-0', 10], ['LAMP-1', 11]]);
    const message = await screen.findByText('SKU already in use');
    expect(within(rows[1]).getByLabelText('Variant SKU').closest('.ant-form-item')).toContainElement(message);
    expect(api.toasts.filter((t) => t.type === 'error')).toEqual([]);
  });
});
