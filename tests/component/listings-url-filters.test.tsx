// @vitest-environment jsdom
/**
 * Listings table state in the URL (docs/marketplaces-ui.md "Listings"): `/catalog?filter=violations`
 * opens the Listings tab filtered to MAP violations (`GET /api/listings?violations=true`), the API's own
 * parameters in the URL reach the API unchanged, and a filter set on the page is written back.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import CatalogPage from '../../resources/catalog/catalog-page';
import ListingsPage from '../../resources/listings/listings-page';
import { account, listing } from './listings-harness';
import { fakeApi, listOf } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

vi.setConfig({ testTimeout: 120_000 });
pageTestHooks();

const M1 = '11111111-1111-4111-8111-111111111111';

function listingsApi() {
  return fakeApi([
    (c) => (c.method === 'GET' && c.path === '/listings' ? { body: listOf([listing('l1', 'Desk Lamp'), listing('l2', 'Floor Lamp', { open_violations: 0 })]) } : undefined),
    (c) => (c.method === 'GET' && c.path === '/listings/violations' ? { body: listOf([]) } : undefined),
    (c) => (c.method === 'GET' && c.path === '/marketplaces' ? { body: listOf([account(M1, 'Amazon US')]) } : undefined),
  ]);
}

const location = () => screen.getByTestId('location').textContent ?? '';

describe('/catalog?filter=violations', () => {
  it('opens the Listings tab asking the API for listings with MAP violations only', async () => {
    const api = listingsApi();
    renderConsole({ role: 'user', path: '/catalog?filter=violations', route: '/catalog', page: <CatalogPage /> });
    await screen.findByText('Desk Lamp');
    const gets = api.of('GET', '/listings');
    // one request, already filtered: the page never lists everything first
    expect(gets).toHaveLength(1);
    expect(Object.fromEntries(gets[0].query)).toEqual({ violations: 'true', limit: '20', offset: '0' });
    expect(location()).toBe('/catalog?violations=true');
    expect(screen.getByRole('tab', { name: 'Listings', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('switch')).toBeChecked();
  });

  it('switching the violations filter off lists every listing and drops it from the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const api = listingsApi();
    renderConsole({ role: 'user', path: '/catalog?filter=violations', route: '/catalog', page: <CatalogPage /> });
    await screen.findByText('Desk Lamp');
    await user.click(screen.getByRole('switch'));
    await waitFor(() => expect(location()).toBe('/catalog'));
    await waitFor(() => expect(api.of('GET', '/listings').at(-1)!.query.has('violations')).toBe(false));
  });

  it('the MAP violations tab reads GET /api/listings/violations', async () => {
    const api = listingsApi();
    renderConsole({ role: 'user', path: '/catalog?tab=violations', route: '/catalog', page: <CatalogPage /> });
    expect(await screen.findByText('No open MAP violations: every observed price is at or above its MAP')).toBeInTheDocument();
    expect(api.of('GET', '/listings/violations')).toHaveLength(1);
    expect(api.of('GET', '/listings')).toHaveLength(0);
  });
});

describe('/listings filters', () => {
  it('sends the URL parameters as the API names them', async () => {
    const api = listingsApi();
    renderConsole({ role: 'user', path: `/listings?marketplace_id=${M1}&status=active,paused&price_min_cents=1000&sort=price&order=asc`, route: '/listings', page: <ListingsPage /> });
    await screen.findByText('Desk Lamp');
    const q = Object.fromEntries(api.of('GET', '/listings')[0].query);
    expect(q).toEqual({ marketplace_id: M1, status: 'active,paused', price_min_cents: '1000', sort: 'price', order: 'asc', limit: '20', offset: '0' });
    // the minimum price shows in dollars
    expect(screen.getByLabelText('Minimum price')).toHaveValue('10');
  });

  it('a search typed on the page is written to the URL and sent', async () => {
    const user = userEvent.setup({ delay: null });
    const api = listingsApi();
    renderConsole({ role: 'user', path: '/listings', route: '/listings', page: <ListingsPage /> });
    await screen.findByText('Desk Lamp');
    await user.type(screen.getByRole('searchbox', { name: 'Search title or SKU' }), 'lamp{Enter}');
    await waitFor(() => expect(location()).toBe('/listings?search=lamp'));
    await waitFor(() => expect(api.of('GET', '/listings').at(-1)!.query.get('search')).toBe('lamp'));
  });

  it('a row opens the listing drawer with its feed message and history (?id=)', async () => {
    const user = userEvent.setup({ delay: null });
    const detail = {
      ...listing('l1', 'Desk Lamp', { status: 'error', feed_message: 'Listing refused: the item has no image.' }),
      offers: [{ seller: 'BargainHub', price_cents: 1899, shipping_cents: 0, rating: 91, is_buy_box: true }],
      history: [{ at: new Date().toISOString(), kind: 'refused', message: 'Amazon refused the listing', actor: null, details: null }],
    };
    fakeApi([
      (c) => (c.method === 'GET' && c.path === '/listings/l1' ? { body: { data: detail } } : undefined),
      (c) => (c.method === 'GET' && c.path === '/listings' ? { body: listOf([listing('l1', 'Desk Lamp')]) } : undefined),
      (c) => (c.method === 'GET' && c.path === '/marketplaces' ? { body: listOf([]) } : undefined),
    ]);
    renderConsole({ role: 'user', path: '/listings', route: '/listings', page: <ListingsPage /> });
    await user.click(await screen.findByLabelText('Open listing Desk Lamp on Amazon US'));
    await waitFor(() => expect(location()).toBe('/listings?id=l1'));
    expect(await screen.findByText('Amazon US refused this listing')).toBeInTheDocument();
    expect(screen.getByText('Listing refused: the item has no image.')).toBeInTheDocument();
    expect(screen.getByText('Amazon refused the listing')).toBeInTheDocument();
    expect(screen.getByText('BargainHub')).toBeInTheDocument();
  });
});
