/**
 * Live rows and permission mapping of marketplaces (docs/adding-a-domain.md): what both module
 * declarations read — the server's `defineModule` and the page module. Plain data, no zod: the page
 * registry loads it with the first page (docs/performance.md "Delivery"); contract/marketplaces.ts re-exports it.
 */
import { liveRoute } from '../events';
import type { ResourcePermissions } from '../permissions';

/**
 * Live routing of the events marketplaces writes: their log stream, SSE event and the resource that
 * refreshes (docs/events.md "Live routing"). Named by the server module and the page module.
 */
export const marketplacesLive = [liveRoute('marketplaces', 'JOBS', 'marketplaces')] as const;

/** Permissions of marketplaces' resources by action (contract/permissions.ts `ActionPermissions`). */
// every signed-in role reads the linked accounts; linking and unlinking is admin only
export const marketplacesPermissions = { marketplaces: { read: 'read:products', write: 'manage:integrations', manage: 'manage:integrations' } } as const satisfies ResourcePermissions;
