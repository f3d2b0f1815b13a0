/**
 * Marketplace accounts on the wire (docs/marketplaces.md): the linked accounts a tenant sells on,
 * each behind one connector (the built-in sandbox, or a real API such as Shopify's). Credentials are
 * accepted on create/update and never answered. Money is integer cents.
 * Browser-safe: zod only.
 */
import { z } from 'zod';
import { listQuery } from './api';
import { INT4_MAX, cursor, int, reqText, text } from './fields';
import { MARKETPLACES, MARKETPLACE_LABEL, type Marketplace } from './orders';
import { addCents, BP, percentOf } from './money';

export { MARKETPLACES as MARKETPLACE_KINDS, MARKETPLACE_LABEL, type Marketplace as MarketplaceKind };

/** Integer cents in an integer column: up to $21,474,836.47. */
export const CENTS_MAX = INT4_MAX;
/** An amount in integer cents. */
export const cents = int(0, CENTS_MAX);

/**
 * `pending` until the connector has verified the credentials (a consumer does it, never the
 * request), then `connected`; `error` when a call failed (error_message says why); `paused` by an
 * admin: nothing is pushed or pulled while paused.
 */
export const MARKETPLACE_STATUSES = ['pending', 'connected', 'error', 'paused'] as const;
export type MarketplaceStatus = (typeof MARKETPLACE_STATUSES)[number];
/** `sandbox`: the built-in simulator (docs/marketplaces.md "Sandbox"); `live`: the real API. */
export const CONNECTOR_MODES = ['sandbox', 'live'] as const;
export type ConnectorMode = (typeof CONNECTOR_MODES)[number];
/** Kinds with a real connector; the others link as sandboxes only. */
export const LIVE_KINDS: readonly Marketplace[] = ['shopify'];

/**
 * THE fee schedule (docs/marketplaces.md "Fee schedules"): what a marketplace takes from a sale and
 * how often it pays out. Orders store their fee from it, the sandbox's settlements deduct it and the
 * repricer prices with it, so they agree by construction. One rule for every marketplace:
 *
 *   fee = round_half_up(base × rate_bp / 10 000) + fixed_cents, per order,
 *   base = the order's items (subtotal) + the shipping the buyer paid, never the tax
 *
 * in integer cents through contract/money.ts (a half cent rounds up). One settlement every
 * `payout_every_days` (a sandbox tick is one simulated day). These are the standard schedules; a
 * tenant with a negotiated rate on a marketplace overrides `rate_bp` and `fixed_cents`, effective-dated
 * (contract/fee-overrides.ts `effectiveSchedule`, docs/settings.md "Fee overrides"): the formula stays this one.
 */
export interface FeeSchedule {
  /** Referral / transaction fee in basis points of the base (1500 = 15 %). */
  rate_bp: number;
  /** The same rate as a fraction (0.15), for display. */
  rate: number;
  /** Fixed fee per order, cents. */
  fixed_cents: number;
  payout_every_days: number;
}
const schedule = (rate_bp: number, fixed_cents: number, payout_every_days: number): FeeSchedule => ({ rate_bp, rate: rate_bp / BP, fixed_cents, payout_every_days });
export const FEE_SCHEDULES: Readonly<Record<Marketplace, Readonly<FeeSchedule>>> = {
  amazon: schedule(1500, 0, 14),
  ebay: schedule(1325, 30, 1),
  walmart: schedule(1500, 0, 7),
  shopify: schedule(290, 30, 2),
};

/** What a fee applies to: the items and the shipping the buyer paid (never the tax), in cents. */
export function feeBaseCents(o: { subtotal_cents: number; shipping_cents: number }): number {
  return addCents(o.subtotal_cents, o.shipping_cents);
}

/**
 * A schedule, or a marketplace kind standing for its standard schedule. The server passes the
 * tenant's effective schedule of the order's time (contract/fee-overrides.ts `effectiveSchedule`,
 * docs/settings.md "Fee overrides"); a bare kind is the standard one (tests, the link wizard).
 */
export type ScheduleOf = Marketplace | Pick<FeeSchedule, 'rate_bp' | 'fixed_cents'>;
const scheduleOf = (s: ScheduleOf): Pick<FeeSchedule, 'rate_bp' | 'fixed_cents'> => (typeof s === 'string' ? FEE_SCHEDULES[s] : s);

/** The fee of one order whose base (`feeBaseCents`) is `baseCents` on this schedule, in cents: THE fee formula. */
export function feeCents(schedule: ScheduleOf, baseCents: number): number {
  const s = scheduleOf(schedule);
  return addCents(percentOf(baseCents, s.rate_bp), s.fixed_cents);
}

/**
 * A refund's fee credit (docs/ledger.md "What posts what"): when the seller refunds a buyer, the
 * marketplace gives back the referral part of its fee on the refunded amount (`rate_bp` of the
 * refund, rounded half up; the fixed per-order fee is kept) less a refund administration fee of
 * 20 % of that credit, at most $5.00. This is Amazon's documented refund administration fee; the
 * console applies the same one rule to every marketplace (docs/decisions.md "A refund's fee credit").
 */
export const REFUND_ADMIN_FEE = { rate_bp: 2000, max_cents: 500 } as const;

/** What the marketplace gives back of its fee when `refundCents` is refunded on this schedule (the order's), in cents (0 for no refund). */
export function refundFeeCreditCents(schedule: ScheduleOf, refundCents: number): number {
  if (refundCents <= 0) return 0;
  const referral = percentOf(refundCents, scheduleOf(schedule).rate_bp);
  const admin = Math.min(REFUND_ADMIN_FEE.max_cents, percentOf(referral, REFUND_ADMIN_FEE.rate_bp));
  return referral - admin;
}

