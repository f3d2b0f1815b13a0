/** /orders (query id, status), /orders/:id — spec §2.1, §2.3; issue 5 §4. The list reads GET /me/orders. */
import { lazy } from 'react';
import { ShoppingCartOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const orders: PageModule = {
  name: 'orders',
  routes: [
    { path: '/orders', element: lazy(() => import('./order-list')) },
    { path: '/orders/:id', element: lazy(() => import('./order-show')) },
  ],
  views: { show: '/orders/:id' },
  menu: {
    section: 'Inventory & Orders',
    label: 'Orders',
    tooltip: 'Orders from every marketplace: status, routing to suppliers, cancellations',
    icon: ShoppingCartOutlined,
    order: 2,
  },
};

export default orders;
