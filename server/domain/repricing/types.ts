/**
 * The repricing engine's input and output (docs/repricing.md). Plain data, no database and no
 * HTTP: the same function serves the repricer consumer, proposals, the rule preview and the
 * benchmark. Money is integer cents, percentages basis points (1 % = 100 bp).
 */

export const STRATEGIES = ['beat_lowest', 'match_lowest', 'buy_box', 'stay_above', 'hold'] as const;
export type Strategy = (typeof STRATEGIES)[number];
export const STEP_UNITS = ['cents', 'bp'] as const;
export type StepUnit = (typeof STEP_UNITS)[number];
export const SCENARIOS = ['strategy', 'no_competition', 'below_floor', 'own_buy_box', 'hold', 'too_soon'] as const;
export type Scenario = (typeof SCENARIOS)[number];
export const FULFILMENT_TYPES = ['marketplace', 'merchant'] as const;
export type FulfilmentType = (typeof FULFILMENT_TYPES)[number];

export interface EngineRule {
  strategy: Strategy;
  /** beat_lowest / stay_above / buy_box: by how much (cents, or bp of the competitor's price). */
  step_unit: StepUnit;
  step_value: number;
  /** Minimum margin kept after fees, bp of the price. */
  min_margin_bp: number;
  ceiling_cents: number | null;
  /** No competitor left after the filters: go to the ceiling, or hold. */
  no_competition: 'ceiling' | 'hold';
  /** The strategy's target is below the floor: go to the floor, or hold. */
  below_floor: 'floor' | 'hold';
  /** We hold the buy box: raise toward the next competitor minus `raise_step_cents`, hold, or apply the strategy anyway. */
  own_buy_box: 'raise' | 'hold' | 'strategy';
  raise_step_cents: number;
  /** Largest change per run, bp of the current price (null = unlimited). */
  max_change_bp: number | null;
  /** No change within this many seconds of the last one (null or 0 = none). */
  min_interval_seconds: number | null;
  filters: {
    /** Only these fulfilment types count (null/empty = all). */
    fulfilment: FulfilmentType[] | null;
    /** Only sellers rated at least this (0–100; null = all). */
    min_rating: number | null;
    /** Ignore offers of our own other accounts. */
    exclude_own: boolean;
  };
}

export interface EngineListing {
  price_cents: number;
  cost_cents: number | null;
  /** Our shipping cost per unit, cents. */
  shipping_cents: number;
  map_cents: number | null;
  fee_rate_bp: number;
  fee_fixed_cents: number;
  last_change_at: Date | null;
}

export interface EngineOffer {
  seller: string;
  price_cents: number;
  fulfilment: FulfilmentType | null;
  rating: number | null;
  /** One of our own accounts (another of the tenant's listings). */
  own: boolean;
}

export interface EngineInput {
  listing: EngineListing;
  offers: EngineOffer[];
  /** `you` (or null) as the connector reports it. */
  buy_box_owner: string | null;
  buy_box_price_cents: number | null;
  rule: EngineRule;
  now: Date;
}

export interface DecisionFlags {
  at_floor: boolean;
  at_ceiling: boolean;
  floor_above_ceiling: boolean;
  max_change_limited: boolean;
  too_soon: boolean;
  missing_cost: boolean;
}

export interface Decision {
  old_price_cents: number;
  /** null = unchanged. */
  new_price_cents: number | null;
  floor_cents: number;
  floor_source: 'map' | 'cost';
  ceiling_cents: number | null;
  strategy: Strategy;
  scenario: Scenario;
  flags: DecisionFlags;
  /** The competitor the decision reacted to (after filters), if any. */
  competitor: { seller: string; price_cents: number } | null;
  /** Offers counted after the filters. */
  competitors_counted: number;
  reason: string;
}
