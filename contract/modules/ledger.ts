/**
 * Permission mapping of the ledger (docs/ledger.md, docs/adding-a-domain.md): plain data, no zod, as
 * every module's mapping; contract/ledger.ts re-exports it. Reading the books is `read:capital` (the
 * money the tenant is owed and owes is what payouts and capital are decided on).
 */
import type { ResourcePermissions } from '../permissions';

/** Permissions of the ledger's resources by action (contract/permissions.ts `ActionPermissions`). */
export const ledgerPermissions = { ledger: { read: 'read:capital' } } as const satisfies ResourcePermissions;
