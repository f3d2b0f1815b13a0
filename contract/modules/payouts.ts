/**
 * Permission mapping of payouts (docs/payouts.md, docs/adding-a-domain.md): plain data, no zod, as
 * every module's mapping; contract/payouts.ts re-exports it. Reading payouts and their lines is
 * `read:capital`, as the ledger is: what the marketplaces paid is what capital is decided on.
 */
import type { ResourcePermissions } from '../permissions';

/** Permissions of the payouts' resources by action (contract/permissions.ts `ActionPermissions`). */
export const payoutsPermissions = { payouts: { read: 'read:capital' } } as const satisfies ResourcePermissions;
