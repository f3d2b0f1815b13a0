/**
 * The service's own state on the wire: GET /api/ops/summary (docs/events.md "Ops summary"), every figure
 * the caller's tenant's; and GET /health (docs/product/api-calls.md), what the running service reports.
 */
import { z } from 'zod';

export const AGENT_STATUSES = ['healthy', 'degraded', 'offline'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const opsSummary = z.object({
  build: z.object({ version: z.string(), deployed_at: z.string(), commit: z.string(), environment: z.string() }),
  nats: z.object({ consumers: z.number(), streams: z.number(), total_messages: z.number(), connected: z.boolean(), engine: z.string().optional() }),
  dlq_status: z.object({
    pending: z.number(),
    consumer_lag: z.number(),
    oldest_age_s: z.number().optional(),
    by_subject: z.record(z.string(), z.number()).optional(),
    by_consumer: z.record(z.string(), z.number()).optional(),
    consumers: z
      .array(z.object({ name: z.string(), lag: z.number(), redelivering: z.number().optional(), dead_lettered: z.number().optional() }))
      .optional(),
  }),
  slo: z.object({ availability: z.number(), latency_p95: z.number(), latency_p99: z.number(), error_rate: z.number(), requests_per_minute: z.number() }),
  database: z.object({ connections: z.number(), max_connections: z.number(), query_time_p95: z.number(), engine: z.string().optional() }),
  cache: z.object({ hit_rate: z.number(), memory_usage_mb: z.number(), evictions_per_minute: z.number() }),
  agent_health: z.record(z.string(), z.object({ status: z.string(), last_heartbeat: z.string().optional(), kind: z.string().optional() })),
});
export type OpsSummary = z.infer<typeof opsSummary>;

/** GET /health: 200 with status `ok`, 503 with `unavailable` when the database does not answer. */
export const healthAnswer = z.object({
  status: z.enum(['ok', 'unavailable']),
  version: z.string(),
  commit: z.string(),
  environment: z.string(),
  uptime_s: z.number(),
  db: z.object({ engine: z.string(), status: z.enum(['up', 'down']) }),
});
export type HealthAnswer = z.infer<typeof healthAnswer>;

/** One minute of the tenant's requests (GET /api/health/system `slo.minutes`); the ratios and latencies are null for a minute without requests. */
export const sloMinute = z.object({
  at: z.string(),
  requests: z.number().int(),
  errors: z.number().int(),
  availability: z.number().nullable(),
  error_rate: z.number().nullable(),
  latency_p95: z.number().nullable(),
  latency_p99: z.number().nullable(),
});
export type SloMinute = z.infer<typeof sloMinute>;

/**
 * GET /api/health/system (docs/ops-ui.md "System Health"), for every signed-in user: the tenant's SLO
 * figures of the last hour with a per-minute series, the database and the event platform. Per
 * process (per replica), as the ops summary's figures.
 */
export const systemHealth = z.object({
  slo: z.object({
    availability: z.number(),
    latency_p95: z.number(),
    latency_p99: z.number(),
    error_rate: z.number(),
    requests_per_minute: z.number(),
    requests: z.number().int(),
    window_s: z.number().int(),
    minutes: z.array(sloMinute),
  }),
  database: z.object({ engine: z.enum(['pglite', 'postgres']), connected: z.boolean(), ping_ms: z.number().nullable() }),
  events: z.object({ engine: z.string(), connected: z.boolean(), streams: z.number().int(), consumers: z.number().int() }),
});
export type SystemHealth = z.infer<typeof systemHealth>;
