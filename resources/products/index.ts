/** /products (query sku), /products/create, /products/:id, /products/:id/edit — docs/product/routes-and-roles.md; docs/commerce.md */
import { lazy } from 'react';
import { ShoppingOutlined } from '@ant-design/icons';
import { productsLive, productsPermissions } from '../../contract/modules/products';
import type { PageModule } from '../../src/lib/registry';

const products = {
  name: 'products',
  permissions: productsPermissions,
  liveRoutes: productsLive,
  // the command palette's entries for this module (docs/shell.md)
  palette: {
    actions: [
      { id: 'create-product', label: 'Create product', to: '/products/create' },
      { id: 'low-stock', label: 'View low-stock products', to: '/products?stock_level=low_stock' },
      { id: 'out-of-stock', label: 'View out-of-stock products', to: '/products?stock_level=out_of_stock' },
      { id: 'pending-orders', label: 'View pending orders', to: '/orders?status=pending' },
    ],
    navigate: { label: 'Products', order: 2 },
  },
  routes: [
    { path: '/products', element: lazy(() => import('./product-list')), call: 'GET /products' },
    { path: '/products/create', element: lazy(() => import('./product-create')), call: 'POST /products' },
    { path: '/products/:id', element: lazy(() => import('./product-show')) },
    { path: '/products/:id/edit', element: lazy(() => import('./product-edit')), call: 'PUT /products/:id' },
  ],
  views: { create: '/products/create', show: '/products/:id', edit: '/products/:id/edit' },
  commands: {
    create: { label: 'Create product', resource: 'products', action: 'create', call: 'POST /products' },
    edit: { label: 'Edit', resource: 'products', action: 'edit', call: 'PUT /products/:id' },
    import: { label: 'Import', resource: 'products', action: 'create', call: 'POST /imports/shopify-products' },
    bulkPrice: { label: 'Edit price', resource: 'products', action: 'update', call: 'POST /products/bulk' },
    bulkStock: { label: 'Edit stock', resource: 'products', action: 'update', call: 'POST /products/bulk' },
    bulkDelete: { label: 'Delete', resource: 'products', action: 'delete', call: 'POST /products/bulk' },
    // the ranking of a variant's suppliers (docs/dropshipping.md "Supplier mappings")
    reorderSuppliers: { label: 'Reorder suppliers', resource: 'products', action: 'update', call: 'PUT /products/:id/suppliers/order' },
  },
  menu: {
    section: 'Inventory & Orders',
    label: 'Products',
    tooltip: 'Your catalog: products, variants, prices, stock and supplier links',
    icon: ShoppingOutlined,
    order: 1,
  },
} satisfies PageModule;

export default products;
