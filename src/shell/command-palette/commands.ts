/**
 * The palette's commands with no text typed — spec §2.5: Page Actions by current path (products,
 * orders, suppliers, orchestrator, pricing; with links to /orders?status=pending and /suppliers?tier=1),
 * Create (Link Marketplace, Create Listing, Propose Pricing) and Navigate (orders, products, suppliers,
 * integrations, analytics, settings). Every page action goes somewhere (docs/commerce-ui.md).
 */
export interface Command {
  id: string;
  label: string;
  to: string;
}

const PENDING_ORDERS: Command = { id: 'pending-orders', label: 'View pending orders', to: '/orders?status=pending' };
const TIER1_SUPPLIERS: Command = { id: 'tier1-suppliers', label: 'View tier 1 suppliers', to: '/suppliers?tier=1' };

const PAGE_ACTIONS: { prefix: string; actions: Command[] }[] = [
  {
    prefix: '/products',
    actions: [
      { id: 'create-product', label: 'Create product', to: '/products/create' },
      { id: 'low-stock', label: 'View low-stock products', to: '/products?stock_level=low_stock' },
      { id: 'out-of-stock', label: 'View out-of-stock products', to: '/products?stock_level=out_of_stock' },
      PENDING_ORDERS,
    ],
  },
  {
    prefix: '/orders',
    actions: [
      PENDING_ORDERS,
      { id: 'shipped-orders', label: 'View shipped orders', to: '/orders?status=shipped' },
      { id: 'cancelled-orders', label: 'View cancelled orders', to: '/orders?status=cancelled' },
      TIER1_SUPPLIERS,
    ],
  },
  {
    prefix: '/suppliers',
    actions: [TIER1_SUPPLIERS, { id: 'create-supplier', label: 'Create supplier', to: '/suppliers/create' }, PENDING_ORDERS],
  },
  {
    prefix: '/orchestrator',
    actions: [{ id: 'link-marketplace-page', label: 'Link a marketplace', to: '/orchestrator/marketplaces/link' }, PENDING_ORDERS],
  },
  {
    prefix: '/pricing',
    actions: [
      { id: 'pricing-agent', label: 'Open Pricing Intelligence', to: '/pricing/agent' },
      { id: 'map-violations', label: 'View MAP violations', to: '/catalog?filter=violations' },
      TIER1_SUPPLIERS,
    ],
  },
];

/** Page actions of the path's area: `/products/123` counts as products (same rule as the side navigation). */
export function pageActions(pathname: string): Command[] {
  const area = PAGE_ACTIONS.find((a) => pathname === a.prefix || pathname.startsWith(`${a.prefix}/`));
  return area?.actions ?? [];
}

export const CREATE_COMMANDS: readonly Command[] = [
  { id: 'link-marketplace', label: 'Link Marketplace', to: '/orchestrator/marketplaces/link' },
  { id: 'create-listing', label: 'Create Listing', to: '/listings/create' },
  { id: 'propose-pricing', label: 'Propose Pricing', to: '/pricing/propose' },
];

export const NAVIGATE_COMMANDS: readonly Command[] = [
  { id: 'nav-orders', label: 'Orders', to: '/orders' },
  { id: 'nav-products', label: 'Products', to: '/products' },
  { id: 'nav-suppliers', label: 'Suppliers', to: '/suppliers' },
  { id: 'nav-integrations', label: 'Integrations', to: '/integrations' },
  { id: 'nav-analytics', label: 'Analytics', to: '/analytics' },
  { id: 'nav-settings', label: 'Settings', to: '/settings' },
];
