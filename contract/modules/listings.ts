/**
 * Live rows and permission mapping of listings (docs/adding-a-domain.md): what both module
 * declarations read — the server's `defineModule` and the page module. Plain data, no zod: the page
 * registry loads it with the first page (docs/performance.md "Delivery"); contract/listings.ts re-exports it.
 */
import { liveRoute } from '../events';
import type { ResourcePermissions } from '../permissions';

/**
 * Live routing of the events listings writes: their log stream, SSE event and the resource that
 * refreshes (docs/events.md "Live routing"). Named by the server module and the page module.
 */
export const listingsLive = [liveRoute('listings', 'PRICING', 'listings')] as const;

/** Permissions of listings and the catalog' resources by action (contract/permissions.ts `ActionPermissions`). */
// listings are part of the catalogue: who edits products edits their listings
const PRODUCTS_WRITE = { read: 'read:products', write: 'write:products' } as const;
export const listingsPermissions = { listings: PRODUCTS_WRITE, catalog: PRODUCTS_WRITE } as const satisfies ResourcePermissions;
