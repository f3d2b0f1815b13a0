/**
 * JetStream engine (NATS_URL set; docs/events.md "JetStream"): the outbox is relayed to JetStream,
 * every consumer becomes durable pull consumers (explicit ack, max_deliver, ack_wait), a failure
 * is nak'ed with the backoff delay of its attempt (nak delay rather than a consumer `backoff`
 * list, whose first step would also replace ack_wait), and MAX_DELIVERIES advisories — captured in
 * a JetStream stream so none is lost while no replica listens — write the DLQ entries.
 * DLQ replays run through the same PostgreSQL delivery lane as the embedded engine.
 */
import {
  AckPolicy,
  DeliverPolicy,
  StorageType,
  connect,
  nanos,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
} from 'nats';
import type { Db } from '../../db';
import type { StreamName } from '../../../contract/events';
import type { EventsConfig } from '../config';
import { backoffDelay } from '../config';
import { ConsumerLoop, type ResolvedConsumer } from '../consumer-loop';
import { embeddedConsumerStats } from '../consumer-stats';
import { deadLetter } from '../dlq-store';
import { resolveConsumer } from '../embedded-engine';
import { RecentKeys } from '../recent-keys';
import { runtimeTx } from '../runtime-tx';
import { addCount, bumpTenantCounters, type CountsByTenant } from '../tenant-counters';
import type { TailListener } from '../tail';
import type { ConsumerDef, ConsumerStats, EngineHealth, EventEngine, EventMessage } from '../types';
import { eventMeta } from './event-header';
import { ALL_STREAMS, advisoryStream, consumerOfDurable, durablesOf, jsStream, maxDeliveriesAdvisory, type DurableSpec } from './naming';
import { JetStreamRelay } from './relay';

const LAST_ERRORS_MAX = 10_000;
const ACKED_MEMORY = 50_000;
const COUNTERS_FLUSH_MS = 1000;
const DECODER = new TextDecoder();

export class JetStreamEngine implements EventEngine {
  readonly kind = 'jetstream' as const;
  private nc: NatsConnection | null = null;
  private js: JetStreamClient | null = null;
  private jsm: JetStreamManager | null = null;
  private relay: JetStreamRelay | null = null;
  private readonly defs = new Map<string, { def: ResolvedConsumer; durables: DurableSpec[]; lane: ConsumerLoop }>();
  private readonly running: ConsumerMessages[] = [];
  private readonly lastErrors = new Map<string, { error: string; tenantId: string }>();
  /** Delivered / acked per consumer and tenant since the last flush (tenant-counters.ts). */
  private counts = new Map<string, CountsByTenant>();
  private countsTimer: NodeJS.Timeout | null = null;
  private readonly acked = new RecentKeys(ACKED_MEMORY);
  /** Messages handed to a handler and not yet settled, by key (stream:durable:seq) → tenant. */
  private readonly handling = new Map<string, string>();
  private acks: JsMsg[] = [];
  private ackTimer: NodeJS.Immediate | null = null;
  private started = false;
  private stopped = false;

  constructor(private readonly db: Db, private readonly cfg: EventsConfig, private readonly onError: (e: unknown) => void) {}

  async connect(): Promise<void> {
    this.nc = await connect({ servers: this.cfg.natsUrl, name: 'seller-console', maxReconnectAttempts: -1 });
    this.jsm = await this.nc.jetstreamManager();
    this.js = this.nc.jetstream();
    for (const s of ALL_STREAMS) await this.ensureStream(jsStream(this.cfg.natsPrefix, s), [`${jsStream(this.cfg.natsPrefix, s)}.>`]);
    await this.ensureStream(
      advisoryStream(this.cfg.natsPrefix),
      ALL_STREAMS.map((s) => maxDeliveriesAdvisory(jsStream(this.cfg.natsPrefix, s))),
    );
    this.relay = new JetStreamRelay(this.db, this.nc, this.cfg.natsPrefix, this.onError);
    await this.relay.init();
  }

