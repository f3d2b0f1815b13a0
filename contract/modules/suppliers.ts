/**
 * Live rows and permission mapping of suppliers (docs/adding-a-domain.md): what both module
 * declarations read — the server's `defineModule` and the page module. Plain data, no zod: the page
 * registry loads it with the first page (docs/performance.md "Delivery"); contract/suppliers.ts re-exports it.
 */
import { liveRoute } from '../events';
import type { ResourcePermissions } from '../permissions';

/**
 * Live routing of the events suppliers writes: their log stream, SSE event and the resource that
 * refreshes (docs/events.md "Live routing"). Named by the server module and the page module.
 */
export const suppliersLive = [liveRoute('suppliers', 'JOBS', 'suppliers')] as const;

/** Permissions of suppliers' resources by action (contract/permissions.ts `ActionPermissions`). */
export const suppliersPermissions = { suppliers: { read: 'read:suppliers', write: 'write:suppliers' } } as const satisfies ResourcePermissions;
