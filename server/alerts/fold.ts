/**
 * Folding alert events into the work queue (docs/alerts.md "Folding"): called by the outbox
 * (`appendEvents`, server/events/outbox.ts) with the events it has just written, inside the
 * transaction that wrote them — as the ledger posts (docs/decisions.md "Alerts fold in the
 * outbox"). An alert exists exactly when its cause commits, and a batch of any size costs one
 * statement per kind of change:
 *
 * - every `alerts.*` event and every dead-letter arrival (`dlq.dead_lettered`) becomes an alert, or
 *   raises the count and last-seen time of the open alert with the same source and key
 *   (contract/alerts.ts `alertTarget`);
 * - a replay or discard of dead letters resolves (by automation) the dead-letter alerts of the
 *   consumers left with nothing pending, and the fulfillment alerts of those letters;
 * - an event that ends an alert's cause (contract/alerts.ts `ALERT_CLOSERS`: a MAP violation no longer
 *   seen, the buy-box share back, a listing's buy box won back) resolves (by automation) the open alert
 *   of its source and key — a listing's MAP alert once none of its violations is left open.
 */
import type { Tx } from '../db';
import { DLQ_EVENTS } from '../../contract/events';
import { ALERT_CLOSERS, alertTarget, AUTO_RESOLVER, DLQ_ALERT_TYPE, type AlertClosing, type AlertSeverity } from '../../contract/alerts';
import type { EventData } from '../../contract/event-catalogue';
import { AUTOMATION_STEPS } from '../../contract/work-items';
import type { WrittenEvent } from '../ledger/poster';

const ALERT_PREFIX = 'alerts.';
const RESOLVING: ReadonlySet<string> = new Set([DLQ_EVENTS.replayed, DLQ_EVENTS.discarded]);

/** Whether any of these subjects changes the queue (a look at each subject). */
export function mayFold(subjects: Iterable<string>): boolean {
  for (const s of subjects) if (s.startsWith(ALERT_PREFIX) || s === DLQ_EVENTS.deadLettered || RESOLVING.has(s) || Object.hasOwn(ALERT_CLOSERS, s)) return true;
  return false;
}

interface Folded {
  type: string;
  severity: AlertSeverity;
  level: 'info' | 'warning' | 'error';
  source: string;
  key: string;
  message: string;
  link: string | null;
  count: number;
  seq: number | null;
}

/** The alert an event raises, or null when it raises none. */
export function alertOf(e: WrittenEvent): Omit<Folded, 'count'> | null {
  if (e.subject.startsWith(ALERT_PREFIX)) {
    const p = JSON.parse(e.json) as Record<string, unknown>;
    const type = typeof p.type === 'string' ? p.type : e.subject.slice(ALERT_PREFIX.length);
    const { key, link } = alertTarget(type, p);
    return {
      type,
      severity: (p.severity as AlertSeverity) ?? 'warning',
      level: (p.level as Folded['level']) ?? 'warning',
      source: String(p.source ?? type),
      key,
      message: String(p.message ?? type),
      link,
      seq: e.tenantSeq,
    };
  }
  if (e.subject === DLQ_EVENTS.deadLettered) {
    const d = JSON.parse(e.json) as EventData<'dlq.dead_lettered'>;
    const { key, link } = alertTarget(DLQ_ALERT_TYPE, d);
    return {
      type: DLQ_ALERT_TYPE,
      severity: 'high',
      level: 'error',
      source: d.consumer,
      key,
      message: `${d.consumer} gave up on a ${d.subject} message after its last attempt: it waits in the dead-letter queue`,
      link,
      seq: e.tenantSeq,
    };
  }
  return null;
}

