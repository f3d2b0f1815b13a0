/**
 * /suppliers (query tier), /suppliers/create, /suppliers/:id, /suppliers/:id/edit,
 * /suppliers/:id/performance — docs/product/routes-and-roles.md; docs/commerce.md
 */
import { lazy } from 'react';
import { TeamOutlined } from '@ant-design/icons';
import { suppliersLive, suppliersPermissions } from '../../contract/modules/suppliers';
import type { PageModule } from '../../src/lib/registry';

const suppliers = {
  name: 'suppliers',
  permissions: suppliersPermissions,
  liveRoutes: suppliersLive,
  // the command palette's entries for this module (docs/shell.md)
  palette: {
    actions: [
      { id: 'tier1-suppliers', label: 'View tier 1 suppliers', to: '/suppliers?tier=1' },
      { id: 'create-supplier', label: 'Create supplier', to: '/suppliers/create' },
      { id: 'pending-orders', label: 'View pending orders', to: '/orders?status=pending' },
    ],
    navigate: { label: 'Suppliers', order: 3 },
  },
  routes: [
    { path: '/suppliers', element: lazy(() => import('./supplier-list')), call: 'GET /suppliers' },
    { path: '/suppliers/create', element: lazy(() => import('./supplier-create')), call: 'POST /suppliers' },
    { path: '/suppliers/:id', element: lazy(() => import('./supplier-show')) },
    { path: '/suppliers/:id/edit', element: lazy(() => import('./supplier-edit')), call: 'PUT /suppliers/:id' },
    // the charts page is its own chunk: @ant-design/charts loads only here
    { path: '/suppliers/:id/performance', element: lazy(() => import('./supplier-performance-page')) },
  ],
  views: { create: '/suppliers/create', show: '/suppliers/:id', edit: '/suppliers/:id/edit' },
  commands: {
    create: { label: 'Create supplier', resource: 'suppliers', action: 'create', call: 'POST /suppliers' },
    edit: { label: 'Edit', resource: 'suppliers', action: 'edit', call: 'PUT /suppliers/:id' },
    delete: { label: 'Delete', resource: 'suppliers', action: 'delete', call: 'DELETE /suppliers/:id' },
    // re-scoring writes every supplier's score and tier
    scoreAll: { label: 'Score all', resource: 'suppliers', action: 'update', call: 'POST /suppliers/score-all' },
  },
  menu: {
    section: 'Inventory & Orders',
    label: 'Suppliers',
    tooltip: 'Dropshipping suppliers: tiers, scores and monthly performance',
    icon: TeamOutlined,
    order: 3,
  },
} satisfies PageModule;

export default suppliers;
