/**
 * Retention (docs/governance.md "Compliance"): how many days a tenant keeps its dev mailbox
 * messages, idempotency keys, resolved alerts, delivered event-log rows and expired exports, and
 * the periodic job that deletes what is older. Each tenant is one short transaction per pass; a
 * pass deletes at most `RETENTION_BATCH` rows of each kind per tenant (the next pass goes on).
 *
 * The event log is read by the consumers and the SSE resume, so a row goes only when every reader
 * has passed it: its `seq` is at or below every consumer's `cursor` (each has examined it) and no
 * consumer still holds it in `consumer_deliveries` (pending or in flight; the two together are the
 * `ack_floor` rule, which the table only moves for consumers that got deliveries), at or below every
 * log reader's position in `event_relay`
 * (the stats roll-up; the JetStream relay), no pending dead letter names it (a replay reads the
 * log), and it is not the tenant's newest event (its number is where the next one counts on from,
 * 0027_events_tenant_seq.sql). The stream and subject figures lose what was deleted.
 */
import type { Db, Tx } from '../../db';
import { startPeriodic } from '../../periodic';
import { runtimeTx } from '../../events/runtime-tx';
import { RETENTION_DEFAULTS, RETENTION_KEYS, type RetentionBody, type RetentionSettings } from '../../../contract/compliance';
import { isoOrNull } from '../wire';

export const RETENTION_BATCH = 10_000;

export async function readRetention(tx: Tx, tenantId: string): Promise<RetentionSettings> {
  const { rows } = await tx.query<Record<string, unknown>>(`select ${RETENTION_KEYS.join(', ')}, updated_at from retention_settings where tenant_id = $1`, [tenantId]);
  const r = rows[0];
  if (!r) return { ...RETENTION_DEFAULTS, updated_at: null };
  return { ...(Object.fromEntries(RETENTION_KEYS.map((k) => [k, Number(r[k])])) as RetentionBody), updated_at: isoOrNull(r.updated_at) };
}

/** Writes the settings (the row locked first: two saves at once apply one after the other); returns the fields that changed. */
export async function writeRetention(tx: Tx, tenantId: string, userId: string | null, next: RetentionBody): Promise<{ before: RetentionBody; changed: string[] }> {
  await tx.query('insert into retention_settings (tenant_id) values ($1) on conflict (tenant_id) do nothing', [tenantId]);
  const { rows } = await tx.query<Record<string, unknown>>(`select ${RETENTION_KEYS.join(', ')} from retention_settings where tenant_id = $1 for update`, [tenantId]);
  const before = Object.fromEntries(RETENTION_KEYS.map((k) => [k, Number(rows[0][k])])) as RetentionBody;
  const changed = RETENTION_KEYS.filter((k) => before[k] !== next[k]);
  if (changed.length) {
    await tx.query(
      `update retention_settings set ${RETENTION_KEYS.map((k, i) => `${k} = $${i + 3}`).join(', ')}, updated_at = now(), updated_by = $2 where tenant_id = $1`,
      [tenantId, userId, ...RETENTION_KEYS.map((k) => next[k])],
    );
  }
  return { before, changed };
}

export interface RetentionResult { mailbox: number; idempotency_keys: number; alerts: number; events: number; exports: number }

const cutoff = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

async function deleted(tx: Tx, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await tx.query<{ n: unknown }>(`with gone as (${sql} returning 1) select count(*) as n from gone`, params);
  return Number(rows[0]?.n ?? 0);
}

