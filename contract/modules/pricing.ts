/**
 * Live rows and permission mapping of pricing (docs/adding-a-domain.md): what both module
 * declarations read — the server's `defineModule` and the page module. Plain data, no zod: the page
 * registry loads it with the first page (docs/performance.md "Delivery"); contract/pricing.ts re-exports it.
 */
import { liveRoute } from '../events';
import type { ResourcePermissions } from '../permissions';

/**
 * Live routing of the events pricing writes: their log stream, SSE event and the resource that
 * refreshes (docs/events.md "Live routing"). Named by the server module and the page module. The
 * proposals list refreshes on them (created, decided, superseded by a pass: docs/repricing.md
 * "Proposals"), through the live provider's coalesced refetch.
 */
export const pricingLive = [liveRoute('pricing', 'PRICING', 'price_proposals')] as const;

/**
 * Permissions of pricing's resources by action (contract/permissions.ts `ActionPermissions`): every
 * signed-in role reads; writing rules, proposing and deciding proposals take write:products, as the
 * server routes declare (docs/repricing.md "Rules", "Proposals").
 */
export const pricingPermissions = {
  pricing_rules: { read: 'read:products', write: 'write:products' },
  price_proposals: { read: 'read:products', write: 'write:products', approve: 'write:products' },
} as const satisfies ResourcePermissions;
