// @vitest-environment jsdom
/**
 * The product page's price history (docs/repricing.md "Decisions and price history",
 * docs/marketplaces-ui.md): one section per listing of the product (`GET /api/listings?product_id=`),
 * labelled marketplace · SKU · current price in dollars from the API's cents; a section opened reads
 * that listing's decisions (`GET /api/listings/{id}/price-history`) — when, old → new price, applied /
 * proposed / held, the reason and its trigger; a product listed nowhere, a listing never evaluated and
 * a failed read each say so. Fetch stubbed behind the real API client and data provider.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));
// the product page's other sections (images, variants, suppliers) have their own tests and take seconds to render in jsdom
vi.mock('../../resources/products/product-images', () => ({ ProductImages: () => null }));
vi.mock('../../resources/products/variant-editor', () => ({ VariantEditor: () => null }));
vi.mock('../../resources/products/product-suppliers', () => ({ ProductSuppliers: () => null }));

import { ProductPriceHistory } from '../../resources/pricing/product-price-history';
import ProductShow from '../../resources/products/product-show';
import { listing } from './listings-harness';
import { fakeApi, listOf, type Handler } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks();

const P1 = '7c0e8f4e-3b7a-4d55-9a51-0d6f5c7a0001';
const R1 = '44444444-4444-4444-8444-444444444444';
/** A local wall-clock time as the API's ISO instant: the table shows it back as "YYYY-MM-DD HH:mm" in any time zone. */
const at = (y: number, mo: number, d: number, h: number, mi: number) => new Date(y, mo - 1, d, h, mi).toISOString();

const FLAGS = { at_floor: false, at_ceiling: false, floor_above_ceiling: false, max_change_limited: false, too_soon: false, missing_cost: false };
function decision(id: string, listingId: string, over: Record<string, unknown>) {
  return {
    id, listing_id: listingId, rule_id: R1, old_price_cents: 1999, new_price_cents: 1949, strategy: 'beat_lowest', scenario: 'strategy',
    floor_cents: 1780, ceiling_cents: null, competitor_prices: [{ seller: 'Acme', price_cents: 1950 }], buy_box_owner: 'Acme', flags: FLAGS,
    reason: 'Lowered $0.50 to beat Acme at $19.50; floor $17.80 (MAP)', applied: false, trigger: 'competitor_change', created_at: at(2026, 11, 3, 14, 5),
    ...over,
  };
}

const AMAZON = listing('l1', 'Desk Lamp', { product_id: P1, sku: 'LAMP-BLK', price_cents: 1999 });
const EBAY = listing('l2', 'Desk Lamp', { product_id: P1, marketplace_id: 'm2', marketplace_name: 'eBay', marketplace_kind: 'ebay', sku: 'LAMP-BLK-EB', price_cents: 123450 });
const EBAY_HISTORY = [
  decision('d3', 'l2', { old_price_cents: 125000, new_price_cents: 123450, applied: true, reason: 'Lowered $15.50 to win the buy box from Acme', trigger: 'competitor_change', created_at: at(2026, 11, 3, 14, 5) }),
  decision('d2', 'l2', { old_price_cents: 125000, new_price_cents: 119900, applied: false, reason: 'Would lower to $1,199.00; waiting for approval', trigger: 'propose', created_at: at(2026, 11, 2, 9, 30) }),
  decision('d1', 'l2', { old_price_cents: 125000, new_price_cents: null, applied: false, scenario: 'no_competition', reason: 'No competitor offers: price held', trigger: 'sweep', created_at: at(2026, 11, 1, 8, 0) }),
];

const get = (path: string | RegExp, answer: Handler): Handler => (c) => (c.method === 'GET' && (typeof path === 'string' ? c.path === path : path.test(c.path)) ? answer(c) : undefined);
const historyPath = (id: string) => `/listings/${id}/price-history`;
const section = () => screen.getByText('Price history').closest('.ant-card') as HTMLElement;
/** The table's body rows, each as its cells' text. */
const bodyRows = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('row')
    .filter((r) => r.closest('tbody'))
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

