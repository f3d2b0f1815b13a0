/**
 * Order status rules — DESIGN §6: pending → routed → ordered_from_supplier → shipped → delivered,
 * or cancelled (before shipping) / returned (after shipping). The one table the API and the console share.
 */
export const ORDER_STATUSES = ['pending', 'routed', 'ordered_from_supplier', 'shipped', 'delivered', 'cancelled', 'returned'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const MARKETPLACES = ['amazon', 'ebay', 'walmart', 'shopify'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

/** Allowed next statuses. Cancelling stops once the parcel has left; a return needs a shipment. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['routed', 'cancelled'],
  routed: ['ordered_from_supplier', 'cancelled'],
  ordered_from_supplier: ['shipped', 'cancelled'],
  shipped: ['delivered', 'returned'],
  delivered: ['returned'],
  cancelled: [],
  returned: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function isTerminal(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0;
}

/** The path an order walks from pending to reach `status` (seed and imports record it as history). */
export function pathTo(status: OrderStatus): OrderStatus[] {
  switch (status) {
    case 'pending':
      return ['pending'];
    case 'routed':
      return ['pending', 'routed'];
    case 'ordered_from_supplier':
      return ['pending', 'routed', 'ordered_from_supplier'];
    case 'shipped':
      return ['pending', 'routed', 'ordered_from_supplier', 'shipped'];
    case 'delivered':
      return ['pending', 'routed', 'ordered_from_supplier', 'shipped', 'delivered'];
    case 'returned':
      return ['pending', 'routed', 'ordered_from_supplier', 'shipped', 'delivered', 'returned'];
    case 'cancelled':
      return ['pending', 'cancelled'];
  }
}
