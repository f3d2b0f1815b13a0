/**
 * Order status rules — docs/product/business-rules.md: pending → routed → ordered_from_supplier → shipped → delivered,
 * or cancelled (before shipping) / partially returned and returned (after shipping). The one table the API and the
 * console share (docs/commerce.md "Order statuses").
 */
import { z } from 'zod';
import { listQuery } from './api';
import { cursor, isoDateTime, reqText } from './fields';
import { orderProfit } from './profit';
import { shipTo } from './addresses';

export const ORDER_STATUSES = ['pending', 'routed', 'ordered_from_supplier', 'shipped', 'delivered', 'cancelled', 'partially_returned', 'returned'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How the console names and colours each status (an antd preset colour; src/shell/a11y.css gives each its text contrast). */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Pending',
  routed: 'Routed',
  ordered_from_supplier: 'Ordered from supplier',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  partially_returned: 'Partially returned',
  returned: 'Returned',
};
export const ORDER_STATUS_COLOR: Record<OrderStatus, string> = {
  pending: 'gold',
  routed: 'blue',
  ordered_from_supplier: 'geekblue',
  shipped: 'cyan',
  delivered: 'green',
  cancelled: 'default',
  partially_returned: 'purple',
  returned: 'magenta',
};

export const MARKETPLACES = ['amazon', 'ebay', 'walmart', 'shopify'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

/**
 * Allowed next statuses. Cancelling stops once the parcel has left; a return needs a shipment. An
 * order some of whose units came back (a return refunded or replaced, units left) is partially
 * returned, and still returnable; returned once every unit of every line came back.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['routed', 'cancelled'],
  routed: ['ordered_from_supplier', 'cancelled'],
  ordered_from_supplier: ['shipped', 'cancelled'],
  shipped: ['delivered', 'partially_returned', 'returned'],
  delivered: ['partially_returned', 'returned'],
  cancelled: [],
  partially_returned: ['returned'],
  returned: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * Statuses only the router sets: routed means the router picked each item's supplier, ordered from
 * supplier that it placed their purchase orders. A person asks the router (route the order) instead
 * of setting them, so an order never reads "Routed" without a supplier or slips past a hold
 * (docs/dropshipping.md "Routing by hand").
 */
export const ROUTER_STATUSES: readonly OrderStatus[] = ['routed', 'ordered_from_supplier'];

/** The statuses a person may set from `from` (cancel included): the allowed ones, less the router's. */
export function personTransitions(from: OrderStatus): OrderStatus[] {
  return (ORDER_TRANSITIONS[from] ?? []).filter((s) => !ROUTER_STATUSES.includes(s));
}

/** The statuses from which a person may ask the router to route an order (not while it is on hold). */
export const ROUTABLE_STATUSES: readonly OrderStatus[] = ['pending', 'routed'];

/** Statuses an order may be held in by a person: not yet handed to the carrier. */
export const HOLDABLE_STATUSES: readonly OrderStatus[] = ['pending', 'routed', 'ordered_from_supplier'];

/**
 * Steps back that only the server takes, as the consequence of another record's change, never a
 * person's move (not offered, and PUT /orders/{id}/status refuses them): a shipped order whose last
 * live label was voided goes back to ordered_from_supplier, the status before shipped — the parcel
 * never left (docs/dropshipping.md "Labels").
 */
export const ORDER_CONSEQUENCES: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  shipped: ['ordered_from_supplier'],
};

export function canFollow(from: OrderStatus, to: OrderStatus): boolean {
  return canTransition(from, to) || (ORDER_CONSEQUENCES[from] ?? []).includes(to);
}

/** The statuses an order can be returned from: it left, and not every unit came back yet (docs/dropshipping.md "Returns"). */
export const RETURNABLE_STATUSES: readonly OrderStatus[] = ['shipped', 'delivered', 'partially_returned'];

export function isReturnable(status: OrderStatus): boolean {
  return RETURNABLE_STATUSES.includes(status);
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
    case 'partially_returned':
      return ['pending', 'routed', 'ordered_from_supplier', 'shipped', 'delivered', 'partially_returned'];
    case 'returned':
      return ['pending', 'routed', 'ordered_from_supplier', 'shipped', 'delivered', 'returned'];
    case 'cancelled':
      return ['pending', 'cancelled'];
  }
}

// ---- requests and answers (docs/commerce.md "Orders") ------------------------------------------

