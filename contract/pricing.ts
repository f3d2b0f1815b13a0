/**
 * Repricing on the wire (docs/repricing.md): rules with a scope, a strategy and bounds; the
 * decisions the engine wrote (applied or not); proposals a person approves; the on-demand propose
 * command; the Pricing Intelligence figures. Money is integer cents; every percentage is integer
 * basis points (1 % = 100 bp) so no float ever reaches a price.
 * Browser-safe: zod only.
 */
import { z } from 'zod';
import { listQuery } from './api';
import { int, queryInt, reqText, text } from './fields';
import { CENTS_MAX, cents } from './marketplaces';

export const PRICING_STRATEGIES = ['beat_lowest', 'match_lowest', 'buy_box', 'stay_above', 'hold'] as const;
export type PricingStrategy = (typeof PRICING_STRATEGIES)[number];
export const PRICING_SCENARIOS = ['strategy', 'no_competition', 'below_floor', 'own_buy_box', 'hold', 'too_soon'] as const;
export const PRICING_MODES = ['proposals', 'auto'] as const;
export type PricingMode = (typeof PRICING_MODES)[number];
export const FULFILMENT_TYPES = ['marketplace', 'merchant'] as const;
/** Scope kinds, least specific first: a listing's rule is the most specific one that covers it. */
export const RULE_SCOPES = ['tenant', 'marketplace', 'products', 'listings'] as const;
export type RuleScopeType = (typeof RULE_SCOPES)[number];
export const PROPOSAL_STATUSES = ['pending', 'approved', 'rejected', 'applied', 'expired'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** 100 % in basis points. */
export const BP_MAX = 10_000;
export const RULE_LISTINGS_MAX = 5_000;
export const RULE_SKUS_MAX = 5_000;
export const MIN_INTERVAL_MAX_S = 30 * 24 * 3600;
export const PROPOSE_MAX = 10_000;
export const BULK_PROPOSALS_MAX = 10_000;
/**
 * A bulk of up to this many distinct proposals is decided in the request (answered 200 with each
 * one's result, within about a second); a larger one is answered 202 with a job (docs/repricing.md
 * "Proposals").
 */
export const BULK_PROPOSALS_IN_REQUEST = 500;
export const BULK_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

const bp = int(0, BP_MAX);

export const ruleScope = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tenant') }),
  z.object({ type: z.literal('marketplace'), marketplace_id: z.uuid() }),
  /** A product set: every listing of products with this tag, or this supplier, or these SKUs (any that is given must match). */
  z
    .object({
      type: z.literal('products'),
      tag: text({ max: 100, min: 1 }).optional(),
      supplier_id: z.uuid().optional(),
      skus: z.array(reqText(100)).min(1).max(RULE_SKUS_MAX).optional(),
    })
    .refine((s) => s.tag !== undefined || s.supplier_id !== undefined || s.skus !== undefined, { path: ['tag'], message: 'Give a tag, a supplier or SKUs' }),
  z.object({ type: z.literal('listings'), listing_ids: z.array(z.uuid()).min(1).max(RULE_LISTINGS_MAX) }),
]);
export type RuleScope = z.infer<typeof ruleScope>;

export const competitorFilters = z.object({
  /** Only offers with these fulfilment types count (empty = all). */
  fulfilment: z.array(z.enum(FULFILMENT_TYPES)).max(2).default([]),
  /** Only sellers rated at least this (0–100). */
  min_rating: int(0, 100).nullable().default(null),
  /** Ignore offers of the tenant's own other accounts. */
  exclude_own: z.boolean().default(true),
});

const ruleFields = {
  name: reqText(200),
  enabled: z.boolean(),
  mode: z.enum(PRICING_MODES),
  scope: ruleScope,
  strategy: z.enum(PRICING_STRATEGIES),
  /** beat / stay above / buy box: the step, in cents or in basis points of the competitor's price. */
  step_unit: z.enum(['cents', 'bp']),
  step_value: int(0, CENTS_MAX),
  /** Minimum margin after the marketplace's fee, bp of the price (fee rate + margin must stay below 100 %). */
  min_margin_bp: bp,
  /** Our shipping cost per unit, counted in the floor. */
  shipping_cents: cents,
  ceiling_cents: cents.nullable(),
  no_competition: z.enum(['ceiling', 'hold']),
  below_floor: z.enum(['floor', 'hold']),
  own_buy_box: z.enum(['raise', 'hold', 'strategy']),
  raise_step_cents: int(0, 100_000),
  max_change_bp: bp.nullable(),
  min_interval_seconds: int(0, MIN_INTERVAL_MAX_S).nullable(),
  filters: competitorFilters,
};

