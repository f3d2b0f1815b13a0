/** /catalog (query filter=violations, tab) — docs/product/routes-and-roles.md; docs/marketplaces-ui.md. */
import { lazy } from 'react';
import { AppstoreOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const catalog: PageModule = {
  name: 'catalog',
  routes: [
    { path: '/catalog', element: lazy(() => import('./catalog-page')) },
  ],
  menu: {
    section: 'Commerce & Fulfillment',
    label: 'Catalog & Listings',
    tooltip: 'Your catalog with its marketplace listings and pricing',
    icon: AppstoreOutlined,
    order: 1,
  },
};

export default catalog;