/** A listing's section header (antd names it "collapsed …"/"expanded …" after its arrow) and the section around it. */
const header = async (label: string) => (await screen.findByText(label, { selector: '.ant-collapse-header-text' })).closest('[role="button"]') as HTMLElement;
const sectionOf = (h: HTMLElement) => h.closest('.ant-collapse-item') as HTMLElement;

const renderHistory = (productId = P1) => renderConsole({ role: 'user', path: `/products/${productId}`, route: '/products/:id', page: <ProductPriceHistory productId={productId} /> });

describe("a product's price history", () => {
  it("lists the product's listings with their current price, and an opened one shows its decisions", async () => {
    const api = fakeApi([
      get('/listings', () => ({ body: listOf([AMAZON, EBAY]) })),
      get(historyPath('l2'), () => ({ body: { data: EBAY_HISTORY } })),
      get(historyPath('l1'), () => ({ body: { data: [] } })),
    ]);
    renderHistory();

    const ebay = await header('eBay · LAMP-BLK-EB · now $1,234.50');
    expect(await header('Amazon US · LAMP-BLK · now $19.99')).toHaveAttribute('aria-expanded', 'false');
    expect(ebay).toHaveAttribute('aria-expanded', 'false');
    // the product's listings, asked for by its id
    const lists = api.of('GET', '/listings');
    expect(lists).toHaveLength(1);
    expect(Object.fromEntries(lists[0].query)).toEqual({ product_id: P1, limit: '50', offset: '0' });
    // two listings: both closed, no history read until one is opened
    expect(api.of('GET', /\/price-history$/)).toHaveLength(0);
    expect(screen.queryByText(/not listed on any marketplace/)).not.toBeInTheDocument();

    fireEvent.click(ebay);
    await waitFor(() => expect(ebay).toHaveAttribute('aria-expanded', 'true'));
    const panel = sectionOf(ebay);
    await within(panel).findByText('Lowered $15.50 to win the buy box from Acme');
    expect(within(panel).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['When', 'Price', 'Outcome', 'Why']);
    // newest first as answered; dollars from cents; applied / proposed / held; the reason over its trigger
    expect(bodyRows(panel)).toEqual([
      ['2026-11-03 14:05', '$1,250.00 → $1,234.50', 'Applied', 'Lowered $15.50 to win the buy box from AcmeCompetitor change'],
      ['2026-11-02 09:30', '$1,250.00 → $1,199.00', 'Proposed', 'Would lower to $1,199.00; waiting for approvalPropose'],
      ['2026-11-01 08:00', '$1,250.00 (unchanged)', 'Held', 'No competitor offers: price heldSweep'],
    ]);
    expect(within(panel).getByText('Applied')).toHaveClass('ant-tag-green');
    expect(within(panel).getByText('Proposed')).toHaveClass('ant-tag-blue');
    expect(within(panel).getByText('Competitor change')).toBeInTheDocument();
    expect(api.of('GET', historyPath('l2'))).toHaveLength(1);
    expect(api.of('GET', historyPath('l1'))).toHaveLength(0);
  });

  it('a product listed once opens its one listing and says when the repricer has not evaluated it', async () => {
    const api = fakeApi([get('/listings', () => ({ body: listOf([AMAZON]) })), get(historyPath('l1'), () => ({ body: { data: [] } }))]);
    renderHistory();
    expect(await header('Amazon US · LAMP-BLK · now $19.99')).toHaveAttribute('aria-expanded', 'true');
    expect(await within(section()).findByText('The repricer has not evaluated this listing yet')).toBeInTheDocument();
    expect(api.of('GET', historyPath('l1'))).toHaveLength(1);
    expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a product listed on no marketplace says so and reads no history', async () => {
    const api = fakeApi([get('/listings', () => ({ body: listOf([]) }))]);
    renderHistory();
    expect(await within(section()).findByText('This product is not listed on any marketplace')).toBeInTheDocument();
    expect(api.of('GET', '/listings')[0].query.get('product_id')).toBe(P1);
    expect(api.of('GET', /\/price-history$/)).toHaveLength(0);
    expect(within(section()).queryByRole('button')).not.toBeInTheDocument();
  });

  it("a failed read of the product's listings shows the error with Retry, never the empty text; Retry loads them", async () => {
    let failing = true;
    const api = fakeApi([
      get('/listings', () => (failing ? { status: 403, body: { code: 'forbidden', message: 'role user may not read listings' } } : { body: listOf([AMAZON]) })),
      get(historyPath('l1'), () => ({ body: { data: [decision('d1', 'l1', { applied: true })] } })),
    ]);
    renderHistory();
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent("Could not load the product's listings");
    expect(alert).toHaveTextContent('You do not have permission to perform this action');
    expect(screen.queryByText(/not listed on any marketplace/)).not.toBeInTheDocument();

    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    const amazon = await header('Amazon US · LAMP-BLK · now $19.99');
    expect(await within(sectionOf(amazon)).findByText('$19.99 → $19.49')).toBeInTheDocument();
    expect(api.of('GET', '/listings')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("a failed read of a listing's history shows the API's message with Retry inside its section", async () => {
    let failing = true;
    const api = fakeApi([
      get('/listings', () => ({ body: listOf([AMAZON]) })),
      get(historyPath('l1'), () =>
        failing ? { status: 400, body: { code: 'validation_failed', message: 'Invalid request query: limit must be at most 500' } } : { body: { data: [decision('d1', 'l1', {})] } },
      ),
    ]);
    renderHistory();
    const amazon = await header('Amazon US · LAMP-BLK · now $19.99');
    // the error inside the listing's section, the section still there
    const alert = await within(sectionOf(amazon)).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the price history');
    expect(alert).toHaveTextContent('Invalid request query: limit must be at most 500');
    expect(screen.queryByText('The repricer has not evaluated this listing yet')).not.toBeInTheDocument();

    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(section()).findByText('Lowered $0.50 to beat Acme at $19.50; floor $17.80 (MAP)')).toBeInTheDocument();
    expect(within(section()).getByText('$19.99 → $19.49')).toBeInTheDocument();
    expect(api.of('GET', historyPath('l1'))).toHaveLength(2);
  });
});

describe('the product page', () => {
  it("shows the price history of the product it displays, under the product's own id", async () => {
    const product = {
      id: P1, handle: 'lamp', title: 'Desk Lamp', sku: 'LAMP', status: 'active', description: null, vendor: null, product_type: null,
      tags: null, price: 19.99, cost: null, map_price: null, stock: 10, weight: null, supplier_id: null, supplier_name: null,
      created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', suppliers: [], variants: [],
    };
    const api = fakeApi([
      get(`/products/${P1}`, () => ({ body: { data: product } })),
      get('/listings', () => ({ body: listOf([AMAZON]) })),
      get(historyPath('l1'), () => ({ body: { data: [decision('d1', 'l1', { applied: true, reason: 'Matched Acme at $19.49', trigger: 'competitor_change' })] } })),
    ]);
    renderConsole({ role: 'user', path: `/products/${P1}`, route: '/products/:id', page: <ProductShow /> });
    expect(await screen.findByText('Matched Acme at $19.49', {}, { timeout: 10_000 })).toBeInTheDocument();
    const amazon = await header('Amazon US · LAMP-BLK · now $19.99');
    expect(section()).toContainElement(amazon);
    expect(within(sectionOf(amazon)).getByText('Applied')).toBeInTheDocument();
    expect(api.of('GET', '/listings')[0].query.get('product_id')).toBe(P1);
  });
});
