/** A listing's history (the drawer's timeline) and the events of new MAP violations. */
import type { Tx } from '../../db';
import { appendEvent } from '../../events/outbox';
import { LISTING_EVENTS } from '../../../contract/listings';
import type { MapCheckResult } from './violations';

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

export async function emitOpened(tx: Tx, tenantId: string, opened: MapCheckResult['opened'], ids: { causationId?: string; correlationId?: string } = {}): Promise<void> {
  for (const v of opened) {
    const who = v.source === 'own_listing' ? 'Your listing' : v.seller;
    await listingEvent(tx, tenantId, v.listing_id, 'violation_opened', `${who} at $${(v.observed_price_cents / 100).toFixed(2)}, below MAP $${(v.map_price_cents / 100).toFixed(2)}`, null, { violation_id: v.id });
    await appendEvent(tx, tenantId, LISTING_EVENTS.violationOpened, v, ids);
  }
}
