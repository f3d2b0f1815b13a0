/**
 * The outbox writer: events are rows of the `events` table written in the command's own
 * transaction, so an event exists exactly when its write committed (docs/events.md "Outbox").
 * The route kit and the import worker collect a command's events in a `CommandOutbox` and write
 * them in one statement when the command's work is done; the event runtime (tail, engines, SSE hub)
 * reads them back from the table.
 *
 * Subjects and payloads are typed by the event catalogue (contract/event-catalogue.ts): an unknown
 * subject or a payload of the wrong shape does not compile. Outside production the payload is also
 * checked against its schema when it is serialized (`CHECK_PAYLOADS`), so what the tests emit proves
 * the catalogue describes it; production serializes without parsing (docs/events.md "Event catalogue").
 */
import { EVENT_CATALOGUE, isEventSubject, type EventPayload, type EventSubject } from '../../contract/event-catalogue';
import { streamOf } from './live-table';
import type { Tx } from '../db';
import { mayPost, postLedger } from '../ledger/poster';
import { foldAlerts, mayFold } from '../alerts/fold';
import { AUTO_RESOLVER } from '../../contract/alerts';

/** An event ready for the outbox: payload serialized when emitted (later changes do not leak in). */
export interface NewEvent {
  subject: string;
  json: string;
  /** The event that caused this one, and the request or job it belongs to, where they differ within one append (a batched consumer). */
  causationId?: string;
  correlationId?: string;
}

/** Queues (or writes) one event of the catalogue: `ctx.emit`, the import worker's and a sliced command's emit. */
export type Emit = <S extends EventSubject>(subject: S, payload: EventPayload<S>) => Promise<void>;

/**
 * Whether payloads are checked against the catalogue when serialized: under the test runner, in
 * development (`npm run dev` sets EVENTS_CHECK_PAYLOADS=1) or when EVENTS_CHECK_PAYLOADS=1; never with
 * NODE_ENV=production or EVENTS_CHECK_PAYLOADS=0 (the dropshipping flow writes ~14 events per order).
 */
export function checksPayloads(env: NodeJS.ProcessEnv): boolean {
  if (env.NODE_ENV === 'production' || env.EVENTS_CHECK_PAYLOADS === '0') return false;
  return env.EVENTS_CHECK_PAYLOADS === '1' || !!env.VITEST || env.NODE_ENV === 'test' || env.NODE_ENV === 'development';
}

export const CHECK_PAYLOADS = checksPayloads(process.env);

/** A payload that its subject's schema refuses (outside production only). */
export class EventPayloadError extends Error {}

/**
 * The payload as the log stores it. Checked, when checking, as a consumer will read it back (the
 * JSON text parsed again: fields left undefined are gone, dates are strings).
 */
function serialize(subject: string, payload: unknown): string {
  const json = JSON.stringify(payload ?? {});
  if (CHECK_PAYLOADS) {
    if (!isEventSubject(subject)) throw new EventPayloadError(`Event subject ${subject} is not in the event catalogue (contract/event-catalogue.ts)`);
    const r = EVENT_CATALOGUE[subject].payload.safeParse(JSON.parse(json));
    if (!r.success) {
      const issues = r.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; ');
      throw new EventPayloadError(`Event ${subject}: the payload does not match its schema in the event catalogue: ${issues}`);
    }
  }
  return json;
}

export function newEvent<S extends EventSubject>(subject: S, payload: EventPayload<S>, causationId?: string): NewEvent {
  return { subject, json: serialize(subject, payload), causationId };
}

/**
 * An event of a subject outside the catalogue, never checked: the tests' and benchmarks' synthetic
 * subjects (`jobs.*`) and payloads. The server's code does not use it.
 */
export function untypedEvent(subject: string, payload: unknown, causationId?: string): NewEvent {
  return { subject, json: JSON.stringify(payload ?? {}), causationId };
}

