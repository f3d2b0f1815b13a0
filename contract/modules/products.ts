/**
 * Live rows and permission mapping of products (docs/adding-a-domain.md): what both module
 * declarations read — the server's `defineModule` and the page module. Plain data, no zod: the page
 * registry loads it with the first page (docs/performance.md "Delivery"); contract/products.ts re-exports it.
 */
import { liveRoute } from '../events';
import type { ResourcePermissions } from '../permissions';

/**
 * Live routing of the events products writes: their log stream, SSE event and the resource that
 * refreshes (docs/events.md "Live routing"). Named by the server module and the page module.
 */
export const productsLive = [liveRoute('products', 'PRICING', 'products')] as const;

/** Permissions of products' resources by action (contract/permissions.ts `ActionPermissions`). */
export const productsPermissions = { products: { read: 'read:products', write: 'write:products' } } as const satisfies ResourcePermissions;
