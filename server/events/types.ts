/** Shapes shared by the event engines, the SSE hub and the API — issue 6, spec §3 (stream event). */
import type { StreamName } from '../../contract/events';

/** One row of the event log. */
export interface EventRecord {
  seq: number;
  tenantId: string;
  stream: StreamName;
  subject: string;
  data: unknown;
  timestamp: string;
  correlationId: string | null;
  causationId: string | null;
}

/** What a consumer handler receives: the event plus its delivery attempt (1-based). */
export interface EventMessage extends EventRecord {
  consumer: string;
  attempt: number;
}

export interface ConsumerDef {
  name: string;
  /** Subject patterns (`orders.*`, `>`); with JetStream each becomes its own durable consumer. */
  filterSubjects: string[];
  maxDeliver?: number;
  backoffMs?: number[];
  ackWaitMs?: number;
  /** Where a brand-new consumer starts: only events after its creation (default) or the whole log. */
  deliverPolicy?: 'new' | 'all';
  batchSize?: number;
  /** Handlers of one batch run at most this many at a time. */
  concurrency?: number;
  /** Name under which the worker reports its heartbeat (agent_health). */
  agentName?: string;
  /** Resolves = ack; throws = nak (retried with backoff, dead-lettered after maxDeliver). */
  handle(msg: EventMessage): Promise<void>;
}

export interface ConsumerStats {
  name: string;
  filter_subjects: string[];
  max_deliver: number;
  backoff_ms: number[];
  ack_floor: number;
  delivered: number;
  acked: number;
  dead_lettered: number;
  /** Messages of the caller's tenant not yet acked (waiting or being retried). */
  lag: number;
  /** Of those, messages that failed at least once and wait for a retry. */
  redelivering: number;
  engine: 'embedded' | 'jetstream';
}

export interface EventEngine {
  readonly kind: 'embedded' | 'jetstream';
  register(def: ConsumerDef): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** New events exist up to this sequence (from the tail): wake the consumers. */
  notify(lastSeq: number): void;
  /** Replayed DLQ rows were queued: deliver them now. */
  wake(consumer?: string): void;
  connected(): boolean;
  consumerStats(tenantId: string): Promise<ConsumerStats[]>;
}