export const ORDER_SORTS = ['created_at', 'total', 'status'] as const;
export const MARKETPLACE_LABEL: Record<Marketplace, string> = { amazon: 'Amazon', ebay: 'eBay', walmart: 'Walmart', shopify: 'Shopify' };

/** `?status=pending` or `?status=pending,routed` (Refine "in" filters send a list). */
const csvEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string().max(500), z.array(z.string().max(100)).max(values.length * 2)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).min(1).max(values.length));

export const orderListQuery = listQuery.extend({
  sort: z.enum(ORDER_SORTS).default('created_at'),
  cursor: cursor.optional(),
  id: reqText(64).optional(),
  status: csvEnum(ORDER_STATUSES).optional(),
  marketplace: csvEnum(MARKETPLACES).optional(),
  created_from: isoDateTime().optional(),
  created_to: isoDateTime().optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderParams = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'not an order id') });

const reason = reqText(500);

export const statusBody = z
  .object({ status: z.enum(ORDER_STATUSES), reason: reason.optional() })
  .refine((b) => b.status !== 'cancelled' || b.reason, { path: ['reason'], message: 'A reason is required to cancel an order' });

export const cancelBody = z.object({ reason });

/** Holding an order by hand: the reason is what the work queue and the order's page show. */
export const holdBody = z.object({ reason });

/** What /orders does to selected orders (docs/commerce-ui.md "Orders"): one request per chunk, one result per order. */
export const ORDER_BULK_ACTIONS = ['route', 'buy_label', 'hold', 'release', 'cancel'] as const;
export type OrderBulkAction = (typeof ORDER_BULK_ACTIONS)[number];
/** Orders per bulk request: the console sends a selection in chunks of this size so its progress moves. */
export const ORDER_BULK_MAX = 50;

export const orderBulkBody = z
  .object({
    action: z.enum(ORDER_BULK_ACTIONS),
    ids: z.array(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'not an order id')).min(1).max(ORDER_BULK_MAX),
    reason: reason.optional(),
  })
  .refine((b) => !(b.action === 'cancel' || b.action === 'hold') || b.reason, { path: ['reason'], message: 'A reason is required to hold or cancel orders' });
export type OrderBulkBody = z.infer<typeof orderBulkBody>;

/** One order's result in a bulk answer: done (with what happened, in words) or the reason it was not. */
export const orderBulkResult = z.object({
  id: z.string(),
  ok: z.boolean(),
  message: z.string().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type OrderBulkResult = z.infer<typeof orderBulkResult>;

export const order = z.object({
  id: z.string(),
  marketplace: z.enum(MARKETPLACES),
  external_order_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  subtotal: z.number(),
  shipping: z.number(),
  tax: z.number(),
  fees: z.number(),
  total: z.number(),
  currency: z.string(),
  cancel_reason: z.string().nullable(),
  items_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof order>;

export const orderItem = z.object({
  id: z.union([z.string(), z.number()]),
  sku: z.string(),
  title: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  product_id: z.string().nullable(),
  /** how much of the line its returns that are not rejected take (docs/dropshipping.md "Returned quantity"); absent from servers before it */
  returned_quantity: z.number().optional(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const statusChange = z.object({
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  reason: z.string().nullable(),
  actor: z.string(),
  at: z.string(),
});
export type StatusChange = z.infer<typeof statusChange>;

/** `profit`: the order's profit breakdown in cents (contract/profit.ts, docs/commerce.md "Order profit"); absent from servers before it.
 * `hold_reason`: why the automation leaves the order (docs/dropshipping.md "Hold rules"), null when it is not held; absent from servers before it. */
export const orderDetail = order.extend({
  items: z.array(orderItem), status_history: z.array(statusChange), profit: orderProfit.optional(), hold_reason: z.string().nullable().optional(),
  /** where the order ships (contract/addresses.ts, docs/commerce.md "Ship-to address"); absent from servers before it */
  ship_to: shipTo.optional(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** What of a line can still be returned: sold less what its returns that are not rejected took (absent: none). */
export const leftToReturn = (i: Pick<OrderItem, 'quantity' | 'returned_quantity'>): number => Math.max(i.quantity - (i.returned_quantity ?? 0), 0);

/** The units of an order that can still be returned, over its lines. */
export const unitsLeftToReturn = (items: readonly Pick<OrderItem, 'quantity' | 'returned_quantity'>[] | undefined): number => (items ?? []).reduce((n, i) => n + leftToReturn(i), 0);

// live rows and permissions: plain data in their own module (the page registry loads it without zod)
export { ordersLive, ordersPermissions } from './modules/orders';
