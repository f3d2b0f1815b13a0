/**
 * Per-tenant marketplace fee overrides (docs/settings.md "Fee overrides"): a seller with a negotiated
 * rate on a marketplace (eBay 11.5 % + $0.30 instead of the standard 13.25 % + $0.30) sets it once;
 * every fee of an order on that marketplace from then on is computed with it. Still ONE fee formula
 * (contract/marketplaces.ts `feeCents`): only its schedule is the tenant's.
 *
 * **Effective-dated.** Each change is a row with its `effective_from`; the schedule of an order is the
 * override in force at the order's time (`overrideAt`), so changing a rate never rewrites the fee of an
 * order placed before it, and reconciling an old payout still expects the fee it was charged. Going
 * back to the standard schedule is a row too (`rate_bp` and `fixed_cents` null).
 *
 * Money is integer cents and rates integer basis points through contract/money.ts. Browser-safe: zod only.
 */
import { z } from 'zod';
import { FEE_SCHEDULES, type FeeSchedule } from './marketplaces';
import { MARKETPLACES, type Marketplace } from './orders';
import { BP } from './money';

/** The highest rate an override may set: 100 % (10,000 bp). */
export const FEE_RATE_BP_MAX = BP;
/** The highest fixed fee per order an override may set: $100.00. */
export const FEE_FIXED_CENTS_MAX = 10_000;

/** A negotiated schedule of one marketplace: its rate in basis points and its fixed fee per order in cents. */
export interface FeeOverride {
  rate_bp: number;
  fixed_cents: number;
}

export const feeOverride = z.strictObject({
  rate_bp: z.number({ error: 'Enter the rate' })
    .int('The rate has at most two decimals (a whole number of basis points)')
    .min(0, 'The rate cannot be negative')
    .max(FEE_RATE_BP_MAX, 'The rate is at most 100 %'),
  fixed_cents: z.number({ error: 'Enter the fixed fee' })
    .int('The fixed fee is a whole number of cents')
    .min(0, 'The fixed fee cannot be negative')
    .max(FEE_FIXED_CENTS_MAX, 'The fixed fee is at most $100.00 per order'),
});

/**
 * PUT /settings/fees: per marketplace kind its override, or null for the standard schedule. A kind
 * left out keeps what it has. A kind whose value is what is in force already changes nothing.
 */
export const feeOverridesBody = z.strictObject({
  overrides: z.partialRecord(z.enum(MARKETPLACES, { error: 'Not a marketplace (amazon, ebay, walmart or shopify)' }), feeOverride.nullable()),
});
export type FeeOverridesBody = z.input<typeof feeOverridesBody>;

/**
 * The effective schedule of a marketplace kind given the tenant's override in force (the standard one
 * when none): the one schedule `feeCents` and `refundFeeCreditCents` take. The payout cadence is the
 * marketplace's own, never overridden.
 */
export function effectiveSchedule(kind: Marketplace, override: FeeOverride | null | undefined): FeeSchedule {
  const std = FEE_SCHEDULES[kind];
  if (!override) return std;
  return { rate_bp: override.rate_bp, rate: override.rate_bp / BP, fixed_cents: override.fixed_cents, payout_every_days: std.payout_every_days };
}

/** One stored change: from `effective_from` on, the kind's schedule is the override (null rate and fixed: the standard one). */
export interface FeeOverrideChange {
  marketplace: Marketplace;
  effective_from: string | Date;
  rate_bp: number | null;
  fixed_cents: number | null;
}

const timeOf = (t: string | Date) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/**
 * The override in force for `kind` at `at` (an order's time): the latest change of that kind whose
 * `effective_from` is not after `at` — among changes of the same instant, the later in the list —
 * or null when none is, or it went back to the standard schedule. `changes` in the order they were
 * made (effective_from, then id).
 */
export function overrideAt(changes: readonly FeeOverrideChange[], kind: Marketplace, at: string | Date): FeeOverride | null {
  const t = timeOf(at);
  let found: FeeOverrideChange | null = null;
  for (const c of changes) {
    if (c.marketplace !== kind || timeOf(c.effective_from) > t) continue;
    if (!found || timeOf(c.effective_from) >= timeOf(found.effective_from)) found = c;
  }
  return found && found.rate_bp !== null && found.fixed_cents !== null ? { rate_bp: found.rate_bp, fixed_cents: found.fixed_cents } : null;
}

/** `effectiveSchedule` of the override in force at `at`. */
export function scheduleAt(changes: readonly FeeOverrideChange[], kind: Marketplace, at: string | Date): FeeSchedule {
  return effectiveSchedule(kind, overrideAt(changes, kind, at));
}

// ---- answers -------------------------------------------------------------------------------

const scheduleAnswer = z.object({ rate_bp: z.number(), fixed_cents: z.number() });

/** GET /settings/fees: one row per marketplace kind. */
export const feeOverrideRow = z.object({
  kind: z.enum(MARKETPLACES),
  label: z.string(),
  standard: scheduleAnswer.extend({ payout_every_days: z.number() }),
  /** The override in force now, or null (the standard schedule applies). */
  override: scheduleAnswer.nullable(),
  /** Since when the override in force applies (null: none). */
  in_force_since: z.string().nullable(),
  /** The kind's last change (an override or back to standard): when and who; null when never changed. */
  changed_at: z.string().nullable(),
  changed_by: z.string().nullable(),
});
export type FeeOverrideRow = z.infer<typeof feeOverrideRow>;

export const feeOverrides = z.object({
  marketplaces: z.array(feeOverrideRow),
  /** The latest change of any kind (the section's footer). */
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type FeeOverrides = z.infer<typeof feeOverrides>;