/** Correlation of the request (or job) that wrote the events, and the event that caused them. */
export interface EventIds {
  correlationId?: string;
  causationId?: string;
}

/** An event of a batch whose events have causes of their own: each keeps its message's ids. */
export function eventOf<S extends EventSubject>(subject: S, payload: EventPayload<S>, ids: EventIds): NewEvent {
  return { subject, json: serialize(subject, payload), causationId: ids.causationId, correlationId: ids.correlationId };
}

/** Appends one event. Returns its sequence (the log's; the tenant sees `tenant_seq`, 0027_events_tenant_seq.sql). */
export async function appendEvent<S extends EventSubject>(tx: Tx, tenantId: string, subject: S, payload: EventPayload<S>, ids: EventIds = {}): Promise<number> {
  const [seq] = await appendEvents(tx, tenantId, [{ subject, json: serialize(subject, payload) }], ids);
  return seq;
}

/**
 * Appends a tenant's events in ONE statement: the ordering lock is taken once (statement trigger,
 * 0007_events_perf.sql) and the rows get ascending sequences in array order. Returns them in order.
 * Each row also gets the tenant's next numbers (`tenant_seq`, the ids a tenant sees): the tenant's
 * newest number is read once per statement, under the ordering lock (`events_tenant_head`,
 * 0027_events_tenant_seq.sql), and the rows count on from it in array order.
 *
 * Every business event passes here inside its business transaction, so this is where the ledger
 * posts: the money-carrying events of the batch become journal entries in the same transaction
 * (`postLedger`, docs/ledger.md "Posting"), and where alerts fold into the work queue (`foldAlerts`,
 * docs/alerts.md "Folding"); a batch without either costs a look at its subjects.
 */
export async function appendEvents(tx: Tx, tenantId: string, events: NewEvent[], ids: EventIds = {}): Promise<number[]> {
  if (events.length === 0) return [];
  const { rows } = await tx.query<{ seq: number | string; tenant_seq: number | string }>(
    `with h as materialized (select events_tenant_head($1::uuid) as head)
     insert into events (tenant_id, tenant_seq, stream, subject, payload, correlation_id, causation_id)
     select $1::uuid, h.head + e.n, e.stream, e.subject, e.payload::jsonb, coalesce(e.correlation, $5::text), coalesce(e.causation, $6::text)
       from h, unnest($2::text[], $3::text[], $4::text[], $7::text[], $8::text[]) with ordinality as e(stream, subject, payload, causation, correlation, n)
      order by e.n
     returning seq, tenant_seq`,
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
  const written = rows.map((r) => ({ seq: Number(r.seq), tenantSeq: Number(r.tenant_seq) })).sort((a, b) => a.seq - b.seq);
  const subjects = events.map((e) => e.subject);
  const posting = mayPost(subjects);
  const folding = mayFold(subjects);
  if (posting || folding) {
    const batch = events.map((e, i) => ({ subject: e.subject, json: e.json, tenantSeq: written[i]?.tenantSeq ?? null }));
    if (posting) await postLedger(tx, tenantId, batch);
    if (folding) await foldAlerts(tx, tenantId, batch, (resolved) => appendEvents(tx, tenantId, [newEvent('alert_queue.changed', { action: 'resolve', ids: resolved, by: AUTO_RESOLVER })], ids));
  }
  return written.map((w) => w.seq);
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
  add<S extends EventSubject>(subject: S, payload: EventPayload<S>): void {
    this.events.push(newEvent(subject, payload));
  }

  /** The emit of a command writing through this outbox (`ctx.emit`, the import worker's). */
  readonly emit: Emit = async (subject, payload) => this.add(subject, payload);

  /** Drops the held events: the command changed nothing, so it announces nothing. */
  clear(): void {
    this.events.length = 0;
  }

  /** Writes the held events in `tx` (the command's transaction) and empties the outbox. */
  flush(tx: Tx): Promise<number[]> {
    return appendEvents(tx, this.tenantId, this.events.splice(0), this.ids);
  }
}