  /** The relay publishes the rows the tail already read instead of reading them back. */
  tailListeners(): TailListener[] {
    const relay = this.relay;
    return relay ? [{ wantsRecords: () => true, onEvents: (events, after) => relay.offer(events, after) }] : [];
  }

  health(): EngineHealth {
    const relayError = this.relay?.lastError ?? null;
    return { degraded: !this.connected() || !!relayError, relayed: this.relay?.lastSeq ?? null, relayError };
  }

  /** JetStream keeps delivery counts per durable, not per recent window: no figure for the heartbeat. */
  recentDeliveries(): null {
    return null;
  }

  private async ensureStream(name: string, subjects: string[]): Promise<void> {
    const jsm = this.jsm!;
    try {
      await jsm.streams.info(name);
    } catch {
      await jsm.streams.add({ name, subjects, storage: StorageType.File, duplicate_window: nanos(2 * 60_000) });
    }
  }

  async register(input: ConsumerDef): Promise<void> {
    const def = resolveConsumer(input, this.cfg);
    const lane = new ConsumerLoop(this.db, def, { fetchFromLog: false, releaseInflightOnStart: this.db.engine === 'pglite', onError: this.onError });
    await lane.register();
    const durables = durablesOf(this.cfg.natsPrefix, def.name, def.filterSubjects);
    for (const d of durables) {
      const existing = await this.jsm!.consumers.info(d.stream, d.durable).catch(() => null);
      const config = {
        durable_name: d.durable,
        ack_policy: AckPolicy.Explicit,
        filter_subject: d.filter,
        max_deliver: def.maxDeliver,
        ack_wait: nanos(def.ackWaitMs),
        max_ack_pending: 10_000,
      };
      const changed = existing && (existing.config.max_deliver !== def.maxDeliver || existing.config.ack_wait !== config.ack_wait);
      if (changed) await this.jsm!.consumers.update(d.stream, d.durable, { max_deliver: def.maxDeliver, ack_wait: config.ack_wait });
      else if (!existing) await this.jsm!.consumers.add(d.stream, { ...config, deliver_policy: def.deliverPolicy === 'all' ? DeliverPolicy.All : DeliverPolicy.New });
    }
    this.defs.set(def.name, { def, durables, lane });
    if (this.started) await this.startConsumer(def.name);
  }

  async start(): Promise<void> {
    this.started = true;
    for (const name of this.defs.keys()) await this.startConsumer(name);
    await this.startAdvisories();
    void this.relay?.kick();
  }

  private async startConsumer(name: string): Promise<void> {
    const entry = this.defs.get(name)!;
    entry.lane.start();
    for (const d of entry.durables) {
      const c = await this.js!.consumers.get(d.stream, d.durable);
      const messages = await c.consume({ max_messages: Math.max(entry.def.batchSize, 64) });
      this.running.push(messages);
      void this.pump(messages, entry.def);
    }
  }

  /** Hands messages to the handler, at most `concurrency` at a time. */
  private async pump(messages: ConsumerMessages, def: ResolvedConsumer): Promise<void> {
    const inflight = new Set<Promise<void>>();
    try {
      for await (const m of messages) {
        if (this.stopped) break;
        const p = this.handle(m, def).finally(() => inflight.delete(p));
        inflight.add(p);
        if (inflight.size >= def.concurrency) await Promise.race(inflight);
      }
    } catch (e) {
      if (!this.stopped) this.onError(e);
    }
  }