/** Chance per active listing per tick that the sandbox sells one (0 = never, 1 = every tick). */
export const SANDBOX_ORDER_RATE = { min: 0, max: 1, default: 0.02 } as const;
export const SANDBOX_MAX_TICKS = 100;
export const SANDBOX_MAX_COMPETITORS = 8;

/**
 * Credentials as the connector needs them: a flat map of short strings (Shopify live:
 * `shop_domain` and `access_token`). Stored encrypted (AES-GCM); answers only say whether some are set.
 */
export const credentials = z
  .record(text({ max: 64, min: 1 }).regex(/^[a-z0-9_]+$/, 'lower-case letters, digits and underscores'), text({ max: 4096, trim: false }))
  .refine((c) => Object.keys(c).length <= 20, { message: 'At most 20 credential fields' });
export type Credentials = z.infer<typeof credentials>;

/** A live Shopify account's credentials: the shop's myshopify.com domain and an Admin API access token. */
export const shopifyCredentials = z.object({
  shop_domain: text({ max: 255, min: 1 }).regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, 'a shop domain such as my-shop.myshopify.com'),
  access_token: reqText(4096),
});

const orderRate = z.number().min(SANDBOX_ORDER_RATE.min).max(SANDBOX_ORDER_RATE.max);

export const marketplaceCreate = z
  .object({
    kind: z.enum(MARKETPLACES),
    name: reqText(200),
    mode: z.enum(CONNECTOR_MODES).default('sandbox'),
    credentials: credentials.optional(),
    sandbox_order_rate: orderRate.default(SANDBOX_ORDER_RATE.default),
  })
  .refine((b) => b.mode === 'sandbox' || LIVE_KINDS.includes(b.kind), { path: ['mode'], message: 'This marketplace can be linked as a sandbox only' })
  .refine((b) => b.mode === 'sandbox' || (b.credentials && Object.keys(b.credentials).length > 0), {
    path: ['credentials'],
    message: 'Credentials are required to link a live account',
  })
  .superRefine((b, ctx) => {
    if (b.mode !== 'live' || b.kind !== 'shopify' || !b.credentials) return;
    const r = shopifyCredentials.safeParse(b.credentials);
    for (const issue of r.success ? [] : r.error.issues) ctx.addIssue({ code: 'custom', path: ['credentials', ...issue.path.map(String)], message: issue.message });
  });
export type MarketplaceCreate = z.infer<typeof marketplaceCreate>;

export const marketplaceUpdate = z
  .object({
    name: reqText(200).optional(),
    /** An admin pauses or resumes; `connected` on an account in error asks for a new verification. */
    status: z.enum(['connected', 'paused']).optional(),
    credentials: credentials.optional(),
    sandbox_order_rate: orderRate.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Give at least one field to change' });
export type MarketplaceUpdate = z.infer<typeof marketplaceUpdate>;

export const marketplaceParams = z.object({ id: z.uuid() });
export const MARKETPLACE_SORTS = ['name', 'kind', 'status', 'created_at'] as const;
export const marketplaceListQuery = listQuery.extend({
  sort: z.enum(MARKETPLACE_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('asc'),
  cursor: cursor.optional(),
  kind: z.enum(MARKETPLACES).optional(),
  status: z.enum(MARKETPLACE_STATUSES).optional(),
});
export type MarketplaceListQuery = z.infer<typeof marketplaceListQuery>;

/** POST /api/marketplaces/{id}/sandbox/tick (agents and admins). */
export const sandboxTickBody = z.object({ ticks: int(1, SANDBOX_MAX_TICKS).default(1) }).default({ ticks: 1 });
export type SandboxTickBody = z.infer<typeof sandboxTickBody>;

export const settlementListQuery = listQuery.pick({ limit: true, offset: true });

// ---- answers -------------------------------------------------------------------------------

export const marketplace = z.object({
  id: z.string(),
  kind: z.enum(MARKETPLACES),
  name: z.string(),
  mode: z.enum(CONNECTOR_MODES),
  status: z.enum(MARKETPLACE_STATUSES),
  last_sync_at: z.string().nullable(),
  error_message: z.string().nullable(),
  /** Whether credentials are stored (their values are never answered). */
  has_credentials: z.boolean(),
  sandbox_order_rate: z.number(),
  /** Ticks the sandbox has run (0 for a live account). */
  sandbox_tick: z.number(),
  fee_schedule: z.object({ rate_bp: z.number(), rate: z.number(), fixed_cents: z.number(), payout_every_days: z.number() }),
  listings_count: z.number(),
  active_listings_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MarketplaceAccount = z.infer<typeof marketplace>;

export const sandboxTickAnswer = z.object({
  marketplace_id: z.string(),
  /** The sandbox's tick counter after the run. */
  tick: z.number(),
  ticks: z.number(),
  orders_created: z.number(),
  offers_changed: z.number(),
  /** Payouts the sandbox made; the sync consumer then records them as settlements. */
  settlements_created: z.number(),
});
export type SandboxTickAnswer = z.infer<typeof sandboxTickAnswer>;

export const settlement = z.object({
  id: z.string(),
  marketplace_id: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  orders_count: z.number(),
  gross_cents: z.number(),
  fees_cents: z.number(),
  net_cents: z.number(),
  created_at: z.string(),
});
export type Settlement = z.infer<typeof settlement>;

// live rows and permissions: plain data in their own module (the page registry loads it without zod)
export { marketplacesLive, marketplacesPermissions } from './modules/marketplaces';
