/**
 * Set-up of the marketplace and listings component tests: the ops harness's fake API (fetch stubbed
 * behind the browser's real API client and data provider) with the console's router provider, the
 * access control of a given role, and the resources these pages use.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { Refine, type LiveProvider } from '@refinedev/core';
import { App as AntApp } from 'antd';
import type { Role } from '../../contract/roles';
import { dataProvider } from '../../providers/app-client';
import { createAccessControlProvider } from '../../providers/access-control';
import { routerProvider } from '../../providers/router/router-provider';

export { fakeApi, installDomShims, listOf, type Call } from './ops-harness';

function Location() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

export function renderAs(role: Role, path: string, route: string, page: ReactNode, liveProvider?: LiveProvider) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } });
  return render(
    <AntApp>
      <MemoryRouter initialEntries={[path]}>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          accessControlProvider={createAccessControlProvider(() => role)}
          liveProvider={liveProvider}
          resources={[
            { name: 'listings', list: '/listings', create: '/listings/create' },
            { name: 'catalog', list: '/catalog' },
            { name: 'integrations', list: '/integrations', meta: { access: 'integrations' } },
            { name: 'products', list: '/products', show: '/products/:id' },
          ]}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: client }, liveMode: 'auto' }}
        >
          <Routes>
            <Route path={route} element={page} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <Location />
        </Refine>
      </MemoryRouter>
    </AntApp>,
  );
}

export const iso = (minutesAgo = 0) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

export function account(id: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    kind: 'amazon',
    name,
    mode: 'sandbox',
    status: 'connected',
    last_sync_at: iso(5),
    error_message: null,
    has_credentials: false,
    sandbox_order_rate: 0.02,
    sandbox_tick: 3,
    fee_schedule: { rate: 0.15, fixed_cents: 0, payout_every_days: 14 },
    listings_count: 12,
    active_listings_count: 10,
    created_at: iso(60),
    updated_at: iso(5),
    ...extra,
  };
}

export function listing(id: string, title: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    marketplace_id: 'm1',
    marketplace_name: 'Amazon US',
    marketplace_kind: 'amazon',
    product_id: 'p1',
    variant_id: 'v1',
    sku: `SKU-${id}`,
    product_title: title,
    title,
    price_cents: 1999,
    map_price_cents: 2499,
    cost_cents: 900,
    quantity_rule: { mode: 'stock_minus_buffer', buffer: 2 },
    quantity: 8,
    status: 'active',
    sync_state: 'synced',
    feed_message: null,
    external_id: `AMZ-${id}`,
    last_pushed_at: iso(3),
    buy_box_owner: 'you',
    buy_box_price_cents: 1999,
    competitors_count: 2,
    lowest_competitor_cents: 2099,
    open_violations: 1,
    image_url: null,
    created_at: iso(60),
    updated_at: iso(3),
    ...extra,
  };
}
