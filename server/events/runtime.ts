/**
 * The event runtime of one process (docs/events.md): the tail loop, the engine (embedded on
 * PostgreSQL tables, or JetStream when NATS_URL is set) behind the `EventEngine` interface, the
 * consumers of the registry (server/events/consumers.ts: what the domain modules declare), the
 * SSE hub, worker heartbeats and the request/query metrics of the ops summary.
 * `attachEventRuntime` wires it into the Fastify app: it starts when the app is ready and stops
 * when the app closes (open SSE streams end first, so close does not wait on them).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { loadEventsConfig, type EventsConfig } from './config';
import { EmbeddedEngine } from './embedded-engine';
import { agentHealth, Heartbeats } from './heartbeats';
import type { JetStreamEngine } from './jetstream/engine';
import { Metrics, instrumentDb } from './metrics';
import { SseHub } from './sse-hub';
import { StatsRollup } from './stats-rollup';
import { EventTail } from './tail';
import type { ConsumerDef, EventEngine } from './types';
import { buildConsumers, reportingHandled, type RegisteredConsumer } from './consumers';
import { recentPerTenant } from './recent-per-tenant';

/** How old the dashboards' consumer lag may be (docs/performance.md "Dashboard"). */
export const DASHBOARD_LAG_MAX_AGE_MS = 1000;

export class EventRuntime {
  readonly metrics = new Metrics();
  readonly db: Db;
  readonly cfg: EventsConfig;
  readonly tail: EventTail;
  readonly hub: SseHub;
  readonly engine: EventEngine;
  readonly heartbeats: Heartbeats;
  /**
   * The consumers' figures as the dashboards show them (needs-attention, the DLQ notice): read at
   * most once a second per tenant, shared by every request meanwhile. The ops console reads
   * `engine.consumerStats` itself, fresh.
   */
  readonly dashboardConsumerStats: (tenantId: string) => ReturnType<EventEngine['consumerStats']>;
  /** The workers' heartbeats as the dashboards read them: the same rows for every tenant, read at most once per DASHBOARD_LAG_MAX_AGE_MS. */
  readonly dashboardAgentHealth: () => ReturnType<typeof agentHealth>;
  readonly startedAt = new Date();
  private readonly pending: ConsumerDef[] = [];
  /** Agent name → the consumers that report under it (addWorker). */
  private readonly agentConsumers = new Map<string, string[]>();
  private running = false;
  private starting: Promise<void> | null = null;

  constructor(
    rawDb: Db,
    readonly config: Config,
    private readonly log: FastifyBaseLogger,
    consumers: readonly RegisteredConsumer[],
    private readonly onHandled?: (tenantId: string) => void,
    jetStream?: typeof JetStreamEngine,
  ) {
    this.db = instrumentDb(rawDb, this.metrics);
    this.cfg = loadEventsConfig({ natsUrl: config.natsUrl, production: config.production });
    const onError = (e: unknown) => this.log.error({ err: e }, 'event runtime');
    this.tail = new EventTail(this.db, this.cfg.pollMs, onError);
    this.hub = new SseHub(this.db, { heartbeatMs: this.cfg.heartbeatMs, maxBufferedBytes: this.cfg.sseMaxBufferedBytes });
    if (this.cfg.natsUrl && !jetStream) throw new Error('NATS_URL is set but the JetStream engine was not loaded (loadJetStream)');
    this.engine = this.cfg.natsUrl && jetStream ? new jetStream(this.db, this.cfg, onError) : new EmbeddedEngine(this.db, this.cfg, onError);
    this.heartbeats = new Heartbeats(this.db, this.cfg.workerHeartbeatMs, onError);
    this.dashboardConsumerStats = recentPerTenant((t) => this.engine.consumerStats(t), DASHBOARD_LAG_MAX_AGE_MS);
    const health = recentPerTenant(() => agentHealth(this.db, this.cfg.workerHeartbeatMs), DASHBOARD_LAG_MAX_AGE_MS);
    this.dashboardAgentHealth = () => health('*');
    this.pending.push(...buildConsumers(consumers, { db: this.db, cfg: this.cfg }).map((d) => reportingHandled(d, onHandled)));
  }

  /** Adds a durable consumer (before or after start); its state lives in the database. */
  async register(def: ConsumerDef): Promise<void> {
    if (!/^[a-z0-9][a-z0-9_-]*$/.test(def.name) || def.name.includes('__')) throw new Error(`bad consumer name ${def.name}`);
    def = reportingHandled(def, this.onHandled);
    if (!this.running) {
      this.pending.push(def);
      return;
    }
    await this.engine.register(def);
    this.addWorker(def);
  }

  start(): Promise<void> {
    this.starting ??= this.startOnce();
    return this.starting;
  }

