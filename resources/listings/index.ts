/** /listings, /listings/create — spec §2.1. */
import { lazy } from 'react';
import type { PageModule } from '../../src/lib/registry';

const listings: PageModule = {
  name: 'listings',
  routes: [
    { path: '/listings', element: lazy(() => import('./listings-page')) },
    { path: '/listings/create', element: lazy(() => import('./create-listing-page')) },
  ],
  views: { create: '/listings/create' },
};

export default listings;
