/**
 * A tenant's fee schedules over time (docs/settings.md "Fee overrides"): its override changes read in
 * ONE statement per transaction or batch (`loadFeeBook`), then the schedule of any order by its
 * marketplace and time without another query (`at`). Every place that computes a marketplace fee —
 * an order's stored fee, the automation's loss checks, the ledger's postings, the sandbox
 * marketplace's payouts, the repricer's margin — takes its schedule from here, and
 * contract/marketplaces.ts `feeCents` applies it: one formula, the tenant's schedule of the order's
 * time. Reconciliation reads the same table inside its one statement (server/api/reconciliation/reconcile.ts).
 */
import type { Queryable } from '../db';
import { scheduleAt, type FeeOverrideChange } from '../../contract/fee-overrides';
import { FEE_SCHEDULES, type FeeSchedule } from '../../contract/marketplaces';
import type { Marketplace } from '../../contract/orders';

export interface FeeBook {
  /** The schedule of an order on `kind` placed at `at` (the standard one unless an override was in force). */
  at(kind: Marketplace, at: string | Date): FeeSchedule;
  /** The schedule in force now (the repricer prices the next sale with it). */
  now(kind: Marketplace): FeeSchedule;
  /** Whether the tenant ever overrode a schedule (none: every schedule is the standard one). */
  readonly empty: boolean;
}

/** The book of these changes (in the order they were made). */
export function feeBookOf(changes: readonly FeeOverrideChange[], clock: () => Date = () => new Date()): FeeBook {
  if (changes.length === 0) return STANDARD_BOOK;
  return {
    at: (kind, at) => scheduleAt(changes, kind, at),
    now: (kind) => scheduleAt(changes, kind, clock()),
    empty: false,
  };
}

/** No overrides: the standard schedules. */
export const STANDARD_BOOK: FeeBook = { at: (kind) => FEE_SCHEDULES[kind], now: (kind) => FEE_SCHEDULES[kind], empty: true };

/** A change as recorded: when it takes effect, and when and by whom it was made (the settings section shows both). */
export interface RecordedFeeChange extends FeeOverrideChange {
  effective_from: Date;
  created_at: Date;
  created_by: string | null;
}

/** The tenant's override changes, oldest first, in one statement. */
export async function loadFeeChanges(tx: Queryable, tenantId: string): Promise<RecordedFeeChange[]> {
  const { rows } = await tx.query<{ marketplace: Marketplace; effective_from: Date | string; rate_bp: number | null; fixed_cents: number | null; created_at: Date | string; created_by: string | null }>(
    `select marketplace, effective_from, rate_bp, fixed_cents, created_at, created_by from marketplace_fee_overrides
      where tenant_id = $1 order by effective_from, id`,
    [tenantId],
  );
  return rows.map((r) => ({
    marketplace: r.marketplace,
    effective_from: new Date(r.effective_from),
    rate_bp: r.rate_bp === null ? null : Number(r.rate_bp),
    fixed_cents: r.fixed_cents === null ? null : Number(r.fixed_cents),
    created_at: new Date(r.created_at),
    created_by: r.created_by,
  }));
}

/** The tenant's fee book, read once (call it once per transaction or batch, never per order). */
export async function loadFeeBook(tx: Queryable, tenantId: string): Promise<FeeBook> {
  return feeBookOf(await loadFeeChanges(tx, tenantId));
}
