// @vitest-environment jsdom
/**
 * Dashboard "Top Offenders" (docs/marketplaces-ui.md "Top Offenders"): the card asks
 * `GET /api/listings/top-offenders?limit=5` and lists the SKUs the API answered, each a link to
 * `/products?sku=` with its count of open violations; "No open MAP violations…" when there are none;
 * the API's error with a Retry that loads again; the listings live channel's violation events refresh
 * it. Fetch stubbed behind the real API client and data provider (listings harness).
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { createLiveProvider } from '../../providers/live/live-provider';
import type { LiveHub } from '../../providers/live/hub';
import { resourceChannel } from '../../contract/events';
import { TopOffendersCard } from '../../resources/listings/top-offenders-card';
import { fakeHub } from './ops-harness';
import { fakeApi } from './support/fake-api';
import { renderConsole, type ConsoleOptions } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

/** The Refine channel the listings' live routing names (contract/modules/listings.ts). */
const LISTINGS = resourceChannel('listings');

vi.setConfig({ testTimeout: 60_000 });
pageTestHooks();

const offender = (sku: string, product_title: string, open_violations: number) => ({ sku, product_id: `p-${sku}`, product_title, open_violations });
const OFFENDERS = [offender('LAMP/BLK 2', 'Desk Lamp, black', 7), offender('CHAIR-01', 'Office Chair', 1200), offender('MUG-RED', 'Red Mug', 2)];

/** Answers the card's endpoint with `answer()` at the time of each request. */
function topOffendersApi(answer: () => { status?: number; body?: unknown }) {
  return fakeApi([(c) => (c.method === 'GET' && c.path === '/listings/top-offenders' ? answer() : undefined)]);
}

const renderCard = (live?: ConsoleOptions['liveProvider']) => renderConsole({ role: 'user', path: '/', route: '/', page: <TopOffendersCard />, liveProvider: live });
const location = () => screen.getByTestId('location').textContent ?? '';
const card = () => screen.getByRole('region', { name: 'Top Offenders' });
const offenderItems = () => within(screen.getByRole('list', { name: 'Top offenders' })).getAllByRole('listitem');

