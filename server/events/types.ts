/** Shapes shared by the event engines, the SSE hub and the API — docs/events.md, docs/product/data.md (stream event). */
import type { StreamName } from '../../contract/events';
import type { EventData, EventSubject, SubjectsMatching } from '../../contract/event-catalogue';
import type { ConsumerInfo } from '../../contract/streams';
import type { TailListener, TailWindow } from './tail';

/** One row of the event log. */
export interface EventRecord {
  /** The log's order, across tenants: internal (tail, consumers, relay), never shown to a tenant. */
  seq: number;
  /** The tenant's own number of the event (1, 2, 3, … per tenant): every id a tenant sees. */
  tenantSeq: number;
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

/** A message of one subject of the event catalogue: `data` typed by its payload schema (a union over `S`, narrowed by `subject`). */
export type MessageOf<S extends EventSubject> = S extends EventSubject ? Omit<EventMessage, 'subject' | 'data'> & { subject: S; data: EventData<S> } : never;

/**
 * What a consumer whose filters are `P` receives: the messages of the catalogue's subjects they match
 * (`orders.*` gives the union of the orders subjects), or untyped messages when they match none of
 * them (the tests' synthetic `jobs.*`) or are not known until run time.
 */
export type MessageFor<P extends string> = string extends P ? EventMessage : [SubjectsMatching<P>] extends [never] ? EventMessage : MessageOf<SubjectsMatching<P>>;

export interface ConsumerDef {
  name: string;
  /** Subject patterns (`orders.*`, `>`); with JetStream each becomes its own durable consumer. */
  filterSubjects: readonly string[];
  maxDeliver?: number;
  backoffMs?: number[];
  ackWaitMs?: number;
  /** Where a brand-new consumer starts: only events after its creation (default) or the whole log. */
  deliverPolicy?: 'new' | 'all';
  batchSize?: number;
  /** Handlers of one batch run at most this many at a time. */
  concurrency?: number;
  /**
   * The embedded engine's transactions for its deliveries (claims, reads, acks) go before other
   * waiting work on PGlite's one connection (server/db/turns.ts); its handler marks its own.
   */
  urgent?: boolean;
  /** Name under which the worker reports its heartbeat (agent_health). */
  agentName?: string;
  /** Resolves = ack; throws = nak (retried with backoff, dead-lettered after maxDeliver). */
  handle(msg: EventMessage): Promise<void>;
}

/** A consumer as a domain declares it: its handler typed by its filters `P` (`defineConsumer`). */
export interface TypedConsumerDef<P extends string> extends Omit<ConsumerDef, 'filterSubjects' | 'handle'> {
  filterSubjects: readonly P[];
  /** Resolves = ack; throws = nak. `msg.data` is typed by the subjects `P` matches, narrowed by `msg.subject`. */
  handle(msg: MessageFor<P>): Promise<void>;
}

/**
 * Declares a consumer with its handler typed by its filters: `defineConsumer({ filterSubjects:
 * ['orders.created', 'fulfillment.released'], handle(msg) { … } })` hands `msg.data` typed by those
 * subjects' payloads (the event catalogue), narrowed by `msg.subject`. The engines deliver exactly
 * the messages the filters match, which is what makes the typing hold.
 */
export function defineConsumer<const P extends string>(def: TypedConsumerDef<P>): ConsumerDef {
  return def as unknown as ConsumerDef;
}

/** A consumer's figures for one tenant: the wire shape of GET /api/streams/consumers (contract/streams.ts). */
export type ConsumerStats = ConsumerInfo;

/** What the runtime's health row shows of the engine (docs/events.md "Engines"). */
export interface EngineHealth {
  degraded: boolean;
  /** Last sequence handed on to an outside broker (JetStream relay), null when there is none. */
  relayed: number | null;
  relayError: string | null;
}

/**
 * What the runtime knows of an engine: it never asks which one runs (no `instanceof`). An engine
 * that needs the tail's records (the JetStream relay) hands back its listeners.
 */
export interface EventEngine {
  readonly kind: 'embedded' | 'jetstream';
  /** Opens outside connections before consumers register (JetStream); nothing to do when embedded. */
  connect(): Promise<void>;
  /** Tail listeners of the engine, asked after `connect` (the relay publishes the rows the tail read). */
  tailListeners(): TailListener[];
  health(): EngineHealth;
  /** Deliveries of one consumer in the last minutes, where the engine counts them (worker heartbeats). */
  recentDeliveries(consumer: string): { ok: number; failed: number } | null;
  register(def: ConsumerDef): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** New events exist up to this sequence (from the tail), with the subjects `window` names: wake the consumers. */
  notify(lastSeq: number, window?: TailWindow): void;
  /** Replayed DLQ rows were queued: deliver them now. */
  wake(consumer?: string): void;
  connected(): boolean;
  consumerStats(tenantId: string): Promise<ConsumerStats[]>;
}
