/**
 * Listings and MAP monitoring on the wire (docs/marketplaces.md "Listings" and "MAP monitoring").
 * A listing ties one product variant to one marketplace account with its own title, price (integer
 * cents), quantity rule and status; the marketplace's answer when it refused is the feed message.
 * Browser-safe: zod only.
 */
import { z } from 'zod';
import { listQuery } from './api';
import { PRICE_DELTA_PCT } from './products';
import { STOCK_MAX, cursor, int, queryFlag, queryInt, reqText } from './fields';
import { CENTS_MAX, cents } from './marketplaces';

/**
 * draft: not sent; active: on sale; paused: kept but not buyable (quantity 0); ended: withdrawn for
 * good; error: the marketplace refused it (feed_message says why).
 */
export const LISTING_STATUSES = ['draft', 'active', 'paused', 'ended', 'error'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
/** Statuses a seller may ask for (error is the marketplace's answer). */
export const SETTABLE_LISTING_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
/** pending: a change waits for the connector; synced: the marketplace has it; failed: the push failed (retried, then DLQ). */
export const SYNC_STATES = ['pending', 'synced', 'failed'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

export const BELOW_COST_MESSAGE = 'Price is below cost; confirm to list at a loss';
export const MISSING_IMAGE_REASON = 'Listing refused: the item has no image. Add at least one product image and publish again.';

export const BUFFER_MAX = 10_000;
/** Quantity offered: the variant's stock minus a safety buffer (never below 0), or a fixed number. */
export const quantityRule = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('stock_minus_buffer'), buffer: int(0, BUFFER_MAX).default(0) }),
  z.object({ mode: z.literal('fixed'), quantity: int(0, STOCK_MAX) }),
]);
export type QuantityRule = z.infer<typeof quantityRule>;
export const DEFAULT_QUANTITY_RULE: QuantityRule = { mode: 'stock_minus_buffer', buffer: 0 };

/** The quantity a rule offers for a variant with `stock` units. */
export function quantityOf(rule: QuantityRule, stock: number): number {
  return rule.mode === 'fixed' ? rule.quantity : Math.max(0, stock - rule.buffer);
}

const priceCents = cents;
const title = reqText(255);

export const listingCreate = z.object({
  variant_id: z.uuid(),
  marketplace_id: z.uuid(),
  /** Defaults to the product's title. */
  title: title.optional(),
  price_cents: priceCents,
  quantity_rule: quantityRule.default(DEFAULT_QUANTITY_RULE),
  status: z.enum(['draft', 'active']).default('active'),
  /** A price below the variant's cost is refused (409 below_cost) unless confirmed. Below MAP is allowed and becomes a violation. */
  confirm_below_cost: z.boolean().default(false),
});
export type ListingCreate = z.infer<typeof listingCreate>;

export const listingUpdate = z
  .object({
    title: title.optional(),
    price_cents: priceCents.optional(),
    quantity_rule: quantityRule.optional(),
    status: z.enum(SETTABLE_LISTING_STATUSES).optional(),
    confirm_below_cost: z.boolean().default(false),
  })
  .refine((v) => v.title !== undefined || v.price_cents !== undefined || v.quantity_rule !== undefined || v.status !== undefined, {
    message: 'Give at least one field to change',
  });
export type ListingUpdate = z.infer<typeof listingUpdate>;

export const listingParams = z.object({ id: z.uuid() });

export const LISTING_SORTS = ['created_at', 'updated_at', 'title', 'sku', 'price', 'quantity', 'status'] as const;

const csvEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string().max(500), z.array(z.string().max(100)).max(values.length * 2)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).min(1).max(values.length));

const centsQuery = queryInt(0, CENTS_MAX);

export const listingListQuery = listQuery.extend({
  sort: z.enum(LISTING_SORTS).default('created_at'),
  cursor: cursor.optional(),
  marketplace_id: z.uuid().optional(),
  product_id: z.uuid().optional(),
  variant_id: z.uuid().optional(),
  status: csvEnum(LISTING_STATUSES).optional(),
  price_min_cents: centsQuery.optional(),
  price_max_cents: centsQuery.optional(),
  /** Only listings with an open or notified MAP violation (own price or a competitor's). */
  violations: queryFlag,
});
export type ListingListQuery = z.infer<typeof listingListQuery>;