export const RULE_DEFAULTS = {
  enabled: true,
  mode: 'proposals',
  scope: { type: 'tenant' },
  strategy: 'beat_lowest',
  step_unit: 'cents',
  step_value: 1,
  min_margin_bp: 1000,
  shipping_cents: 0,
  ceiling_cents: null,
  no_competition: 'hold',
  below_floor: 'floor',
  own_buy_box: 'raise',
  raise_step_cents: 1,
  max_change_bp: null,
  min_interval_seconds: null,
  filters: { fulfilment: [], min_rating: null, exclude_own: true },
} as const;

export const ruleCreate = z.object({
  name: ruleFields.name,
  enabled: ruleFields.enabled.default(RULE_DEFAULTS.enabled),
  mode: ruleFields.mode.default(RULE_DEFAULTS.mode),
  scope: ruleScope.default({ type: 'tenant' }),
  strategy: ruleFields.strategy.default(RULE_DEFAULTS.strategy),
  step_unit: ruleFields.step_unit.default(RULE_DEFAULTS.step_unit),
  step_value: ruleFields.step_value.default(RULE_DEFAULTS.step_value),
  min_margin_bp: ruleFields.min_margin_bp.default(RULE_DEFAULTS.min_margin_bp),
  shipping_cents: ruleFields.shipping_cents.default(RULE_DEFAULTS.shipping_cents),
  ceiling_cents: ruleFields.ceiling_cents.default(null),
  no_competition: ruleFields.no_competition.default(RULE_DEFAULTS.no_competition),
  below_floor: ruleFields.below_floor.default(RULE_DEFAULTS.below_floor),
  own_buy_box: ruleFields.own_buy_box.default(RULE_DEFAULTS.own_buy_box),
  raise_step_cents: ruleFields.raise_step_cents.default(RULE_DEFAULTS.raise_step_cents),
  max_change_bp: ruleFields.max_change_bp.default(null),
  min_interval_seconds: ruleFields.min_interval_seconds.default(null),
  filters: competitorFilters.default({ fulfilment: [], min_rating: null, exclude_own: true }),
});
export type RuleCreate = z.infer<typeof ruleCreate>;

/**
 * The tenant's repricing defaults (docs/settings.md "Repricing defaults"): the values a new rule
 * starts from, in the form and on the server (`POST /pricing/rules` fills a field left out from
 * them). A store that never saved them reads `REPRICING_DEFAULTS`, today's `RULE_DEFAULTS`.
 * Changing them changes no existing rule.
 */
export const REPRICING_DEFAULT_FIELDS = [
  'mode', 'strategy', 'step_unit', 'step_value', 'min_margin_bp', 'no_competition', 'below_floor', 'own_buy_box',
  'raise_step_cents', 'max_change_bp', 'min_interval_seconds', 'filters',
] as const;
export type RepricingDefaultField = (typeof REPRICING_DEFAULT_FIELDS)[number];

/** `PUT /api/settings/repricing`: every field, one schema for the server and the form. */
export const repricingDefaultsBody = z.strictObject({
  mode: ruleFields.mode,
  strategy: ruleFields.strategy,
  step_unit: ruleFields.step_unit,
  step_value: ruleFields.step_value,
  min_margin_bp: ruleFields.min_margin_bp,
  no_competition: ruleFields.no_competition,
  below_floor: ruleFields.below_floor,
  own_buy_box: ruleFields.own_buy_box,
  raise_step_cents: ruleFields.raise_step_cents,
  max_change_bp: ruleFields.max_change_bp,
  min_interval_seconds: ruleFields.min_interval_seconds,
  filters: z.strictObject({
    fulfilment: z.array(z.enum(FULFILMENT_TYPES)).max(2),
    min_rating: int(0, 100).nullable(),
    exclude_own: z.boolean(),
  }),
});
export type RepricingDefaultsValues = z.infer<typeof repricingDefaultsBody>;

