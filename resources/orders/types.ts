/** Order shapes as the API answers them (server/api/orders, docs/commerce.md). */
import type { Marketplace, OrderStatus } from '../../contract/orders';

export { ORDER_STATUSES, ORDER_TRANSITIONS, MARKETPLACES, type OrderStatus, type Marketplace } from '../../contract/orders';

export interface OrderItem {
  id: string | number;
  sku: string;
  title: string;
  quantity: number;
  unit_price: number;
  product_id: string | null;
}

export interface StatusChange {
  from: OrderStatus | null;
  to: OrderStatus;
  reason: string | null;
  actor: string;
  at: string;
}

export interface Order {
  id: string;
  marketplace: Marketplace;
  external_order_id: string | null;
  customer_name: string | null;
  status: OrderStatus;
  subtotal: number;
  shipping: number;
  tax: number;
  fees: number;
  total: number;
  currency: string;
  cancel_reason: string | null;
  items_count: number;
  created_at: string;
  updated_at: string;
}

export interface OrderDetail extends Order {
  items: OrderItem[];
  status_history: StatusChange[];
}

export const MARKETPLACE_LABEL: Record<Marketplace, string> = { amazon: 'Amazon', ebay: 'eBay', walmart: 'Walmart', shopify: 'Shopify' };

/** The list's filters: URL parameters = API query names (spec §2.1 `/orders?status`). */
export const ORDER_FILTERS = ['search', 'status', 'marketplace', 'created_from', 'created_to'] as const;
