/**
 * Live rows and permission mapping of fulfillment (docs/adding-a-domain.md): what both module
 * declarations read — the server's `defineModule` and the page module. Plain data, no zod: the page
 * registry loads it with the first page (docs/performance.md "Delivery"); contract/fulfillment.ts re-exports it.
 */
import { liveRoute } from '../events';
import type { ResourcePermissions } from '../permissions';

/**
 * Live routing of the events fulfillment (routing, purchase orders, shipments, labels) writes: their log stream, SSE event and the resource that
 * refreshes (docs/events.md "Live routing"). Named by the server module and the page module.
 */
export const fulfillmentLive = [liveRoute('fulfillment', 'FULFILLMENT', 'fulfillment'), liveRoute('labels', 'FULFILLMENT', 'shipments')] as const;

/** Live routing of the returns (RMA) events: the returns module writes them (docs/events.md "Live routing"). */
export const returnsLive = [liveRoute('returns', 'FULFILLMENT', 'returns')] as const;

/** Permissions of dropshipping (fulfillment, shipments, purchase orders, returns)' resources by action (contract/permissions.ts `ActionPermissions`). */
// dropshipping acts on orders: who changes orders buys labels and handles returns (docs/dropshipping.md)
const ORDERS_WRITE = { read: 'read:orders', write: 'write:orders', approve: 'write:orders' } as const;
export const fulfillmentPermissions = {
  fulfillment: ORDERS_WRITE,
  shipments: ORDERS_WRITE,
  'purchase-orders': ORDERS_WRITE,
} as const satisfies ResourcePermissions;
/** The returns page's resource (its own page module): the same orders permissions. */
export const returnsPermissions = { returns: ORDERS_WRITE } as const satisfies ResourcePermissions;