export const REPRICING_DEFAULTS: RepricingDefaultsValues = {
  mode: RULE_DEFAULTS.mode,
  strategy: RULE_DEFAULTS.strategy,
  step_unit: RULE_DEFAULTS.step_unit,
  step_value: RULE_DEFAULTS.step_value,
  min_margin_bp: RULE_DEFAULTS.min_margin_bp,
  no_competition: RULE_DEFAULTS.no_competition,
  below_floor: RULE_DEFAULTS.below_floor,
  own_buy_box: RULE_DEFAULTS.own_buy_box,
  raise_step_cents: RULE_DEFAULTS.raise_step_cents,
  max_change_bp: RULE_DEFAULTS.max_change_bp,
  min_interval_seconds: RULE_DEFAULTS.min_interval_seconds,
  filters: { fulfilment: [], min_rating: null, exclude_own: true },
};

/** `GET/PUT /api/settings/repricing` answer: the values, and who saved them when (null: never saved). */
export const repricingDefaults = repricingDefaultsBody.extend({ updated_at: z.string().nullable(), updated_by: z.string().nullable() });
export type RepricingDefaults = z.infer<typeof repricingDefaults>;

/**
 * `POST /api/pricing/rules`: a rule whose fields the repricing defaults cover may leave them out (a
 * filter too); the server fills them from the tenant's defaults, so an API client gets the rule the
 * form would have made.
 */
export const ruleCreateBody = ruleCreate.extend({
  mode: ruleFields.mode.optional(),
  strategy: ruleFields.strategy.optional(),
  step_unit: ruleFields.step_unit.optional(),
  step_value: ruleFields.step_value.optional(),
  min_margin_bp: ruleFields.min_margin_bp.optional(),
  no_competition: ruleFields.no_competition.optional(),
  below_floor: ruleFields.below_floor.optional(),
  own_buy_box: ruleFields.own_buy_box.optional(),
  raise_step_cents: ruleFields.raise_step_cents.optional(),
  max_change_bp: ruleFields.max_change_bp.optional(),
  min_interval_seconds: ruleFields.min_interval_seconds.optional(),
  filters: repricingDefaultsBody.shape.filters.partial().optional(),
});
export type RuleCreateBody = z.infer<typeof ruleCreateBody>;

/** A new rule's values: the body's, and the tenant's defaults for what it left out. */
export function withRuleDefaults(body: RuleCreateBody, d: RepricingDefaultsValues): RuleCreate {
  const given = <T,>(v: T | undefined, fallback: T): T => (v === undefined ? fallback : v);
  return {
    ...body,
    mode: given(body.mode, d.mode),
    strategy: given(body.strategy, d.strategy),
    step_unit: given(body.step_unit, d.step_unit),
    step_value: given(body.step_value, d.step_value),
    min_margin_bp: given(body.min_margin_bp, d.min_margin_bp),
    no_competition: given(body.no_competition, d.no_competition),
    below_floor: given(body.below_floor, d.below_floor),
    own_buy_box: given(body.own_buy_box, d.own_buy_box),
    raise_step_cents: given(body.raise_step_cents, d.raise_step_cents),
    max_change_bp: given(body.max_change_bp, d.max_change_bp),
    min_interval_seconds: given(body.min_interval_seconds, d.min_interval_seconds),
    filters: {
      fulfilment: given(body.filters?.fulfilment, d.filters.fulfilment),
      min_rating: given(body.filters?.min_rating, d.filters.min_rating),
      exclude_own: given(body.filters?.exclude_own, d.filters.exclude_own),
    },
  };
}

