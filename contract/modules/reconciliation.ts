/**
 * Live rows and permission mapping of reconciliation (docs/reconciliation.md, docs/adding-a-domain.md):
 * plain data, no zod (the page registry loads it with the first page); contract/reconciliation.ts
 * re-exports it. Reading the problems is `read:capital`, as payouts and the ledger are; deciding one
 * (accept, dispute) and uploading payout files is `capital:request`: the seller's own decision about
 * the money owed to them, as requesting an advance is — the seller (user) and the admin hold it, the
 * agent, which only reads capital, does not (docs/decisions.md "Who resolves a reconciliation problem").
 */
import { liveRoute } from '../events';
import type { ResourcePermissions } from '../permissions';

/** `reconciliation.*` (a problem found or decided) refreshes the Reconciliation tab's table. */
export const reconciliationLive = [liveRoute('reconciliation', 'JOBS', 'reconciliation')] as const;

export const reconciliationPermissions = {
  reconciliation: { read: 'read:capital', manage: 'capital:request', write: 'capital:request' },
} as const satisfies ResourcePermissions;