  private async startOnce(): Promise<void> {
    await this.engine.connect();
    this.tail.listen(this.hub);
    const stats = new StatsRollup(this.db, (e) => this.log.error({ err: e }, 'event stats'));
    this.tail.listen({
      onAdvance: (seq, window) => {
        this.engine.notify(seq, window);
        void stats.kick();
      },
    });
    for (const l of this.engine.tailListeners()) this.tail.listen(l);
    await this.tail.start();
    void stats.kick();
    for (const def of this.pending) {
      await this.engine.register(def);
      this.addWorker(def);
    }
    this.pending.length = 0;
    await this.engine.start();
    this.hub.start();
    this.heartbeats.add({
      name: 'outbox-relay',
      kind: 'event-runtime',
      status: () => {
        const stale = Date.now() - this.tail.lastPollAt > Math.max(10 * this.cfg.pollMs, 5000);
        const engine = this.engine.health();
        return {
          status: stale || engine.degraded ? 'degraded' : 'healthy',
          details: { engine: this.engine.kind, position: this.tail.position, relayed: engine.relayed, relay_error: engine.relayError },
        };
      },
    });
    this.heartbeats.add({
      name: 'sse-hub',
      kind: 'event-runtime',
      status: () => ({ status: 'healthy', details: { clients: this.hub.size, dropped: this.hub.dropped } }),
    });
    this.heartbeats.start();
    this.running = true;
  }

  /**
   * One heartbeat per agent: consumers that share an agentName report together (the agent is
   * degraded when any of its consumers mostly fails), so the agent's row does not flip between
   * whichever consumer happened to beat last.
   */
  private addWorker(def: ConsumerDef): void {
    if (!def.agentName) return;
    const names = this.agentConsumers.get(def.agentName);
    if (names) {
      if (!names.includes(def.name)) names.push(def.name);
      names.sort();
      return;
    }
    const consumers = [def.name];
    this.agentConsumers.set(def.agentName, consumers);
    this.heartbeats.add({
      name: def.agentName,
      kind: 'consumer',
      status: () => {
        let ok: number | null = null;
        let failed: number | null = null;
        let degraded = false;
        for (const name of consumers) {
          const r = this.engine.recentDeliveries(name);
          if (!r) continue;
          ok = (ok ?? 0) + r.ok;
          failed = (failed ?? 0) + r.failed;
          // mostly failing deliveries in the last minutes → degraded (endpoints down, handler broken)
          if (r.failed > 0 && r.failed >= r.ok) degraded = true;
        }
        return { status: degraded ? 'degraded' : 'healthy', details: { consumers: [...consumers], ok, failed } };
      },
    });
  }

  /** Ends SSE streams (before the HTTP server waits for open connections). */
  closeStreams(): void {
    this.hub.stop();
  }

  async stop(): Promise<void> {
    // a close during a start (a deferred start, docs/performance.md "Start time") waits for it to end
    await this.starting?.catch(() => undefined);
    this.starting = null;
    if (!this.running) return;
    this.running = false;
    this.tail.stop();
    this.hub.stop();
    await this.engine.stop();
    await this.heartbeats.stop(true);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventRuntime;
  }
}

/** The JetStream engine with the `nats` client, loaded only when NATS_URL is set (docs/performance.md "Start time"). */
export async function loadJetStream(natsUrl: string | undefined): Promise<typeof JetStreamEngine | undefined> {
  return natsUrl ? (await import('./jetstream/engine')).JetStreamEngine : undefined;
}

/**
 * Decorates `app.events`, times requests, starts on ready, stops on close; returns the timed Db.
 * `onHandled` hears of every message a consumer handled, by tenant. With `startOnReady: false` the
 * caller starts it (`app.events.start()`): the server process does so once the port is open
 * (docs/performance.md "Start time").
 */
export function attachEventRuntime(
  app: FastifyInstance,
  db: Db,
  config: Config,
  consumers: readonly RegisteredConsumer[],
  onHandled?: (tenantId: string) => void,
  { startOnReady = true, jetStream }: { startOnReady?: boolean; jetStream?: typeof JetStreamEngine } = {},
): Db {
  const rt = new EventRuntime(db, config, app.log, consumers, onHandled, jetStream);
  app.decorate('events', rt);
  app.addHook('onResponse', async (req, reply) => {
    rt.metrics.recordRequest(reply.elapsedTime, reply.statusCode, req.auth?.tenantId);
    // a command may have appended events: look now instead of at the next tick
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) rt.tail.poke();
  });
  if (startOnReady) app.addHook('onReady', async () => rt.start());
  app.addHook('preClose', async () => rt.closeStreams());
  app.addHook('onClose', async () => rt.stop());
  return rt.db;
}
