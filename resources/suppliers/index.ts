/**
 * /suppliers (query tier), /suppliers/create, /suppliers/:id, /suppliers/:id/edit,
 * /suppliers/:id/performance — spec §2.1, §2.3; issue 5 §4, §5.
 */
import { lazy } from 'react';
import { TeamOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const suppliers: PageModule = {
  name: 'suppliers',
  routes: [
    { path: '/suppliers', element: lazy(() => import('./supplier-list')) },
    { path: '/suppliers/create', element: lazy(() => import('./supplier-create')) },
    { path: '/suppliers/:id', element: lazy(() => import('./supplier-show')) },
    { path: '/suppliers/:id/edit', element: lazy(() => import('./supplier-edit')) },
    // the charts page is its own chunk: @ant-design/charts loads only here
    { path: '/suppliers/:id/performance', element: lazy(() => import('./supplier-performance-page')) },
  ],
  views: { create: '/suppliers/create', show: '/suppliers/:id', edit: '/suppliers/:id/edit' },
  menu: {
    section: 'Inventory & Orders',
    label: 'Suppliers',
    tooltip: 'Dropshipping suppliers: tiers, scores and monthly performance',
    icon: TeamOutlined,
    order: 3,
  },
};

export default suppliers;