  private async handle(m: JsMsg, def: ResolvedConsumer): Promise<void> {
    const meta = eventMeta(m.headers);
    const info = m.info;
    const attempt = info.redeliveryCount;
    const key = `${info.stream}:${info.consumer}:${m.seq}`;
    const msg: EventMessage = {
      seq: meta.seq,
      // relayed before the tenant's number travelled in the envelope: read it from the log
      tenantSeq: meta.tenantSeq ?? (await this.tenantSeqOf(meta.seq)),
      tenantId: meta.tenantId,
      stream: info.stream.slice(this.cfg.natsPrefix.length) as StreamName,
      subject: meta.subject ?? m.subject,
      data: m.data.length ? JSON.parse(DECODER.decode(m.data)) : null,
      timestamp: meta.timestamp ?? new Date(info.timestampNanos / 1e6).toISOString(),
      correlationId: meta.correlationId,
      causationId: meta.causationId,
      consumer: def.name,
      attempt,
    };
    // JetStream is at-least-once and 2.9 was seen redelivering a message that had just been
    // redelivered (tests/server/events-consumers.test.ts): a message this process already acked
    // or is handling right now is not handed to the handler a second time
    if (this.acked.has(key)) {
      this.ack(m);
      return;
    }
    if (this.handling.has(key)) return;
    this.handling.set(key, msg.tenantId);
    this.count(def.name, msg.tenantId, 'delivered');
    try {
      await def.handle(msg);
      this.lastErrors.delete(key);
      this.acked.add(key);
      this.ack(m);
      this.count(def.name, msg.tenantId, 'acked');
    } catch (e) {
      if (this.lastErrors.size > LAST_ERRORS_MAX) this.lastErrors.delete(this.lastErrors.keys().next().value as string);
      this.lastErrors.set(key, { error: e instanceof Error ? e.message : String(e), tenantId: msg.tenantId });
      // on the last attempt JetStream stops redelivering and publishes the MAX_DELIVERIES advisory
      m.nak(attempt >= def.maxDeliver ? undefined : backoffDelay(def.backoffMs, attempt));
    } finally {
      this.handling.delete(key);
    }
  }

  /** The tenant's number of the event at log position `seq` (0 when it is not in the log). */
  private async tenantSeqOf(seq: number): Promise<number> {
    const { rows } = await runtimeTx(this.db, (tx) => tx.query<{ tenant_seq: number | string }>('select tenant_seq from events where seq = $1', [seq]));
    return Number(rows[0]?.tenant_seq ?? 0);
  }

  /**
   * Acks go out together once per event-loop turn: nats.js writes to the socket once per microtask
   * flush, and handlers finishing one by one made that one write syscall per ack (a third of the
   * relay+consume CPU in the bench). The ack is still sent only after the handler succeeded.
   */
  private ack(m: JsMsg): void {
    this.acks.push(m);
    if (!this.ackTimer) this.ackTimer = setImmediate(() => this.flushAcks());
  }

  private flushAcks(): void {
    if (this.ackTimer) clearImmediate(this.ackTimer);
    this.ackTimer = null;
    const list = this.acks;
    this.acks = [];
    for (const m of list) m.ack();
  }

  private count(consumer: string, tenantId: string, field: 'delivered' | 'acked'): void {
    if (!tenantId) return;
    let m = this.counts.get(consumer);
    if (!m) this.counts.set(consumer, (m = new Map()));
    addCount(m, tenantId, field);
    if (!this.countsTimer) {
      this.countsTimer = setTimeout(() => void this.flushCounts(), COUNTERS_FLUSH_MS);
      this.countsTimer.unref();
    }
  }

  /** Writes the counted deliveries and acks (at most a second late; a crash loses at most that second's counts). */
  async flushCounts(): Promise<void> {
    if (this.countsTimer) clearTimeout(this.countsTimer);
    this.countsTimer = null;
    const counts = this.counts;
    this.counts = new Map();
    if (counts.size === 0) return;
    try {
      await runtimeTx(this.db, async (tx) => {
        for (const [consumer, m] of counts) await bumpTenantCounters(tx, consumer, m);
      });
    } catch (e) {
      this.onError(e);
    }
  }