// ---- bulk ------------------------------------------------------------------------------------

/** A relative price change in percent: the products' bulk bounds (−99 % to +1000 %). */
export const LISTING_PRICE_DELTA_PCT = PRICE_DELTA_PCT;
/** Bulk creations above this many listings run as a job (202); smaller ones answer at once. */
export const BULK_SYNC_MAX = 200;
export const BULK_CREATE_MAX = 20_000;
export const BULK_ACTION_MAX = 10_000;

/** POST /api/listings/bulk: list variants (or every variant of products) on marketplaces. */
export const listingBulkCreate = z
  .object({
    marketplace_ids: z.array(z.uuid()).min(1).max(10),
    variant_ids: z.array(z.uuid()).max(BULK_CREATE_MAX).default([]),
    product_ids: z.array(z.uuid()).max(BULK_CREATE_MAX).default([]),
    /** Price = the variant's price changed by this percent (0 = as is), in cents. */
    price_delta_pct: z.number().min(LISTING_PRICE_DELTA_PCT.min).max(LISTING_PRICE_DELTA_PCT.max).default(0),
    quantity_rule: quantityRule.default(DEFAULT_QUANTITY_RULE),
    status: z.enum(['draft', 'active']).default('active'),
    /** `job`: always a job; `sync`: never (up to BULK_SYNC_MAX); absent: a job above BULK_SYNC_MAX. */
    mode: z.enum(['job', 'sync']).optional(),
  })
  .refine((b) => b.variant_ids.length + b.product_ids.length > 0, { path: ['variant_ids'], message: 'Pick at least one product or variant' });
export type ListingBulkCreate = z.infer<typeof listingBulkCreate>;

export const LISTING_BULK_ACTIONS = ['activate', 'pause', 'end', 'change_price', 'change_quantity_buffer'] as const;
export type ListingBulkAction = (typeof LISTING_BULK_ACTIONS)[number];

/** POST /api/listings/bulk-actions */
export const listingBulkAction = z
  .object({
    action: z.enum(LISTING_BULK_ACTIONS),
    ids: z.array(z.uuid()).min(1).max(BULK_ACTION_MAX),
    /** change_price: a new price, or a change in percent. */
    price_cents: priceCents.optional(),
    price_delta_pct: z.number().min(LISTING_PRICE_DELTA_PCT.min).max(LISTING_PRICE_DELTA_PCT.max).optional(),
    /** change_quantity_buffer: the buffer of a stock_minus_buffer rule (a fixed rule becomes one). */
    buffer: int(0, BUFFER_MAX).optional(),
    confirm_below_cost: z.boolean().default(false),
  })
  .refine((b) => b.action !== 'change_price' || (b.price_cents === undefined) !== (b.price_delta_pct === undefined), {
    path: ['price_cents'],
    message: 'Give price_cents or price_delta_pct (one of them)',
  })
  .refine((b) => b.action !== 'change_quantity_buffer' || b.buffer !== undefined, { path: ['buffer'], message: 'Give the buffer' });
export type ListingBulkActionBody = z.infer<typeof listingBulkAction>;

export const listingJobParams = z.object({ id: z.uuid() });

// ---- MAP monitoring --------------------------------------------------------------------------

export const VIOLATION_STATES = ['open', 'notified', 'resolved'] as const;
export type ViolationState = (typeof VIOLATION_STATES)[number];
/** own_listing: our price on a listing; competitor: another seller's offer on the same listing. */
export const VIOLATION_SOURCES = ['own_listing', 'competitor'] as const;
export type ViolationSource = (typeof VIOLATION_SOURCES)[number];
export const VIOLATION_SORTS = ['last_seen_at', 'first_seen_at', 'gap'] as const;

