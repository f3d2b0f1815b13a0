// @vitest-environment jsdom
/**
 * Live listings (docs/marketplaces-ui.md "Listings"): a listing pushed or refused elsewhere refreshes
 * the table through the listings module's live channel — the console's live provider over a hub the
 * test drives, Refine's liveMode "auto".
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { createLiveProvider } from '../../providers/live/live-provider';
import type { LiveHub } from '../../providers/live/hub';
import { resourceChannel } from '../../contract/events';
import ListingsPage from '../../resources/listings/listings-page';
import { fakeHub } from './ops-harness';
import { listing } from './listings-harness';
import { fakeApi, listOf } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

/** The Refine channel the listings' live routing names (contract/modules/listings.ts). */
const LISTINGS = resourceChannel('listings');

vi.setConfig({ testTimeout: 120_000 });
pageTestHooks();

describe('/listings live', () => {
  it('a listing refused elsewhere refreshes the table', async () => {
    let refused = false;
    const api = fakeApi([
      (c) =>
        c.method === 'GET' && c.path === '/listings'
          ? { body: listOf([listing('l1', 'Desk Lamp', refused ? { status: 'error', feed_message: 'Listing refused: the item has no image.' } : {})]) }
          : undefined,
      (c) => (c.method === 'GET' && c.path === '/marketplaces' ? { body: listOf([]) } : undefined),
    ]);
    const hub = fakeHub();
    renderConsole({ role: 'user', path: '/listings', route: '/listings', page: <ListingsPage />, liveProvider: createLiveProvider(hub as unknown as LiveHub) });
    await screen.findByText('Desk Lamp');
    expect(screen.getByText('Active', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(hub.listeners(LISTINGS)).toBeGreaterThan(0);

    refused = true;
    hub.emit(LISTINGS, 'listings.refused', { id: 'l1' });
    await waitFor(() => expect(api.of('GET', '/listings')).toHaveLength(2));
    expect(await screen.findByText('Refused', { selector: '.ant-tag' })).toBeInTheDocument();
  });
});
