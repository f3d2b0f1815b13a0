/**
 * Dead-letter queue store (docs/events.md): an exhausted message becomes one entry per
 * (consumer, event); a replay re-queues it for its consumer with attempts reset; a replay that
 * fails again re-opens the same entry. Nothing is deleted: discard marks it with a reason. An entry
 * keeps the event's log position (`event_seq`, to deliver it again) and the tenant's own number of
 * it (`event_tenant_seq`), the one the tenant is shown (docs/events.md "Ids a tenant sees").
 */
import type { Tx } from '../db';
import { DLQ_EVENTS } from '../../contract/events';
import { appendEvent } from './outbox';

export interface DeadLetterInput {
  consumer: string;
  seq: number;
  attempts: number;
  lastError: string;
  firstFailureAt?: Date | string | null;
}

/**
 * Writes (or re-opens) the entry inside a runtime transaction; the payload comes from the log.
 * Returns the event's tenant (null when the event is not in the log).
 */
export async function deadLetter(tx: Tx, d: DeadLetterInput): Promise<string | null> {
  const { rows } = await tx.query<{ id: number; tenant_id: string; subject: string; event_tenant_seq: number | string }>(
    `insert into dlq_entries (tenant_id, consumer, event_seq, event_tenant_seq, stream, subject, payload, last_error, attempts, first_failure_at, last_failure_at)
     select e.tenant_id, $1, e.seq, e.tenant_seq, e.stream, e.subject, e.payload, $3, $4, coalesce($5::timestamptz, now()), now()
       from events e where e.seq = $2
     on conflict (consumer, event_seq) do update
       set status = 'pending', last_error = excluded.last_error, attempts = excluded.attempts,
           last_failure_at = excluded.last_failure_at, discard_reason = null, discarded_by = null,
           discarded_at = null, updated_at = now()
     returning id, tenant_id, subject, event_tenant_seq`,
    [d.consumer, d.seq, d.lastError.slice(0, 4000), d.attempts, d.firstFailureAt ?? null],
  );
  const entry = rows[0];
  // in the same transaction: the DLQ page refreshes live exactly when the entry exists
  if (entry) {
    const eventSeq = Number(entry.event_tenant_seq);
    await appendEvent(tx, entry.tenant_id, DLQ_EVENTS.deadLettered, { id: Number(entry.id), consumer: d.consumer, event_seq: eventSeq, subject: entry.subject }, { causationId: String(eventSeq) });
  }
  return entry?.tenant_id ?? null;
}

export interface ReplayedEntry { id: number; consumer: string; event_seq: number }

/**
 * Re-queues pending entries (tenant transaction: RLS limits them to the caller's tenant) and marks
 * them replayed. The consumer picks them up from consumer_deliveries with attempts reset.
 */
export async function replayEntries(tx: Tx, ids: number[]): Promise<ReplayedEntry[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<ReplayedEntry>(
    `update dlq_entries set status = 'replayed', replayed_at = now(), replay_count = replay_count + 1, updated_at = now()
      where id = any($1::bigint[]) and status = 'pending'
      returning id, consumer, event_seq`,
    [ids],
  );
  if (rows.length === 0) return rows;
  await tx.query(
    `insert into consumer_deliveries (consumer, seq, tenant_id, subject, status, attempts, next_attempt_at, replay_of)
     select d.consumer, d.event_seq, d.tenant_id, d.subject, 'pending', 0, now(), d.id
       from dlq_entries d join event_consumers c on c.name = d.consumer
      where d.id = any($1::bigint[])
     on conflict (consumer, seq) do update
       set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, replay_of = excluded.replay_of`,
    [rows.map((r) => r.id)],
  );
  return rows;
}

export async function discardEntries(tx: Tx, ids: number[], reason: string, by: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ id: number }>(
    `update dlq_entries set status = 'discarded', discard_reason = $2, discarded_by = $3, discarded_at = now(), updated_at = now()
      where id = any($1::bigint[]) and status = 'pending' returning id`,
    [ids, reason, by],
  );
  return rows.map((r) => Number(r.id));
}

/** The tenant's dead letters waiting for a replay or a discard (the dashboard's DLQ depth and notice). */
export async function pendingDeadLetters(tx: Tx, tenantId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number | string }>(`select count(*) as n from dlq_entries where tenant_id = $1 and status = 'pending'`, [tenantId]);
  return Number(rows[0]?.n ?? 0);
}
