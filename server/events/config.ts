/**
 * Event runtime settings (docs/events.md, docs/events.md) from the environment; docs/events.md lists them.
 * Tests shorten the backoff and the polling interval through the same variables.
 */
import { CONSUMER_DEFAULTS, STREAMS } from '../../contract/constants';
import { loadEnv } from '../env';

export interface EventsConfig {
  /** NATS JetStream URL: when set, the outbox is relayed to JetStream and consumers run there. */
  natsUrl?: string;
  /** Prefix of JetStream stream names and subjects (tests use a unique one per run). */
  natsPrefix: string;
  /** How often the one tail loop of the process looks for new events. */
  pollMs: number;
  maxDeliver: number;
  /** Delay before attempt n+1 is backoffMs[n-1] (last step repeats). */
  backoffMs: number[];
  /** A claimed message not acked within this time is delivered again (crashed worker). */
  ackWaitMs: number;
  heartbeatMs: number;
  /** SSE: a client whose unsent bytes exceed this is dropped (back-pressure). */
  sseMaxBufferedBytes: number;
  webhookTimeoutMs: number;
  /** Plain-http / private-address webhook targets: allowed outside production unless disabled. */
  webhookAllowPrivate: boolean;
  /** Background worker heartbeat interval (agent_health). */
  workerHeartbeatMs: number;
}


export function loadEventsConfig(o: { natsUrl?: string; production: boolean }): EventsConfig {
  const env = loadEnv();
  const num = (v: string | undefined, d: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);
  const backoff = (env.EVENTS_BACKOFF_MS ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isFinite(n) && n >= 0 && String(n) !== '');
  return {
    natsUrl: o.natsUrl,
    natsPrefix: env.NATS_STREAM_PREFIX || 'SC_',
    pollMs: num(env.EVENTS_POLL_MS, 100),
    maxDeliver: Math.max(1, num(env.EVENTS_MAX_DELIVER, CONSUMER_DEFAULTS.maxDeliver)),
    backoffMs: backoff.length > 0 && env.EVENTS_BACKOFF_MS ? backoff : [...CONSUMER_DEFAULTS.backoffMs],
    ackWaitMs: num(env.EVENTS_ACK_WAIT_MS, CONSUMER_DEFAULTS.ackWaitMs),
    heartbeatMs: num(env.SSE_HEARTBEAT_MS, STREAMS.serverHeartbeatMs),
    sseMaxBufferedBytes: num(env.SSE_MAX_BUFFERED_BYTES, 1024 * 1024),
    webhookTimeoutMs: num(env.WEBHOOK_TIMEOUT_MS, 5_000),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE ? env.WEBHOOK_ALLOW_PRIVATE === '1' || env.WEBHOOK_ALLOW_PRIVATE === 'true' : !o.production,
    workerHeartbeatMs: num(env.WORKER_HEARTBEAT_MS, 10_000),
  };
}

/** Backoff before the next attempt, after `attempts` failed ones. */
export function backoffDelay(backoffMs: readonly number[], attempts: number): number {
  if (backoffMs.length === 0) return 0;
  return backoffMs[Math.min(Math.max(attempts, 1), backoffMs.length) - 1];
}