  private async startAdvisories(): Promise<void> {
    const stream = advisoryStream(this.cfg.natsPrefix);
    const durable = 'dlq_feeder';
    const exists = await this.jsm!.consumers.info(stream, durable).catch(() => null);
    if (!exists) await this.jsm!.consumers.add(stream, { durable_name: durable, ack_policy: AckPolicy.Explicit, max_deliver: -1, ack_wait: nanos(30_000) });
    const c = await this.js!.consumers.get(stream, durable);
    const messages = await c.consume({ max_messages: 64 });
    this.running.push(messages);
    void (async () => {
      try {
        for await (const m of messages) {
          if (this.stopped) break;
          try {
            await this.onMaxDeliveries(JSON.parse(new TextDecoder().decode(m.data)));
            m.ack();
          } catch (e) {
            this.onError(e);
            m.nak(1000);
          }
        }
      } catch (e) {
        if (!this.stopped) this.onError(e);
      }
    })();
  }

  private async onMaxDeliveries(a: { stream: string; consumer: string; stream_seq: number; deliveries: number }): Promise<void> {
    const sm = await this.jsm!.streams.getMessage(a.stream, { seq: a.stream_seq });
    const seq = eventMeta(sm.header).seq;
    const key = `${a.stream}:${a.consumer}:${a.stream_seq}`;
    const lastError = this.lastErrors.get(key)?.error ?? `no ack after ${a.deliveries} deliveries (handler error recorded on another replica or ack timeout)`;
    this.lastErrors.delete(key);
    const consumer = consumerOfDurable(a.consumer);
    await runtimeTx(this.db, async (tx) => {
      const tenantId = await deadLetter(tx, { consumer, seq, attempts: a.deliveries, lastError });
      if (tenantId) await bumpTenantCounters(tx, consumer, new Map([[tenantId, { delivered: 0, acked: 0, deadLettered: 1 }]]));
    });
    await this.db.query('update event_consumers set dead_lettered = dead_lettered + 1 where name = $1', [consumerOfDurable(a.consumer)]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.relay?.stop();
    for (const m of this.running) m.stop();
    this.flushAcks(); // handlers that succeeded are acked before the connection drains
    await Promise.all([...this.defs.values()].map((d) => d.lane.stop()));
    await this.flushCounts();
    await this.nc?.drain().catch(() => undefined);
  }

  notify(lastSeq: number): void {
    if (this.relay && lastSeq > this.relay.offeredUpTo) void this.relay.kick();
  }

  wake(consumer?: string): void {
    for (const [name, d] of this.defs) if (!consumer || consumer === name) d.lane.wake();
  }

  connected(): boolean {
    return !!this.nc && !this.nc.isClosed() && !this.stopped;
  }

  /**
   * A tenant's figures only (docs/events.md "Consumer figures"): lag = the tenant's matching events
   * not yet relayed to JetStream, its queued replays, its messages this replica is handling, and
   * those that failed on this replica and wait for JetStream's redelivery. JetStream's own
   * num_pending counts every tenant's messages together, so it is not shown to a tenant.
   */
  async consumerStats(tenantId: string): Promise<ConsumerStats[]> {
    await this.flushCounts();
    const base = await embeddedConsumerStats(this.db, tenantId, 'jetstream', this.relay?.name);
    for (const s of base) {
      const entry = this.defs.get(s.name);
      if (!entry) continue;
      const durables = new Set(entry.durables.map((d) => d.durable));
      // a message key is stream:durable:seq
      const ours = (key: string, tenant: string) => tenant === tenantId && durables.has(key.split(':')[1]);
      let failing = 0;
      for (const [key, v] of this.lastErrors) if (ours(key, v.tenantId)) failing++;
      // in hand: a batched consumer holds a round's messages until the round commits (a failed one
      // that is being retried is counted once, above)
      let inHand = 0;
      for (const [key, t] of this.handling) if (ours(key, t) && !this.lastErrors.has(key)) inHand++;
      s.lag += failing + inHand;
      s.redelivering += failing;
    }
    return base;
  }
}
