/**
 * Marketplace fee overrides (docs/settings.md "Fee overrides"): `GET /settings/fees` lists each
 * marketplace kind with its standard schedule, the override in force and who changed it when;
 * `PUT /settings/fees` records a change per kind whose value differs from the one in force, as a new
 * effective-dated row of marketplace_fee_overrides (migration 0054) from the moment it is saved on.
 * Orders placed before keep the schedule of their time (server/domain/fee-book.ts).
 *
 * Once: the tenant's overrides are locked for the command (a transaction-scoped advisory lock), so of
 * two identical submits the second finds the values in force and writes nothing; the audit entry
 * (`fee_override.update`, the changed kinds before and after) and `settings.fees_updated` only then.
 */
import type { Tx } from '../../db';
import type { ApiModule } from '../module';
import { one } from '../kit';
import { oneAnswer } from '../../../contract/api';
import {
  feeOverrides, feeOverridesBody, overrideAt, type FeeOverride, type FeeOverrideChange, type FeeOverrideRow, type FeeOverrides,
} from '../../../contract/fee-overrides';
import { FEE_SCHEDULES, MARKETPLACE_KINDS, MARKETPLACE_LABEL, type MarketplaceKind } from '../../../contract/marketplaces';
import { SETTINGS_EVENTS } from '../../../contract/settings-events';
import { loadFeeChanges, type RecordedFeeChange } from '../../domain/fee-book';

type Change = RecordedFeeChange;

/** The change in force for `kind` at `at` (the last of its kind not after it), or null. */
function changeInForce(changes: readonly Change[], kind: MarketplaceKind, at: Date): Change | null {
  let found: Change | null = null;
  for (const c of changes) if (c.marketplace === kind && c.effective_from <= at) found = c;
  return found;
}

/** The section's answer: each kind's standard schedule, the override in force now, and its last change. */
export function feeOverridesAnswer(changes: readonly Change[], now: Date): FeeOverrides {
  const marketplaces = MARKETPLACE_KINDS.map((kind): FeeOverrideRow => {
    const std = FEE_SCHEDULES[kind];
    const override = overrideAt(changes, kind, now);
    const inForce = changeInForce(changes, kind, now);
    const last = [...changes].reverse().find((c) => c.marketplace === kind) ?? null;
    return {
      kind,
      label: MARKETPLACE_LABEL[kind],
      standard: { rate_bp: std.rate_bp, fixed_cents: std.fixed_cents, payout_every_days: std.payout_every_days },
      override,
      in_force_since: override && inForce ? inForce.effective_from.toISOString() : null,
      changed_at: last ? last.created_at.toISOString() : null,
      changed_by: last?.created_by ?? null,
    };
  });
  const latest = changes.reduce<Change | null>((a, c) => (!a || c.created_at >= a.created_at ? c : a), null);
  return { marketplaces, updated_at: latest ? latest.created_at.toISOString() : null, updated_by: latest?.created_by ?? null };
}

const same = (a: FeeOverride | null, b: FeeOverride | null) => (a === null || b === null ? a === b : a.rate_bp === b.rate_bp && a.fixed_cents === b.fixed_cents);

/** The kinds whose value in the body differs from the one in force now, with both. */
export function changedKinds(changes: readonly FeeOverrideChange[], wanted: Partial<Record<MarketplaceKind, FeeOverride | null>>, now: Date) {
  return MARKETPLACE_KINDS.flatMap((kind) => {
    if (!(kind in wanted) || wanted[kind] === undefined) return [];
    const before = overrideAt(changes, kind, now);
    const after = wanted[kind] ?? null;
    return same(before, after) ? [] : [{ kind, before, after }];
  });
}

/**
 * The database's clock now (`clock_timestamp()`, not the transaction's start): read after the lock,
 * it is later than every change committed before, so of two saves one after the other the second's
 * rows are the later ones whatever order their transactions began in.
 */
async function dbNow(tx: Tx): Promise<Date> {
  const { rows } = await tx.query<{ now: Date | string }>('select clock_timestamp() as now');
  return new Date(rows[0].now);
}

export const feeOverrideRoutes: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/settings/fees',
    access: 'read:settings',
    answer: oneAnswer(feeOverrides),
    handler: async ({ tx, auth }) => one(feeOverridesAnswer(await loadFeeChanges(tx, auth.tenantId), await dbNow(tx))),
  });

  api.route({
    method: 'PUT',
    url: '/settings/fees',
    access: 'write:settings',
    // no row of its own to lock: the tenant's overrides are serialised by an advisory lock below
    lock: false,
    body: feeOverridesBody,
    answer: oneAnswer(feeOverrides),
    async handler({ tx, auth, body, audit, emit }) {
      await tx.query(`select pg_advisory_xact_lock(hashtextextended('fee-overrides:' || $1::text, 0))`, [auth.tenantId]);
      const now = await dbNow(tx);
      const changes = await loadFeeChanges(tx, auth.tenantId);
      const changed = changedKinds(changes, body.overrides, now);
      if (changed.length === 0) return one(feeOverridesAnswer(changes, now));
      await tx.query(
        `insert into marketplace_fee_overrides (tenant_id, marketplace, effective_from, rate_bp, fixed_cents, created_by, created_at)
         select $1, u.kind, $6::timestamptz, u.rate, u.fixed, $5, $6::timestamptz from unnest($2::text[], $3::int[], $4::int[]) as u(kind, rate, fixed)`,
        [auth.tenantId, changed.map((c) => c.kind), changed.map((c) => c.after?.rate_bp ?? null), changed.map((c) => c.after?.fixed_cents ?? null), auth.email ?? auth.userId, now.toISOString()],
      );
      const pick = (which: 'before' | 'after') => Object.fromEntries(changed.map((c) => [c.kind, c[which]]));
      await audit({ action: 'fee_override.update', resource: 'fee_override', resourceId: auth.tenantId, before: pick('before'), after: pick('after') });
      await emit(SETTINGS_EVENTS.feesUpdated, { marketplaces: changed.map((c) => c.kind) });
      return one(feeOverridesAnswer(await loadFeeChanges(tx, auth.tenantId), now));
    },
  });
};
