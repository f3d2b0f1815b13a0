/**
 * /listings, /listings/create — docs/product/routes-and-roles.md (docs/marketplaces-ui.md). Listings are part of the catalogue:
 * who writes products writes listings (contract/permissions.ts `listings`). No side-navigation entry
 * (Catalog & Listings shows the same table). Its dashboard card: the top MAP offenders; its section of
 * /settings: the MAP policy (docs/settings.md "MAP policy").
 */
import { lazy } from 'react';
import { listingsLive, listingsPermissions } from '../../contract/modules/listings';
import type { PageModule } from '../../src/lib/registry';

const listings = {
  name: 'listings',
  permissions: listingsPermissions,
  liveRoutes: listingsLive,
  // the command palette's entries for this module (docs/shell.md)
  palette: { create: [{ id: 'create-listing', label: 'Create Listing', to: '/listings/create', order: 2 }] },
  routes: [
    { path: '/listings', element: lazy(() => import('./listings-page')), navUnder: '/catalog' },
    { path: '/listings/create', element: lazy(() => import('./create-listing-page')) },
  ],
  views: { create: '/listings/create' },
  dashboardCards: [
    {
      id: 'top-offenders',
      title: 'Top Offenders',
      order: 31,
      source: 'products',
      element: lazy(() => import('./top-offenders-card').then((m) => ({ default: m.TopOffendersCard }))),
    },
  ],
  commands: {
    create: { label: 'Create listing', resource: 'listings', action: 'create', call: 'POST /listings' },
    bulk: { label: 'Bulk edit listings', resource: 'listings', action: 'update', call: 'POST /listings/bulk' },
    saveMapPolicy: { label: 'Save MAP policy', resource: 'settings', action: 'update', call: 'PUT /listings/map-settings' },
  },
  // the grace below MAP (docs/settings.md "MAP policy"); the violations stay on /catalog and /listings
  settingsSections: [
    {
      id: 'map-policy',
      title: 'MAP policy',
      order: 14,
      description: 'How far below MAP a price may go before it is a violation.',
      to: '/catalog?filter=violations',
      access: 'settings',
      element: lazy(() => import('./map-policy-section')),
    },
  ],
} satisfies PageModule;

export default listings;