/** Event-log rows of the tenant that every reader has passed (the rule above), older than `before`. */
async function deleteEvents(tx: Tx, tenantId: string, before: Date): Promise<number> {
  const { rows } = await tx.query<{ stream: string; subject: string; n: unknown; bytes: unknown }>(
    `with floor as (select least((select min(cursor) from event_consumers), (select min(last_seq) from event_relay)) as seq),
          head as (select max(tenant_seq) as ts from events where tenant_id = $1),
          victims as (
            select e.seq from events e, floor, head
             where e.tenant_id = $1 and e.created_at < $2 and e.seq <= floor.seq and e.tenant_seq < head.ts
               and not exists (select 1 from consumer_deliveries d where d.seq = e.seq)
               and not exists (select 1 from dlq_entries q where q.event_seq = e.seq and q.status = 'pending')
             order by e.seq limit ${RETENTION_BATCH}),
          gone as (delete from events e using victims v where e.seq = v.seq and e.tenant_id = $1
                   returning e.stream, e.subject, octet_length(e.payload::text) as bytes)
     select stream, subject, count(*) as n, sum(bytes) as bytes from gone group by stream, subject`,
    [tenantId, before],
  );
  if (!rows.length) return 0;
  const byStream = new Map<string, { n: number; bytes: number }>();
  for (const r of rows) {
    const s = byStream.get(r.stream) ?? { n: 0, bytes: 0 };
    s.n += Number(r.n);
    s.bytes += Number(r.bytes);
    byStream.set(r.stream, s);
    await tx.query(
      `update event_subject_stats set messages = greatest(0, messages - $3),
              first_seq = coalesce((select min(tenant_seq) from events where tenant_id = $1 and subject = $2), first_seq)
        where tenant_id = $1 and subject = $2`,
      [tenantId, r.subject, Number(r.n)],
    );
  }
  for (const [stream, s] of byStream) {
    await tx.query(
      `update event_stream_stats set messages = greatest(0, messages - $3), bytes = greatest(0, bytes - $4),
              first_seq = coalesce((select min(tenant_seq) from events where tenant_id = $1 and stream = $2), first_seq)
        where tenant_id = $1 and stream = $2`,
      [tenantId, stream, s.n, s.bytes],
    );
  }
  return rows.reduce((a, r) => a + Number(r.n), 0);
}

/** One tenant's pass, in one transaction. */
export async function enforceTenant(db: Db, tenantId: string, now = new Date()): Promise<RetentionResult> {
  return db.transaction(async (tx) => {
    const s = await readRetention(tx, tenantId);
    const hasExports = (await tx.query<{ t: string | null }>(`select to_regclass('public.exports')::text as t`)).rows[0]?.t;
    return {
      // the dev mailbox has no tenant: a message is the tenant's when it went to one of its people
      mailbox: await deleted(tx, `delete from auth.mailbox where id in (select m.id from auth.mailbox m
                                   where m.created_at < $2 and lower(m.to_email) in (select lower(p.email) from profiles p where p.tenant_id = $1)
                                   limit ${RETENTION_BATCH})`, [tenantId, cutoff(now, s.mailbox_days)]),
      idempotency_keys: await deleted(tx, `delete from idempotency_keys where tenant_id = $1 and created_at < $2 and key in (
                                             select key from idempotency_keys where tenant_id = $1 and created_at < $2 limit ${RETENTION_BATCH})`,
        [tenantId, cutoff(now, s.idempotency_days)]),
      alerts: await deleted(tx, `delete from alerts where tenant_id = $1 and id in (
                                   select id from alerts where tenant_id = $1 and resolved_at < $2 limit ${RETENTION_BATCH})`,
        [tenantId, cutoff(now, s.resolved_alerts_days)]),
      events: await deleteEvents(tx, tenantId, cutoff(now, s.event_log_days)),
      exports: hasExports
        ? await deleted(tx, `delete from exports where tenant_id = $1 and id in (
                               select id from exports where tenant_id = $1 and status = 'expired' and coalesce(expires_at, finished_at, created_at) < $2 limit ${RETENTION_BATCH})`,
          [tenantId, cutoff(now, s.expired_exports_days)])
        : 0,
    };
  }, { tenantId });
}

/** Every tenant's pass (the periodic job). */
export async function enforceRetention(db: Db, now = new Date()): Promise<Map<string, RetentionResult>> {
  const tenants = (await runtimeTx(db, (tx) => tx.query<{ id: string }>('select id from tenants order by id'), 'scheduler')).rows;
  const out = new Map<string, RetentionResult>();
  for (const t of tenants) out.set(t.id, await enforceTenant(db, t.id, now));
  return out;
}

/** How often the job runs: `RETENTION_EVERY_MS`, hourly by default, off under Vitest (tests run it by hand). */
export function retentionEveryMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.RETENTION_EVERY_MS;
  if (raw !== undefined && raw !== '') return Math.max(0, Number(raw) || 0);
  return env.VITEST ? 0 : 3_600_000;
}

export function startRetention(db: Db, everyMs: number, onError: (e: unknown) => void): () => Promise<void> {
  return startPeriodic(everyMs, () => enforceRetention(db), onError);
}