export const ruleUpdate = z
  .object(ruleFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Give at least one field to change' });
export type RuleUpdate = z.infer<typeof ruleUpdate>;

export const ruleParams = z.object({ id: z.uuid() });
export const ruleListQuery = listQuery.extend({
  sort: z.enum(['name', 'created_at', 'updated_at']).default('created_at'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** POST /api/pricing/rules/preview: a draft rule (and the rule it replaces, when editing). */
export const rulePreview = z.object({ rule: ruleCreate, rule_id: z.uuid().optional() });
export type RulePreview = z.infer<typeof rulePreview>;

/** POST /api/pricing/propose: which listings (ids, or every active listing of a marketplace / of the tenant). */
export const proposeBody = z
  .object({
    listing_ids: z.array(z.uuid()).min(1).max(PROPOSE_MAX).optional(),
    marketplace_id: z.uuid().optional(),
    all: z.boolean().default(false),
  })
  .refine((b) => b.listing_ids !== undefined || b.marketplace_id !== undefined || b.all, { path: ['listing_ids'], message: 'Pick listings, a marketplace, or all' });
export type ProposeBody = z.infer<typeof proposeBody>;

export const PROPOSAL_SORTS = ['created_at', 'margin_impact', 'change', 'sku'] as const;
export const proposalListQuery = listQuery.extend({
  sort: z.enum(PROPOSAL_SORTS).default('created_at'),
  status: z.enum(PROPOSAL_STATUSES).optional(),
  marketplace_id: z.uuid().optional(),
  listing_id: z.uuid().optional(),
  /** Only proposals whose margin goes down (`down`) or up (`up`). */
  margin_impact: z.enum(['down', 'up']).optional(),
});
export type ProposalListQuery = z.infer<typeof proposalListQuery>;
export const proposalParams = z.object({ id: z.uuid() });
/** Approve, optionally at an edited price (still kept between the floor and the ceiling). */
export const proposalApprove = z.object({ price_cents: cents.optional() }).default({});
export const proposalBulk = z
  .object({
    action: z.enum(['approve', 'reject']),
    ids: z.array(z.uuid()).min(1).max(BULK_PROPOSALS_MAX).optional(),
    /** Instead of ids: every pending proposal matching the filter. */
    filter: z.object({ marketplace_id: z.uuid().optional(), margin_impact: z.enum(['down', 'up']).optional() }).optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.filter === undefined), { path: ['ids'], message: 'Give ids or a filter (one of them)' });
export type ProposalBulk = z.infer<typeof proposalBulk>;

export const priceHistoryQuery = z.object({ limit: queryInt(1, 500).default(100) });
export const bulkJobParams = z.object({ id: z.uuid() });

// ---- answers -------------------------------------------------------------------------------

export const pricingRule = z.object({
  id: z.string(),
  ...ruleFields,
  /** Listings the rule governs now (the most specific rule wins). */
  listings_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PricingRule = z.infer<typeof pricingRule>;

export const decisionFlags = z.object({
  at_floor: z.boolean(),
  at_ceiling: z.boolean(),
  floor_above_ceiling: z.boolean(),
  max_change_limited: z.boolean(),
  too_soon: z.boolean(),
  missing_cost: z.boolean(),
});

export const priceDecision = z.object({
  id: z.string(),
  listing_id: z.string(),
  rule_id: z.string().nullable(),
  old_price_cents: z.number(),
  new_price_cents: z.number().nullable(),
  strategy: z.enum(PRICING_STRATEGIES),
  scenario: z.enum(PRICING_SCENARIOS),
  floor_cents: z.number(),
  ceiling_cents: z.number().nullable(),
  competitor_prices: z.array(z.object({ seller: z.string(), price_cents: z.number() })),
  buy_box_owner: z.string().nullable(),
  flags: decisionFlags,
  reason: z.string(),
  applied: z.boolean(),
  /** What made the evaluation: a competitor change, a cost/MAP change, a rule change, the sweep, a propose request, an approval. */
  trigger: z.string(),
  created_at: z.string(),
});
export type PriceDecision = z.infer<typeof priceDecision>;

export const priceProposal = z.object({
  id: z.string(),
  listing_id: z.string(),
  decision_id: z.string(),
  rule_id: z.string().nullable(),
  marketplace_id: z.string(),
  marketplace_name: z.string(),
  sku: z.string(),
  title: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  old_price_cents: z.number(),
  new_price_cents: z.number(),
  /** Price − cost − shipping − marketplace fee, per unit, before and after (null without a cost). */
  margin_before_cents: z.number().nullable(),
  margin_after_cents: z.number().nullable(),
  floor_cents: z.number(),
  ceiling_cents: z.number().nullable(),
  reason: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  created_at: z.string(),
});
export type PriceProposal = z.infer<typeof priceProposal>;

export const proposeAnswer = z.object({
  evaluated: z.number(),
  proposals_created: z.number(),
  down: z.number(),
  up: z.number(),
  unchanged: z.number(),
  at_floor: z.number(),
  proposals: z.array(priceProposal),
});
export type ProposeAnswer = z.infer<typeof proposeAnswer>;

export const previewAnswer = z.object({
  listings: z.number(),
  down: z.number(),
  up: z.number(),
  unchanged: z.number(),
  at_floor: z.number(),
  floor_above_ceiling: z.number(),
  /** "With today's offers this rule would price 142 listings: 38 down, 21 up, 83 unchanged; 4 at floor". */
  summary: z.string(),
  samples: z.array(z.object({ listing_id: z.string(), sku: z.string(), old_price_cents: z.number(), new_price_cents: z.number().nullable(), reason: z.string() })),
});
export type PreviewAnswer = z.infer<typeof previewAnswer>;

/** The pending proposal that replaced an expired one for the same listing: the `details` of its refusal. */
export const proposalReplacement = z.object({ replaced_by: z.string(), new_price_cents: z.number() });
export type ProposalReplacement = z.infer<typeof proposalReplacement>;

export const bulkProposalsAnswer = z.object({
  action: z.enum(['approve', 'reject']),
  succeeded: z.number(),
  failed: z.number(),
  results: z.array(
    z.object({
      id: z.string(),
      ok: z.boolean(),
      // an expired proposal names the pending one that replaced it for the same listing (docs/repricing.md "Proposals")
      error: z.object({ code: z.string(), message: z.string(), details: proposalReplacement.optional() }).optional(),
    }),
  ),
});

export const agentMarketplace = z.object({
  marketplace_id: z.string(),
  marketplace_name: z.string(),
  listings: z.number(),
  buy_box_share: z.number(),
  /** Share the current one is compared with: the latest snapshot, or the one before it when nothing changed since the latest (null before the first). */
  previous_buy_box_share: z.number().nullable(),
  average_margin_cents: z.number().nullable(),
  price_changes_7d: z.number(),
  proposals_waiting: z.number(),
  alert: z.string().nullable(),
});
export const skuVelocity = z.object({
  sku: z.string(),
  units_7d: z.number(),
  units_prior_7d: z.number(),
  units_30d: z.number(),
  units_prior_30d: z.number(),
});
/** One stored snapshot of an account's buy-box share (the agent's run after a tick), oldest first. */
export const buyBoxPoint = z.object({ marketplace_id: z.string(), at: z.string(), buy_box_share: z.number() });
/** Approved proposals applied per day: how many, and the sum of their unit-margin change (cents). */
export const marginImpactDay = z.object({ day: z.string(), changes: z.number(), margin_change_cents: z.number() });
/** The largest applied price moves of the last 7 days. */
export const priceMover = z.object({ listing_id: z.string(), sku: z.string(), marketplace_name: z.string(), old_price_cents: z.number(), new_price_cents: z.number(), reason: z.string(), at: z.string() });
export const pricingAgent = z.object({
  computed_at: z.string(),
  marketplaces: z.array(agentMarketplace),
  /** Buy-box share over the last 30 days, per account. */
  buy_box_history: z.array(buyBoxPoint),
  /** The last 30 days, days without an applied proposal left out. */
  margin_impact: z.array(marginImpactDay),
  top_movers: z.array(priceMover),
  proposals_waiting: z.number(),
  price_changes_7d: z.number(),
  velocity: z.array(skuVelocity),
  /** Buy-box share drop (percentage points) that raises an alert. */
  alert_threshold_pp: z.number(),
});
export type PricingAgent = z.infer<typeof pricingAgent>;

const bulkFailure = z.object({ id: z.string(), error: z.object({ code: z.string(), message: z.string() }) });

/** A bulk decision answered 202: `GET /api/pricing/proposals/bulk/{id}` until `done` or `failed`. */
export const proposalBulkJob = z.object({
  id: z.string(),
  action: z.enum(['approve', 'reject']),
  status: z.enum(BULK_JOB_STATUSES),
  /** Distinct proposals in the job, and how many of them are decided so far. */
  total: z.number(),
  done: z.number(),
  percent: z.number(),
  succeeded: z.number(),
  /** Failed so far: the proposals not decided (not found, already decided, expired, out of bounds) and ids given twice. */
  failed: z.number(),
  failures: z.array(bulkFailure),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ProposalBulkJob = z.infer<typeof proposalBulkJob>;

/** Event subjects of this domain; their payloads and stream are declared in the event catalogue (contract/pricing-events.ts). */
export const PRICING_EVENTS = {
  ruleChanged: 'pricing.rule_changed',
  bulkRequested: 'pricing.bulk_requested',
  decided: 'pricing.decided',
  proposalCreated: 'pricing.proposal_created',
  proposalDecided: 'pricing.proposal_decided',
  buyBoxRegained: 'pricing.buy_box_regained',
} as const;
/** The alert a buy-box share drop raises on the alerts stream. */
export const BUY_BOX_ALERT_SUBJECT = 'alerts.buy_box_drop';

// live rows and permissions: plain data in their own module (the page registry loads it without zod)
export { pricingLive, pricingPermissions } from './modules/pricing';