describe('Top Offenders card', () => {
  it('asks for the top 5 and lists each SKU the API answered, with its title and open violations', async () => {
    const api = topOffendersApi(() => ({ body: { data: OFFENDERS } }));
    renderCard();
    // before the answer: the card says it is loading, not "no violations"
    expect(within(card()).getByText('Loading MAP violations...')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText(/No open MAP violations/)).not.toBeInTheDocument();

    await screen.findByRole('list', { name: 'Top offenders' });
    const gets = api.of('GET', '/listings/top-offenders');
    expect(gets).toHaveLength(1);
    expect(Object.fromEntries(gets[0].query)).toEqual({ limit: '5' });

    // the rows in the API's order, each SKU a link to the product list filtered by that SKU
    const items = offenderItems();
    expect(items).toHaveLength(3);
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['LAMP/BLK 2', 'CHAIR-01', 'MUG-RED']);
    expect(within(items[0]).getByRole('link', { name: 'LAMP/BLK 2' })).toHaveAttribute('href', '/products?sku=LAMP%2FBLK%202');
    expect(within(items[1]).getByRole('link', { name: 'CHAIR-01' })).toHaveAttribute('href', '/products?sku=CHAIR-01');
    expect(within(items[0]).getByText('Desk Lamp, black')).toBeInTheDocument();
    expect(within(items[1]).getByText('Office Chair')).toBeInTheDocument();
    expect(within(items[2]).getByText('Red Mug')).toBeInTheDocument();
    // the counts, titled in words; past 999 the badge caps
    expect(within(items[0]).getByTitle('7 open violations')).toHaveTextContent(/^7$/);
    expect(within(items[1]).getByTitle('1200 open violations')).toHaveTextContent('999+');
    expect(within(items[2]).getByTitle('2 open violations')).toHaveTextContent(/^2$/);

    expect(screen.queryByText('Loading MAP violations...')).not.toBeInTheDocument();
    expect(screen.queryByText(/No open MAP violations/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a SKU opens the product list filtered to that SKU', async () => {
    const user = userEvent.setup({ delay: null });
    topOffendersApi(() => ({ body: { data: OFFENDERS } }));
    renderCard();

    await user.click(await screen.findByRole('link', { name: 'LAMP/BLK 2' }));
    await waitFor(() => expect(location()).toBe('/products?sku=LAMP%2FBLK%202'));
    expect(new URLSearchParams(location().split('?')[1]).get('sku')).toBe('LAMP/BLK 2');
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
  });

  it("'All violations' opens the catalog's MAP violations tab", async () => {
    const user = userEvent.setup({ delay: null });
    topOffendersApi(() => ({ body: { data: OFFENDERS } }));
    renderCard();
    await screen.findByRole('list', { name: 'Top offenders' });
    expect(within(card()).getByRole('link', { name: 'All violations' })).toHaveAttribute('href', '/catalog?tab=violations');
    await user.click(screen.getByRole('link', { name: 'All violations' }));
    await waitFor(() => expect(location()).toBe('/catalog?tab=violations'));
  });

  it('says there are no open MAP violations when the API answers none', async () => {
    const api = topOffendersApi(() => ({ body: { data: [] } }));
    renderCard();
    expect(await within(card()).findByText('No open MAP violations: every observed price is at or above its MAP')).toBeInTheDocument();
    expect(api.of('GET', '/listings/top-offenders')).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Top offenders' })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading MAP violations...')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the API's error with Retry (never the empty text), and Retry loads the offenders", async () => {
    const user = userEvent.setup({ delay: null });
    let failing = true;
    const api = topOffendersApi(() =>
      failing
        ? { status: 403, body: { code: 'forbidden', message: 'role user may not read listings' } }
        : { body: { data: [offender('MUG-RED', 'Red Mug', 2)] } },
    );
    renderCard();
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load MAP violations');
    expect(alert).toHaveTextContent('You do not have permission to perform this action');
    expect(screen.queryByText(/No open MAP violations/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Top offenders' })).not.toBeInTheDocument();
    expect(api.of('GET', '/listings/top-offenders')).toHaveLength(1);

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'MUG-RED' })).toHaveAttribute('href', '/products?sku=MUG-RED');
    expect(api.of('GET', '/listings/top-offenders')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a violation opened or resolved elsewhere refreshes the card; other listing events do not', async () => {
    let rows = [offender('MUG-RED', 'Red Mug', 2)];
    const api = topOffendersApi(() => ({ body: { data: rows } }));
    const hub = fakeHub();
    renderCard(createLiveProvider(hub as unknown as LiveHub));
    await screen.findByRole('link', { name: 'MUG-RED' });
    expect(hub.listeners(LISTINGS)).toBeGreaterThan(0);

    hub.emit(LISTINGS, 'listings.changed', { id: 'l1' });
    rows = [offender('LAMP/BLK 2', 'Desk Lamp, black', 3), offender('MUG-RED', 'Red Mug', 2)];
    hub.emit(LISTINGS, 'listings.violation_opened', { id: 'l9' });
    expect(await screen.findByRole('link', { name: 'LAMP/BLK 2' })).toBeInTheDocument();
    expect(within(offenderItems()[0]).getByTitle('3 open violations')).toBeInTheDocument();
    // one refetch, for the violation only
    expect(api.of('GET', '/listings/top-offenders')).toHaveLength(2);

    rows = [];
    hub.emit(LISTINGS, 'listings.violation_resolved', { id: 'l9' });
    expect(await screen.findByText('No open MAP violations: every observed price is at or above its MAP')).toBeInTheDocument();
    expect(api.of('GET', '/listings/top-offenders')).toHaveLength(3);
  });
});
