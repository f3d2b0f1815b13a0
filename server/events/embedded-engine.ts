/** The embedded event engine (no NATS_URL): every consumer is a ConsumerLoop on PostgreSQL tables. */
import type { Db } from '../db';
import type { EventsConfig } from './config';
import { ConsumerLoop, type ResolvedConsumer } from './consumer-loop';
import { embeddedConsumerStats } from './consumer-stats';
import type { TailListener, TailWindow } from './tail';
import type { ConsumerDef, ConsumerStats, EngineHealth, EventEngine } from './types';

export function resolveConsumer(def: ConsumerDef, cfg: EventsConfig): ResolvedConsumer {
  return {
    deliverPolicy: 'new',
    batchSize: 200,
    concurrency: 16,
    maxDeliver: cfg.maxDeliver,
    backoffMs: cfg.backoffMs,
    ackWaitMs: cfg.ackWaitMs,
    urgent: false,
    ...def,
  };
}

export class EmbeddedEngine implements EventEngine {
  readonly kind = 'embedded' as const;
  private readonly loops = new Map<string, ConsumerLoop>();
  private started = false;

  constructor(private readonly db: Db, private readonly cfg: EventsConfig, private readonly onError: (e: unknown) => void) {}

  /** Nothing to open: the consumers read the event log in the same database. */
  async connect(): Promise<void> {}

  tailListeners(): TailListener[] {
    return [];
  }

  health(): EngineHealth {
    return { degraded: !this.started, relayed: null, relayError: null };
  }

  recentDeliveries(consumer: string): { ok: number; failed: number } | null {
    return this.loops.get(consumer)?.recent ?? null;
  }

  async register(def: ConsumerDef): Promise<void> {
    const loop = new ConsumerLoop(this.db, resolveConsumer(def, this.cfg), {
      fetchFromLog: true,
      releaseInflightOnStart: this.db.engine === 'pglite',
      onError: this.onError,
    });
    await loop.register();
    this.loops.set(def.name, loop);
    if (this.started) loop.start();
  }

  async start(): Promise<void> {
    this.started = true;
    for (const l of this.loops.values()) l.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.loops.values()].map((l) => l.stop()));
  }

  notify(lastSeq: number, window?: TailWindow): void {
    for (const l of this.loops.values()) l.notify(lastSeq, window);
  }

  wake(consumer?: string): void {
    for (const [name, l] of this.loops) if (!consumer || consumer === name) l.wake();
  }

  connected(): boolean {
    return this.started;
  }

  consumerStats(tenantId: string): Promise<ConsumerStats[]> {
    return embeddedConsumerStats(this.db, tenantId, 'embedded');
  }
}
