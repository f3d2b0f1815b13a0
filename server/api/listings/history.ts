/** A listing's history (the drawer's timeline) and the events of MAP violations opened and resolved. */
import type { Tx } from '../../db';
import { appendEvents, newEvent, type NewEvent } from '../../events/outbox';
import { LISTING_EVENTS } from '../../../contract/listings';
import type { MapCheckResult } from './violations';
import { formatCents } from '../../../contract/money';

export async function listingEvent(tx: Tx, tenantId: string, listingId: string, kind: string, message: string, actor: string | null, details: unknown = null): Promise<void> {
  await tx.query('insert into listing_events (tenant_id, listing_id, kind, message, actor, details) values ($1, $2, $3, $4, $5, $6)', [
    tenantId,
    listingId,
    kind,
    message,
    actor,
    details === null ? null : JSON.stringify(details),
  ]);
}

export interface ListingEventRow { listingId: string; kind: string; message: string; actor: string | null; details: unknown }

/** Many history rows in one statement (the batched push). */
export async function listingEvents(tx: Tx, tenantId: string, rows: ListingEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `insert into listing_events (tenant_id, listing_id, kind, message, actor, details)
     select $1, u.l, u.k, u.m, u.a, u.d::jsonb from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[]) as u(l, k, m, a, d)`,
    [
      tenantId, rows.map((r) => r.listingId), rows.map((r) => r.kind), rows.map((r) => r.message), rows.map((r) => r.actor),
      rows.map((r) => (r.details === null || r.details === undefined ? null : JSON.stringify(r.details))),
    ],
  );
}

/** The events of a MAP check: the violations it opened (with their history rows) and those it resolved. */
export async function emitViolations(tx: Tx, tenantId: string, check: MapCheckResult, ids: { causationId?: string; correlationId?: string } = {}): Promise<void> {
  await appendEvents(tx, tenantId, [...(await openedViolations(tx, tenantId, check.opened)), ...resolvedViolations(check.resolved)], ids);
}

/**
 * The `listings.violation_resolved` event of each violation no longer seen: the listing's MAP alert
 * resolves by automation once none of its violations is open (docs/alerts.md "Automatic resolution").
 */
export function resolvedViolations(resolved: MapCheckResult['resolved'], causationId?: string): NewEvent[] {
  return resolved.map((v) => newEvent(LISTING_EVENTS.violationResolved, v, causationId));
}

/**
 * Each new violation's history row, written now, and its `listings.violation_opened` event, answered
 * for the caller to append with its others once it has taken its rows (docs/marketplaces.md "Sandbox").
 */
export async function openedViolations(tx: Tx, tenantId: string, opened: MapCheckResult['opened'], causationId?: string): Promise<NewEvent[]> {
  const events: NewEvent[] = [];
  for (const v of opened) {
    await violationOpenedHistory(tx, tenantId, v);
    events.push(newEvent(LISTING_EVENTS.violationOpened, v, causationId));
  }
  return events;
}

/** The history line of a MAP violation just opened: who, at what price, under which MAP. */
export async function violationOpenedHistory(tx: Tx, tenantId: string, v: MapCheckResult['opened'][number]): Promise<void> {
  const who = v.source === 'own_listing' ? 'Your listing' : v.seller;
  const text = `${who} at ${formatCents(v.observed_price_cents)}, below MAP ${formatCents(v.map_price_cents)}`;
  await listingEvent(tx, tenantId, v.listing_id, 'violation_opened', text, null, { violation_id: v.id });
}
