// @vitest-environment jsdom
/**
 * Product and supplier detail pages — docs/commerce-ui.md "Deleting from a detail page", "Suppliers",
 * "Descriptions": a delete confirms what it will do (counts from the server) and lands on the list; a
 * supplier never scored shows "—" and how a score arises; Score all names the suppliers it skipped;
 * a Shopify HTML description is rendered sanitised; the supplier form checks ISO 3166-1 country codes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { setProfile } from '../../providers/auth/profile-store';
import { fakeRecordsApi, type RecordsApi } from './commerce-harness';
import { installDomShims } from './support/dom-shims';
import { renderConsole } from './support/render-console';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));

const { default: ProductShow } = await import('../../resources/products/product-show');
const { default: SupplierShow } = await import('../../resources/suppliers/supplier-show');
const { default: SupplierList } = await import('../../resources/suppliers/supplier-list');
const { ScoreAllButton } = await import('../../resources/suppliers/score-all-button');
const { ProductDescription } = await import('../../resources/products/product-description');
const { SupplierFields } = await import('../../resources/suppliers/supplier-form');

configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });

const supplier = (over: object = {}) => ({
  id: 's1', name: 'Lamp Works', tier: 2, contact_name: null, email: null, phone: null, country: 'US', lead_time_days: 6,
  on_time_rate: 0.95, defect_rate: 0.012, cancellation_rate: 0.01, score: 71.4, scored_at: '2025-03-01T10:00:00Z',
  created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z', products_count: 12, linked_products_count: 3, history_months: 12,
  ...over,
});

const product = (over: object = {}) => ({
  id: 'p1', handle: 'lamp', title: 'Desk Lamp', sku: 'LAMP', status: 'active', description: null, vendor: null, product_type: null,
  tags: null, price: 20, cost: null, map_price: null, stock: 10, weight: null, supplier_id: null, supplier_name: null,
  created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z', suppliers: [], variants: [],
  ...over,
});

let api: RecordsApi;
const button = (text: string, scope: HTMLElement = document.body) => within(scope).getByText(text).closest('button') as HTMLElement;
const where = () => screen.getByTestId('location').textContent;
const openPage = (path: string, route: string, page: ReactNode) => renderConsole({ path, route, page, notificationProvider: api.notifications });

beforeEach(() => {
  installDomShims();
  setProfile({ id: 'u1', email: 'seller@demo.local', tenantId: 't1', role: 'user' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('deleting from a detail page', () => {
  it('supplier: the confirmation says what happens to its products, then the list opens', async () => {
    api = fakeRecordsApi({ suppliers: { s1: supplier() } });
    openPage('/suppliers/s1', '/suppliers/:id', <SupplierShow />);
    await screen.findByText('US');
    fireEvent.click(button('Delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete Lamp Works?');
    expect(dialog).toHaveTextContent('12 products use this supplier; they will have no main supplier.');
    expect(dialog).toHaveTextContent('3 products list it among their suppliers; those links are removed.');
    fireEvent.click(button('Delete', dialog));
    await waitFor(() => expect(where()).toBe('/suppliers'));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/suppliers/s1']);
  });

  it('supplier with no products: the confirmation says so', async () => {
    api = fakeRecordsApi({ suppliers: { s1: supplier({ products_count: 0, linked_products_count: 0 }) } });
    openPage('/suppliers/s1', '/suppliers/:id', <SupplierShow />);
    await screen.findByText('US');
    fireEvent.click(button('Delete'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('No product uses this supplier.');
  });

  it('product: delete asks first, then goes to the product list', async () => {
    api = fakeRecordsApi({ products: { p1: product({ variants: [{ id: 'v1', sku: 'LAMP-1', price: 20, stock: 1, orders_count: 2 }] }) } });
    openPage('/products/p1', '/products/:id', <ProductShow />);
    await screen.findByText('LAMP-1');
    fireEvent.click(button('Delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete Desk Lamp?');
    expect(dialog).toHaveTextContent('The product and its 1 variant will be deleted');
    fireEvent.click(button('Delete', dialog));
    await waitFor(() => expect(where()).toBe('/products'));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/products/p1']);
  });
});

describe('a supplier without history', () => {
  it('shows "—" instead of rates and says how a score arises', async () => {
    api = fakeRecordsApi({ suppliers: { s1: supplier({ score: null, scored_at: null, on_time_rate: 0, defect_rate: 0, history_months: 0 }) } });
    openPage('/suppliers/s1', '/suppliers/:id', <SupplierShow />);
    await screen.findByText('US');
    const onTime = screen.getByText('On-time rate').closest('.ant-statistic') as HTMLElement;
    expect(onTime).toHaveTextContent('—');
    expect(onTime).not.toHaveTextContent('0.0%');
    expect(screen.getByText('Defect rate').closest('.ant-statistic')).toHaveTextContent('—');
    expect(document.body).not.toHaveTextContent('0.0%');
    expect(document.body).toHaveTextContent('No score yet. A score comes from monthly performance');
    expect(document.body).toHaveTextContent('No performance has been recorded for this supplier yet, so Score all skips it.');
  });

  it('the supplier list shows "—" for the rates of a supplier never scored', async () => {
    api = fakeRecordsApi({ suppliers: { s1: supplier(), s2: supplier({ id: 's2', name: 'Fresh Co', score: null, scored_at: null, on_time_rate: 0, defect_rate: 0 }) } });
    openPage('/suppliers', '/suppliers', <SupplierList />);
    const fresh = (await screen.findByText('Fresh Co')).closest('tr') as HTMLElement;
    expect(fresh).not.toHaveTextContent('0.0%');
    expect(within(fresh).getAllByText('—').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('Lamp Works').closest('tr')).toHaveTextContent('95.0%');
  });

  it('a scored supplier shows its measured rates', async () => {
    api = fakeRecordsApi({ suppliers: { s1: supplier() } });
    openPage('/suppliers/s1', '/suppliers/:id', <SupplierShow />);
    await screen.findByText('US');
    expect(screen.getByText('On-time rate').closest('.ant-statistic')).toHaveTextContent('95.0%');
  });

  it('Score all lists the suppliers it skipped and why', async () => {
    // the command goes through the data provider's custom call (docs/api-client.md)
    api = fakeRecordsApi({}, [
      (c) =>
        c.method === 'POST' && c.path === '/suppliers/score-all'
          ? {
              body: {
                data: {
                  as_of: '2025-03-01', scored: 15, changed: 0, suppliers: [],
                  skipped: [{ id: 'n1', name: 'Brand New Supply', reason: 'no_history', message: 'No performance recorded in the last 12 months' }],
                },
              },
            }
          : undefined,
    ]);
    openPage('/suppliers', '/suppliers', <ScoreAllButton />);
    fireEvent.click(button('Score all'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toHaveTextContent('1 supplier not scored'));
    expect(dialog).toHaveTextContent('Brand New Supply: No performance recorded in the last 12 months');
    expect(api.calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/suppliers/score-all' }));
  });
});

describe('product descriptions', () => {
  it('renders Shopify HTML sanitised: formatting kept, no raw tags, no scripts or handlers', () => {
    const { container } = render(
      <ProductDescription text={'<p>Soft <strong>cotton</strong> tee</p><script>window.__x = 1</script><img src="x" onerror="window.__x = 2"><a href="https://example.com" onclick="evil()">care</a>'} />,
    );
    expect(container).not.toHaveTextContent('<p>');
    expect(container.querySelector('p')).toHaveTextContent('Soft cotton tee');
    expect(container.querySelector('strong')).toHaveTextContent('cotton');
    expect(container.querySelector('script, img, [onerror], [onclick]')).toBeNull();
    expect(container.querySelector('a')).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('keeps plain text as text with its line breaks', () => {
    const { container } = render(<ProductDescription text={'Line one\nLine 2 < 3'} />);
    expect(container).toHaveTextContent('Line one Line 2 < 3');
    expect(container.querySelector('.ant-typography')).toHaveStyle({ whiteSpace: 'pre-wrap' });
  });

  it('the product page shows the sanitised description', async () => {
    api = fakeRecordsApi({ products: { p1: product({ description: '<p>Warm <em>light</em></p>' }) } });
    openPage('/products/p1', '/products/:id', <ProductShow />);
    const d = await screen.findByTestId('product-description');
    expect(d).toHaveTextContent('Warm light');
    expect(d).not.toHaveTextContent('<p>');
  });
});

describe('supplier country', () => {
  function CountryForm({ onFinish }: { onFinish: (v: unknown) => void }) {
    const [form] = Form.useForm();
    return (
      <Form form={form} onFinish={onFinish}>
        <SupplierFields />
        <button type="submit">Send</button>
      </Form>
    );
  }

  it('refuses a made-up code and names a real one', async () => {
    const onFinish = vi.fn();
    render(<CountryForm onFinish={onFinish} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'zz' } });
    fireEvent.click(screen.getByText('Send'));
    expect(await screen.findByText('Not an ISO 3166-1 country code (two letters, e.g. US)')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'de' } });
    expect(await screen.findByText('Germany')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Send'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith(expect.objectContaining({ country: 'DE' })));
  });
});
