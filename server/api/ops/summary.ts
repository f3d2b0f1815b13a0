/**
 * The ops summary (docs/events.md "Ops summary", polled every 10 s): build, event engine ("nats"), DLQ,
 * SLO, database, cache and agent health — every figure measured, none invented (docs/events.md
 * says what each one means on the embedded engine and per replica).
 */
import { STREAM_NAMES } from '../../../contract/events';
import type { EventRuntime } from '../../events/runtime';
import { agentHealth } from '../../events/heartbeats';
import { cacheSummary } from '../../events/cache-stats';
import { tenantTx } from '../../events/runtime-tx';
import { serverEnvironment } from '../health';

/**
 * Worker heartbeats carry platform-wide activity in their details (SSE clients of every tenant,
 * the log position, deliveries of every tenant): a tenant sees each worker's state and only the
 * details that describe the worker itself (docs/events.md "Consumer figures").
 */
const SAFE_DETAILS = ['engine', 'relay_error', 'consumers'];

function tenantSafeHealth<T extends { details: unknown }>(health: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(health).map(([name, h]) => {
      const d = (h.details ?? {}) as Record<string, unknown>;
      return [name, { ...h, details: Object.fromEntries(Object.entries(d).filter(([k]) => SAFE_DETAILS.includes(k))) }];
    }),
  );
}

export async function opsSummary(rt: EventRuntime, tenantId: string) {
  const consumers = await rt.engine.consumerStats(tenantId);
  const tenantFigures = await tenantTx(rt.db, tenantId, async (tx) => {
    const m = await tx.query<{ n: number | null }>('select sum(messages) as n from event_stream_stats where tenant_id = $1', [tenantId]);
    const d = await tx.query<{ status: string; n: number; oldest: string | Date | null }>(
      `select status, count(*) as n, min(first_failure_at) as oldest from dlq_entries where tenant_id = $1 group by status`,
      [tenantId],
    );
    const bySubject = await tx.query<{ subject: string; n: number }>(
      `select subject, count(*) as n from dlq_entries where tenant_id = $1 and status = 'pending' group by subject order by n desc, subject limit 50`,
      [tenantId],
    );
    const byConsumer = await tx.query<{ consumer: string; n: number }>(
      `select consumer, count(*) as n from dlq_entries where tenant_id = $1 and status = 'pending' group by consumer order by consumer`,
      [tenantId],
    );
    return { messages: Number(m.rows[0]?.n ?? 0), dlq: d.rows, bySubject: bySubject.rows, byConsumer: byConsumer.rows };
  });
  const t0 = performance.now();
  await rt.db.query('select 1');
  const pingMs = performance.now() - t0;
  const dlqCount = (s: string) => Number(tenantFigures.dlq.find((r) => r.status === s)?.n ?? 0);
  const oldest = tenantFigures.dlq.find((r) => r.status === 'pending')?.oldest;
  const dbStats = rt.db.stats();
  const env = serverEnvironment(rt.config.production);
  return {
    build: {
      version: rt.config.version,
      deployed_at: (process.env.DEPLOYED_AT ? new Date(process.env.DEPLOYED_AT) : rt.startedAt).toISOString(),
      commit: rt.config.commit,
      environment: env,
    },
    nats: {
      consumers: consumers.length,
      streams: STREAM_NAMES.length,
      total_messages: tenantFigures.messages,
      connected: rt.engine.connected(),
      engine: rt.engine.kind,
      sse_clients: rt.hub.sizeOf(tenantId),
    },
    dlq_status: {
      pending: dlqCount('pending'),
      consumer_lag: consumers.reduce((a, c) => a + c.lag, 0),
      oldest_age_s: oldest ? Math.max(0, Math.round((Date.now() - new Date(oldest).getTime()) / 1000)) : 0,
      by_subject: Object.fromEntries(tenantFigures.bySubject.map((r) => [r.subject, Number(r.n)])),
      by_consumer: Object.fromEntries(tenantFigures.byConsumer.map((r) => [r.consumer, Number(r.n)])),
      replayed: dlqCount('replayed'),
      discarded: dlqCount('discarded'),
      consumers: consumers.map((c) => ({ name: c.name, lag: c.lag, redelivering: c.redelivering, dead_lettered: c.dead_lettered })),
    },
    slo: rt.metrics.slo(Date.now(), tenantId),
    database: {
      engine: rt.db.engine,
      connections: dbStats.connections,
      max_connections: dbStats.maxConnections,
      query_time_p95: rt.metrics.queryP95(),
      ping_ms: Math.round(pingMs * 100) / 100,
    },
    cache: cacheSummary(),
    agent_health: tenantSafeHealth(await agentHealth(rt.db, rt.cfg.workerHeartbeatMs)),
  };
}
