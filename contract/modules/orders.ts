/**
 * Live rows and permission mapping of orders (docs/adding-a-domain.md): what both module
 * declarations read — the server's `defineModule` and the page module. Plain data, no zod: the page
 * registry loads it with the first page (docs/performance.md "Delivery"); contract/orders.ts re-exports it.
 */
import { liveRoute } from '../events';
import type { ResourcePermissions } from '../permissions';

/**
 * Live routing of the events orders writes: their log stream, SSE event and the resource that
 * refreshes (docs/events.md "Live routing"). Named by the server module and the page module.
 */
export const ordersLive = [liveRoute('orders', 'ORDERS', 'orders')] as const;

/** Permissions of orders' resources by action (contract/permissions.ts `ActionPermissions`). */
export const ordersPermissions = { orders: { read: 'read:orders', write: 'write:orders' } } as const satisfies ResourcePermissions;
