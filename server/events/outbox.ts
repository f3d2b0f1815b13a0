/**
 * The outbox writer: events are rows of the `events` table written in the command's own
 * transaction, so an event exists exactly when its write committed (docs/events.md "Outbox").
 * The route kit and the import worker collect a command's events in a `CommandOutbox` and write
 * them in one statement when the command's work is done; the event runtime (tail, engines, SSE hub)
 * reads them back from the table.
 */
import { streamOf } from './live-table';
import type { Tx } from '../db';

/** An event ready for the outbox: payload serialized when emitted (later changes do not leak in). */
export interface NewEvent {
  subject: string;
  json: string;
  /** The event that caused this one, and the request or job it belongs to, where they differ within one append (a batched consumer). */
  causationId?: string;
  correlationId?: string;
}

export function newEvent(subject: string, payload: unknown, causationId?: string): NewEvent {
  return { subject, json: JSON.stringify(payload ?? {}), causationId };
}

/** Correlation of the request (or job) that wrote the events, and the event that caused them. */
export interface EventIds {
  correlationId?: string;
  causationId?: string;
}

/** An event of a batch whose events have causes of their own: each keeps its message's ids. */
export function eventOf(subject: string, payload: unknown, ids: EventIds): NewEvent {
  return { subject, json: JSON.stringify(payload ?? {}), causationId: ids.causationId, correlationId: ids.correlationId };
}

/** Appends one event. Returns its sequence (the log's; the tenant sees `tenant_seq`, 0027_events_tenant_seq.sql). */
export async function appendEvent(tx: Tx, tenantId: string, subject: string, payload: unknown, ids: EventIds = {}): Promise<number> {
  const [seq] = await appendEvents(tx, tenantId, [{ subject, json: JSON.stringify(payload ?? {}) }], ids);
  return seq;
}

/**
 * Appends a tenant's events in ONE statement: the ordering lock is taken once (statement trigger,
 * 0007_events_perf.sql) and the rows get ascending sequences in array order. Returns them in order.
 * Each row also gets the tenant's next numbers (`tenant_seq`, the ids a tenant sees): the tenant's
 * newest number is read once per statement, under the ordering lock (`events_tenant_head`,
 * 0027_events_tenant_seq.sql), and the rows count on from it in array order.
 */
export async function appendEvents(tx: Tx, tenantId: string, events: NewEvent[], ids: EventIds = {}): Promise<number[]> {
  if (events.length === 0) return [];
  const { rows } = await tx.query<{ seq: number }>(
    `with h as materialized (select events_tenant_head($1::uuid) as head)
     insert into events (tenant_id, tenant_seq, stream, subject, payload, correlation_id, causation_id)
     select $1::uuid, h.head + e.n, e.stream, e.subject, e.payload::jsonb, coalesce(e.correlation, $5::text), coalesce(e.causation, $6::text)
       from h, unnest($2::text[], $3::text[], $4::text[], $7::text[], $8::text[]) with ordinality as e(stream, subject, payload, causation, correlation, n)
      order by e.n
     returning seq`,
    [
      tenantId,
      events.map((e) => streamOf(e.subject)),
      events.map((e) => e.subject),
      events.map((e) => e.json),
      ids.correlationId ?? null,
      ids.causationId ?? null,
      events.map((e) => e.causationId ?? null),
      events.map((e) => e.correlationId ?? null),
    ],
  );
  // rows were inserted (and numbered) in array order; RETURNING order is not promised
  return rows.map((r) => Number(r.seq)).sort((a, b) => a - b);
}

/**
 * A command's events, held until its work is done and then written in one INSERT: the ordering
 * lock (0007_events_perf.sql) is held only from there to commit, not from the first emit. A command
 * that fails never flushes, so it writes no event.
 */
export class CommandOutbox {
  private readonly events: NewEvent[] = [];

  constructor(private readonly tenantId: string, private readonly ids: EventIds = {}) {}

  /** Serializes the payload now, so later changes to the object do not leak into the event. */
  add(subject: string, payload: unknown): void {
    this.events.push(newEvent(subject, payload));
  }

  /** Drops the held events: the command changed nothing, so it announces nothing. */
  clear(): void {
    this.events.length = 0;
  }

  /** Writes the held events in `tx` (the command's transaction) and empties the outbox. */
  flush(tx: Tx): Promise<number[]> {
    return appendEvents(tx, this.tenantId, this.events.splice(0), this.ids);
  }
}