export const violationListQuery = listQuery.extend({
  /**
   * Default first seen, newest first, then id: a violation seen again keeps its place (its last-seen
   * time moves on every sandbox tick, and a live refetch would reshuffle the rows under the reader).
   */
  sort: z.enum(VIOLATION_SORTS).default('first_seen_at'),
  cursor: cursor.optional(),
  /** Default: open and notified. */
  state: csvEnum(VIOLATION_STATES).optional(),
  source: z.enum(VIOLATION_SOURCES).optional(),
  marketplace_id: z.uuid().optional(),
  listing_id: z.uuid().optional(),
  sku: reqText(100).optional(),
});
export type ViolationListQuery = z.infer<typeof violationListQuery>;

/**
 * Per-tenant grace: a price below MAP by no more than max(MAP × grace_pct / 100, grace_cents) is
 * tolerated (docs/marketplaces.md "MAP monitoring").
 */
export const MAP_GRACE_PCT_MAX = 50;
export const mapSettingsUpdate = z
  .object({
    grace_pct: z.number().min(0).max(MAP_GRACE_PCT_MAX).optional(),
    grace_cents: int(0, 100_000).optional(),
  })
  .refine((v) => v.grace_pct !== undefined || v.grace_cents !== undefined, { message: 'Give at least one field to change' });
export type MapSettingsUpdate = z.infer<typeof mapSettingsUpdate>;

/** The largest gap below MAP tolerated under a grace setting, in cents. */
export function graceCents(mapCents: number, s: { grace_pct: number; grace_cents: number }): number {
  return Math.max(Math.floor((mapCents * s.grace_pct) / 100), s.grace_cents);
}
/** Whether `priceCents` violates `mapCents` under the grace setting. */
export function violatesMap(priceCents: number, mapCents: number | null, s: { grace_pct: number; grace_cents: number }): boolean {
  return mapCents != null && mapCents - priceCents > graceCents(mapCents, s);
}

// ---- answers -------------------------------------------------------------------------------

export const competitorOffer = z.object({
  seller: z.string(),
  price_cents: z.number(),
  shipping_cents: z.number(),
  /** 0–100: the sandbox's seller rating, part of the buy-box decision. */
  rating: z.number(),
  is_buy_box: z.boolean(),
});
export type CompetitorOffer = z.infer<typeof competitorOffer>;

