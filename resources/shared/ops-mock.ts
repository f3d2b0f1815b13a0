/**
 * Generated ops summary — docs/product/api-calls.md "The calls" (`GET /ops/summary`: "generated fallback when
 * unavailable"). Plausible, clearly fake figures (the page flags them "Mocked data"); the random source
 * is injected so a test can pin them.
 */
import type { OpsSummary } from '../../contract/ops';

export function mockOpsSummary(random: () => number = Math.random, now: Date = new Date()): OpsSummary {
  const int = (min: number, max: number) => Math.floor(min + random() * (max - min + 1));
  const pending = int(0, 30);
  return {
    build: { version: 'mock', deployed_at: now.toISOString(), commit: 'mock', environment: 'mock' },
    nats: { consumers: 3, streams: 7, total_messages: int(5_000, 20_000), connected: false },
    dlq_status: {
      pending,
      consumer_lag: int(0, 400),
      oldest_age_s: pending ? int(60, 7_200) : 0,
      by_subject: pending ? { 'orders.created': Math.ceil(pending / 2), 'orders.status_changed': Math.floor(pending / 2) } : {},
      consumers: [
        { name: 'webhooks', lag: int(0, 200) },
        { name: 'order-router', lag: int(0, 100) },
        { name: 'notifier', lag: int(0, 100) },
      ],
    },
    slo: {
      availability: 0.99 + random() * 0.0099,
      latency_p95: int(80, 250),
      latency_p99: int(250, 600),
      error_rate: random() * 0.02,
      requests_per_minute: int(50, 400),
    },
    database: { connections: int(1, 10), max_connections: 20, query_time_p95: int(2, 40) },
    cache: { hit_rate: 0.8 + random() * 0.19, memory_usage_mb: int(40, 200), evictions_per_minute: int(0, 5) },
    agent_health: {
      'pricing-intelligence': { status: 'healthy' },
      'demand-forecasting': { status: 'healthy' },
      'competitor-monitor': { status: random() < 0.5 ? 'degraded' : 'healthy' },
    },
  };
}
