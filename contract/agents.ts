/**
 * The agents' wire (docs/agents.md): each agent with its state, runs and settings, the demand
 * forecasts, and the requests that run, pause, resume and set them. Reading and controlling are both
 * `ops:agents` (the `agents` resource of contract/permissions.ts: agent and admin).
 */
import { z } from 'zod';
import { listQuery } from './api';
import { int } from './fields';

export { AGENT_HEARTBEATS } from './modules/agents';

export const AGENT_NAMES = ['demand', 'competitor', 'pricing'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

export const AGENT_TITLES: Record<AgentName, string> = {
  demand: 'Demand Forecasting',
  competitor: 'Competitor Monitor',
  pricing: 'Pricing Intelligence',
};

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
/** `resume`: the catch-up run queued by resuming Pricing Intelligence (docs/agents.md "Pricing Intelligence"). */
export const RUN_TRIGGERS = ['manual', 'schedule', 'event', 'resume'] as const;

// ---- settings ---------------------------------------------------------------------------------------

/** Demand forecasting's thresholds (docs/agents.md "Demand forecasting"). */
export const demandSettings = z.strictObject({
  service_level: z.number().min(0.5).max(0.999),
  review_days: int(1, 180),
  slow_mover_units: int(0, 1000),
  slow_mover_min_stock: int(0, 100_000),
  warn_days: int(1, 365),
  best_seller_daily: z.number().min(0).max(100_000),
  history_days: int(28, 730),
  every_hours: int(1, 168),
});
export type DemandSettingsWire = z.infer<typeof demandSettings>;

/** The competitor monitor's thresholds (docs/agents.md "Competitor monitor"). */
export const competitorSettings = z.strictObject({
  price_drop_pct: z.number().min(1).max(90),
  every_hours: int(1, 168),
});

/** Pricing Intelligence is the repricer's: its thresholds live on /pricing; /agents only schedules its run-now. */
export const pricingSettings = z.strictObject({});

export const SETTINGS_SCHEMAS = { demand: demandSettings, competitor: competitorSettings, pricing: pricingSettings } as const;

export const SETTINGS_DEFAULTS = {
  demand: { service_level: 0.95, review_days: 14, slow_mover_units: 4, slow_mover_min_stock: 1, warn_days: 14, best_seller_daily: 1, history_days: 182, every_hours: 24 },
  competitor: { price_drop_pct: 10, every_hours: 6 },
  pricing: {},
} as const satisfies { [K in AgentName]: z.infer<(typeof SETTINGS_SCHEMAS)[K]> };

// ---- answers ----------------------------------------------------------------------------------------

export const agentRun = z.object({
  id: z.string(),
  agent: z.enum(AGENT_NAMES),
  trigger: z.enum(RUN_TRIGGERS),
  status: z.enum(RUN_STATUSES),
  requested_by: z.string().nullable(),
  inputs: z.record(z.string(), z.unknown()),
  outputs: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  queued_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
});
export type AgentRun = z.infer<typeof agentRun>;

export const AGENT_STATUSES = ['healthy', 'degraded', 'offline', 'not_reporting', 'paused'] as const;

export const agentRow = z.object({
  /** The name again, as a record id (lists key their rows by `id`). */
  id: z.enum(AGENT_NAMES),
  name: z.enum(AGENT_NAMES),
  title: z.string(),
  /** The worker heartbeat it reports under (GET /alerts/agent-health). */
  heartbeat: z.string(),
  /** paused wins; else its worker's health, or not_reporting before it beats. */
  status: z.enum(AGENT_STATUSES),
  paused: z.boolean(),
  last_heartbeat: z.string().nullable(),
  /** A run waits or runs now. */
  busy: z.boolean(),
  last_run: agentRun.nullable(),
  next_run_at: z.string().nullable(),
  /** The last successful run's figures, in words. */
  key_outputs: z.array(z.object({ label: z.string(), value: z.number() })),
  /** Failed runs in the last 24 hours, and the newest failure's error. */
  errors_24h: z.number().int(),
  last_error: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  schedule: z.string(),
});
export type AgentRow = z.infer<typeof agentRow>;

export const forecastRow = z.object({
  variant_id: z.string(),
  product_id: z.string(),
  sku: z.string(),
  title: z.string(),
  mode: z.enum(['stocked', 'dropship']),
  daily_demand: z.number(),
  trend_per_week: z.number(),
  forecast_28d: z.number().int(),
  on_hand: z.number().int(),
  days_of_cover: z.number().nullable(),
  reorder_point: z.number().int().nullable(),
  reorder_quantity: z.number().int().nullable(),
  slow_mover: z.boolean(),
  warning: z.string().nullable(),
  summary: z.string(),
  explanation: z.record(z.string(), z.unknown()),
  computed_at: z.string(),
});
export type ForecastRow = z.infer<typeof forecastRow>;

// ---- requests ---------------------------------------------------------------------------------------

export const agentParams = z.object({ name: z.enum(AGENT_NAMES) });
export const runsQuery = listQuery.pick({ limit: true, offset: true });

export const FORECAST_SORTS = ['sku', 'daily_demand', 'days_of_cover', 'reorder_quantity', 'forecast_28d'] as const;
export const forecastQuery = listQuery.extend({
  sort: z.enum(FORECAST_SORTS).default('daily_demand'),
  mode: z.enum(['stocked', 'dropship']).optional(),
  /** only variants with a warning (reorder now, running out at suppliers) */
  warning: z.enum(['true', 'false']).optional(),
});
export type ForecastQuery = z.infer<typeof forecastQuery>;