export const listing = z.object({
  id: z.string(),
  marketplace_id: z.string(),
  marketplace_name: z.string(),
  marketplace_kind: z.string(),
  product_id: z.string(),
  variant_id: z.string(),
  sku: z.string(),
  product_title: z.string(),
  title: z.string(),
  price_cents: z.number(),
  /** The variant's MAP and cost, in cents (null when not set). */
  map_price_cents: z.number().nullable(),
  cost_cents: z.number().nullable(),
  quantity_rule: quantityRule,
  /** The quantity the rule offers now. */
  quantity: z.number(),
  status: z.enum(LISTING_STATUSES),
  sync_state: z.enum(SYNC_STATES),
  feed_message: z.string().nullable(),
  external_id: z.string().nullable(),
  last_pushed_at: z.string().nullable(),
  /** `you`, a competitor's name, or null when nobody holds it (no offers). */
  buy_box_owner: z.string().nullable(),
  buy_box_price_cents: z.number().nullable(),
  competitors_count: z.number(),
  lowest_competitor_cents: z.number().nullable(),
  open_violations: z.number(),
  image_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Listing = z.infer<typeof listing>;

export const listingEvent = z.object({
  at: z.string(),
  /** created, updated, pushed, refused, push_failed, status_changed, violation_opened, violation_resolved … */
  kind: z.string(),
  message: z.string(),
  actor: z.string().nullable(),
  details: z.unknown(),
});
export type ListingEvent = z.infer<typeof listingEvent>;

export const listingDetail = listing.extend({
  offers: z.array(competitorOffer),
  history: z.array(listingEvent),
});
export type ListingDetail = z.infer<typeof listingDetail>;

export const bulkItemResult = z.object({
  id: z.string(),
  ok: z.boolean(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export const listingBulkActionAnswer = z.object({
  action: z.enum(LISTING_BULK_ACTIONS),
  succeeded: z.number(),
  failed: z.number(),
  results: z.array(bulkItemResult),
});
export type ListingBulkActionAnswer = z.infer<typeof listingBulkActionAnswer>;

export const bulkCreateSummary = z.object({ created: z.number(), skipped: z.number(), failed: z.number(), total: z.number() });
export type BulkCreateSummary = z.infer<typeof bulkCreateSummary>;

export const LISTING_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
/** A bulk creation run as a job: poll GET /api/listings/jobs/{id}. */
export const listingJob = z.object({
  id: z.string(),
  status: z.enum(LISTING_JOB_STATUSES),
  total: z.number(),
  done: z.number(),
  percent: z.number(),
  result: bulkCreateSummary.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ListingJob = z.infer<typeof listingJob>;
/** POST /api/listings/bulk answers 200 with the summary (sync) or 202 with the job. */
export const listingBulkCreateAnswer = z.union([bulkCreateSummary.extend({ job: z.null() }), z.object({ job: listingJob })]);
export type ListingBulkCreateAnswer = z.infer<typeof listingBulkCreateAnswer>;

export const violation = z.object({
  id: z.string(),
  listing_id: z.string(),
  marketplace_id: z.string(),
  marketplace_name: z.string(),
  product_id: z.string(),
  variant_id: z.string(),
  sku: z.string(),
  product_title: z.string(),
  source: z.enum(VIOLATION_SOURCES),
  /** Who: `you` for an own listing, the competitor's name otherwise. */
  seller: z.string(),
  observed_price_cents: z.number(),
  map_price_cents: z.number(),
  /** MAP − observed, cents, and the same as a percentage of MAP. */
  gap_cents: z.number(),
  gap_pct: z.number(),
  state: z.enum(VIOLATION_STATES),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  notified_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  /** The offer as last observed. */
  evidence: z.object({
    seller: z.string(),
    price_cents: z.number(),
    shipping_cents: z.number(),
    is_buy_box: z.boolean(),
    captured_at: z.string(),
    tick: z.number().nullable(),
  }),
});
export type Violation = z.infer<typeof violation>;

export const mapSettings = z.object({ grace_pct: z.number(), grace_cents: z.number(), updated_at: z.string().nullable(), updated_by: z.string().nullable() });
export type MapSettings = z.infer<typeof mapSettings>;
/** `PUT /listings/map-settings` answer: the settings, and how many violations the new grace opened and resolved at once. */
export const mapSettingsSaved = mapSettings.extend({ violations_opened: z.number(), violations_resolved: z.number() });
export type MapSettingsSaved = z.infer<typeof mapSettingsSaved>;

/** Dashboard "Top Offenders": SKUs with the most open violations. */
export const topOffender = z.object({ sku: z.string(), product_id: z.string(), product_title: z.string(), open_violations: z.number() });
export type TopOffender = z.infer<typeof topOffender>;
export const topOffendersQuery = z.object({ limit: queryInt(1, 50).default(10) });

/**
 * Event subjects of this domain; their payloads and streams are declared in the event catalogue
 * (contract/listings-events.ts, contract/marketplaces-events.ts).
 */
export const LISTING_EVENTS = {
  changed: 'listings.changed',
  pushed: 'listings.pushed',
  refused: 'listings.refused',
  deleted: 'listings.deleted',
  violationOpened: 'listings.violation_opened',
  violationResolved: 'listings.violation_resolved',
} as const;
export const MARKETPLACE_EVENTS = {
  linked: 'marketplaces.linked',
  updated: 'marketplaces.updated',
  unlinked: 'marketplaces.unlinked',
  verified: 'marketplaces.verified',
  ticked: 'marketplaces.ticked',
  settlement: 'marketplaces.settlement_created',
  payoutStatus: 'marketplaces.payout_status_changed',
} as const;
/** The alert a new MAP violation raises on the alerts stream. */
export const MAP_ALERT_SUBJECT = 'alerts.map_violation';
/** The alert a connector failure raises once its message is dead-lettered. */
export const CONNECTOR_ALERT_SUBJECT = 'alerts.connector_failed';

// live rows and permissions: plain data in their own module (the page registry loads it without zod)
export { listingsLive, listingsPermissions } from './modules/listings';
