/**
 * Products, orders and suppliers are registered by their own domain modules (docs/commerce.md). Until those
 * folders exist, the side navigation tests add modules with the same menu entries; a real module
 * with the same name always wins, so the tests then run against it unchanged.
 */
import { lazy } from 'react';
import { AppstoreOutlined } from '@ant-design/icons';
import type { PageModule } from '../../../src/lib/registry';

const page = lazy(async () => ({ default: () => null }));

const standIns: PageModule[] = [
  { name: 'products', routes: [{ path: '/products', element: page }], menu: { section: 'Inventory & Orders', label: 'Products', tooltip: 'Products', icon: AppstoreOutlined, order: 1 } },
  { name: 'orders', routes: [{ path: '/orders', element: page }], menu: { section: 'Inventory & Orders', label: 'Orders', tooltip: 'Orders', icon: AppstoreOutlined, order: 2 } },
  { name: 'suppliers', routes: [{ path: '/suppliers', element: page }], menu: { section: 'Inventory & Orders', label: 'Suppliers', tooltip: 'Suppliers', icon: AppstoreOutlined, order: 3 } },
];

export function withInventory(modules: readonly PageModule[]): PageModule[] {
  return [...modules, ...standIns.filter((s) => !modules.some((m) => m.name === s.name))];
}
