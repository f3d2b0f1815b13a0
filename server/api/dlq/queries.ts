/** DLQ list filters (docs/events.md) → SQL, shared by the list and the bulk replay / discard "by filter". */
import { subjectFilterRegex } from '../../events/subjects';
import type { DlqEntry, DlqFilter, DlqStatus } from '../../../contract/dlq';
import { iso, isoOrNull } from '../wire';

export { dlqFilter, type DlqFilter } from '../../../contract/dlq';

export function dlqWhere(tenantId: string, f: DlqFilter): { sql: string; params: unknown[] } {
  const where = ['tenant_id = $1'];
  const params: unknown[] = [tenantId];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replaceAll('?', `$${params.length}`));
  };
  if (f.status !== 'all') add('status = ?', f.status);
  if (f.subject) add('subject ~ ?', subjectFilterRegex(f.subject));
  if (f.consumer) add('consumer = ?', f.consumer);
  if (f.error) add("last_error ilike '%' || ? || '%'", f.error.replace(/[\\%_]/g, (c) => `\\${c}`));
  if (f.min_age_s !== undefined) add("first_failure_at <= now() - (? || ' seconds')::interval", String(f.min_age_s));
  if (f.max_age_s !== undefined) add("first_failure_at >= now() - (? || ' seconds')::interval", String(f.max_age_s));
  return { sql: where.join(' and '), params };
}

/** `event_seq` on the wire is the tenant's number of the event; the log's own seq stays inside (replays). */
export const DLQ_COLUMNS = `id, consumer, event_tenant_seq as event_seq, stream, subject, payload, last_error, attempts, first_failure_at, last_failure_at,
  status, discard_reason, discarded_by, discarded_at, replayed_at, replay_count, created_at, updated_at`;

export interface DlqRow {
  id: number; consumer: string; event_seq: number; stream: string; subject: string; payload: unknown; last_error: string | null;
  attempts: number; first_failure_at: Date | string; last_failure_at: Date | string; status: DlqStatus; discard_reason: string | null;
  discarded_by: string | null; discarded_at: Date | string | null; replayed_at: Date | string | null; replay_count: number;
  created_at: Date | string; updated_at: Date | string;
}

/** One entry as the contract's `dlqEntry` spells it (plus its row's created_at / updated_at). */
export function mapDlq(r: DlqRow): DlqEntry & { created_at: string; updated_at: string } {
  return {
    id: Number(r.id),
    consumer: r.consumer,
    event_seq: Number(r.event_seq),
    stream: r.stream,
    subject: r.subject,
    payload: r.payload,
    last_error: r.last_error,
    attempts: Number(r.attempts),
    first_failure_at: iso(r.first_failure_at),
    last_failure_at: iso(r.last_failure_at),
    age_s: Math.max(0, Math.round((Date.now() - new Date(r.first_failure_at).getTime()) / 1000)),
    status: r.status,
    discard_reason: r.discard_reason,
    discarded_by: r.discarded_by,
    discarded_at: isoOrNull(r.discarded_at),
    replayed_at: isoOrNull(r.replayed_at),
    replay_count: Number(r.replay_count),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}
