/** /orders (query id, status), /orders/:id — docs/product/routes-and-roles.md; docs/commerce.md The list reads GET /me/orders. */
import { lazy } from 'react';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { ordersLive, ordersPermissions } from '../../contract/modules/orders';
import type { PageModule } from '../../src/lib/registry';

const orders = {
  name: 'orders',
  permissions: ordersPermissions,
  liveRoutes: ordersLive,
  // the command palette's entries for this module (docs/shell.md)
  palette: {
    actions: [
      { id: 'pending-orders', label: 'View pending orders', to: '/orders?status=pending' },
      { id: 'shipped-orders', label: 'View shipped orders', to: '/orders?status=shipped' },
      { id: 'cancelled-orders', label: 'View cancelled orders', to: '/orders?status=cancelled' },
      { id: 'tier1-suppliers', label: 'View tier 1 suppliers', to: '/suppliers?tier=1' },
    ],
    navigate: { label: 'Orders', order: 1 },
  },
  routes: [
    { path: '/orders', element: lazy(() => import('./order-list')), call: 'GET /me/orders' },
    { path: '/orders/:id', element: lazy(() => import('./order-show')) },
  ],
  views: { show: '/orders/:id' },
  commands: {
    changeStatus: { label: 'Change status', resource: 'orders', action: 'update', call: 'POST /orders/:id/status' },
    cancel: { label: 'Cancel order', resource: 'orders', action: 'update', call: 'POST /orders/:id/cancel' },
    // a person asks the router rather than setting "Routed" (docs/dropshipping.md "Routing by hand")
    route: { label: 'Route to suppliers', resource: 'orders', action: 'update', call: 'POST /orders/:id/route' },
    hold: { label: 'Hold', resource: 'orders', action: 'update', call: 'POST /orders/:id/hold' },
    bulk: { label: 'Bulk actions', resource: 'orders', action: 'update', call: 'POST /orders/bulk' },
    // the ship-to address, corrected until the order ships (docs/commerce.md "Ship-to address")
    editShipTo: { label: 'Edit address', resource: 'orders', action: 'update', call: 'PUT /orders/:id/ship-to' },
    import: { label: 'Import', resource: 'orders', action: 'create', call: 'POST /imports/amazon-orders' },
    // a return is requested from the order's page (docs/dropshipping.md "Returns")
    createReturn: { label: 'Create return', resource: 'returns', action: 'create', call: 'POST /returns' },
  },
  menu: {
    section: 'Inventory & Orders',
    label: 'Orders',
    tooltip: 'Orders from every marketplace: status, routing to suppliers, cancellations',
    icon: ShoppingCartOutlined,
    order: 2,
  },
} satisfies PageModule;

export default orders;
