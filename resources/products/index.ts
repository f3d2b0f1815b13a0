/** /products (query sku), /products/create, /products/:id, /products/:id/edit — spec §2.1, §2.3; issue 5 §4. */
import { lazy } from 'react';
import { ShoppingOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const products: PageModule = {
  name: 'products',
  routes: [
    { path: '/products', element: lazy(() => import('./product-list')) },
    { path: '/products/create', element: lazy(() => import('./product-create')) },
    { path: '/products/:id', element: lazy(() => import('./product-show')) },
    { path: '/products/:id/edit', element: lazy(() => import('./product-edit')) },
  ],
  views: { create: '/products/create', show: '/products/:id', edit: '/products/:id/edit' },
  menu: {
    section: 'Inventory & Orders',
    label: 'Products',
    tooltip: 'Your catalog: products, variants, prices, stock and supplier links',
    icon: ShoppingOutlined,
    order: 1,
  },
};

export default products;