/** Folds the batch's alerts in `tx`; answers how many alerts were opened or raised. */
export async function foldAlerts(tx: Tx, tenantId: string, events: readonly WrittenEvent[], onResolved?: (ids: string[]) => Promise<unknown>): Promise<number> {
  // repeats within the batch fold here first (one row may be changed once per statement): the
  // newest event's words, severity and number, the count of all of them
  const byKey = new Map<string, Folded>();
  let resolving = false;
  const closings = new Map<string, AlertClosing>();
  for (const e of events) {
    if (RESOLVING.has(e.subject)) resolving = true;
    const close = Object.hasOwn(ALERT_CLOSERS, e.subject) ? ALERT_CLOSERS[e.subject] : undefined;
    if (close) {
      const c = close(JSON.parse(e.json) as Record<string, unknown>);
      closings.set(`${c.source}\u0000${c.key}\u0000${c.prefix ? 'prefix' : ''}`, c);
    }
    const a = alertOf(e);
    if (!a) continue;
    const k = `${a.source}\u0000${a.key}`;
    const was = byKey.get(k);
    byKey.set(k, { ...a, count: (was?.count ?? 0) + 1 });
  }
  let n = 0;
  if (byKey.size > 0) {
    const rows = [...byKey.values()];
    const r = await tx.query(
      `insert into alerts (tenant_id, type, severity, level, source, key, message, link, count, last_event_seq)
       select $1::uuid, x.type, x.severity, x.level, x.source, x.key, x.message, x.link, x.count, x.seq
         from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int4[], $10::int8[])
           as x(type, severity, level, source, key, message, link, count, seq)
       on conflict (tenant_id, source, key) where resolved_at is null do update
         set count = alerts.count + excluded.count, last_seen_at = now(), message = excluded.message,
             severity = excluded.severity, level = excluded.level, last_event_seq = excluded.last_event_seq, updated_at = now()`,
      [
        tenantId, rows.map((a) => a.type), rows.map((a) => a.severity), rows.map((a) => a.level), rows.map((a) => a.source),
        rows.map((a) => a.key), rows.map((a) => a.message), rows.map((a) => a.link), rows.map((a) => a.count), rows.map((a) => a.seq),
      ],
    );
    n = r.rowCount ?? rows.length;
  }
  const resolved = resolving ? await resolveSettledDeadLetters(tx, tenantId) : [];
  // closed after this batch's openings: a violation opened and another closed in one batch leave the alert as the table says
  if (closings.size > 0) resolved.push(...(await resolveClosed(tx, tenantId, [...closings.values()])));
  // the queue's own event, as for a person's resolve: open /work tables and the top bar's count refresh at once
  if (resolved.length > 0 && onResolved) await onResolved(resolved);
  return n;
}

/**
 * The open alerts whose cause the batch ended, resolved by automation in one statement. A MAP alert is
 * per listing and a listing may breach MAP through several sellers: it resolves when none of the
 * listing's violations is left open (the violations were written before their events). A closing by
 * `prefix` ends every open alert of its type and source whose key starts with its key (a listing's
 * buy box won back ends its buy-box-lost alert, whichever seller that one names).
 */
async function resolveClosed(tx: Tx, tenantId: string, closings: AlertClosing[]): Promise<string[]> {
  const listingOf = (c: AlertClosing) => (c.type === 'map_violation' && c.key.startsWith('listing:') ? c.key.slice('listing:'.length) : null);
  const { rows } = await tx.query<{ id: string }>(
    `update alerts a set resolved_at = now(), resolved_by = $2, updated_at = now()
       from unnest($3::text[], $4::text[], $5::text[], $6::uuid[], $7::bool[]) as c(type, source, key, listing, prefix)
      where a.tenant_id = $1 and a.resolved_at is null and a.type = c.type and a.source = c.source
        and (a.key = c.key or (c.prefix and starts_with(a.key, c.key)))
        and (c.listing is null or not exists (
          select 1 from map_violations m where m.tenant_id = $1 and m.listing_id = c.listing and m.state <> 'resolved'))
     returning a.id`,
    [tenantId, AUTO_RESOLVER, closings.map((c) => c.type), closings.map((c) => c.source), closings.map((c) => c.key), closings.map(listingOf), closings.map((c) => c.prefix === true)],
  );
  return rows.map((r) => String(r.id));
}

/**
 * Dead letters handed back or discarded: the dead-letter alerts of consumers with nothing pending any
 * more, and the fulfillment alerts of letters no longer pending, are resolved by automation — those
 * keyed by their order (`order:<id>`) once no dropshipping step has a letter of that order pending.
 */
async function resolveSettledDeadLetters(tx: Tx, tenantId: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `update alerts a set resolved_at = now(), resolved_by = $2, updated_at = now()
      where a.tenant_id = $1 and a.resolved_at is null
        and ((a.type = $3 and not exists (select 1 from dlq_entries d where d.tenant_id = $1 and d.status = 'pending' and 'consumer:' || d.consumer = a.key))
          or (a.type = 'fulfillment_failed' and a.key like 'dlq:%'
              and not exists (select 1 from dlq_entries d where d.tenant_id = $1 and d.status = 'pending' and 'dlq:' || d.id = a.key))
          or (a.type = 'fulfillment_failed' and a.key like 'order:%'
              and not exists (select 1 from dlq_entries d where d.tenant_id = $1 and d.status = 'pending' and d.consumer = any($4::text[])
                                and 'order:' || coalesce(d.payload->>'order_id', case when d.subject = 'orders.created' then d.payload->>'id' end) = a.key)))
     returning a.id`,
    [tenantId, AUTO_RESOLVER, DLQ_ALERT_TYPE, Object.keys(AUTOMATION_STEPS)],
  );
  return rows.map((r) => String(r.id));
}
