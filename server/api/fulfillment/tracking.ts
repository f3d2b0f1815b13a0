/**
 * Tracking back (docs/dropshipping.md "Tracking"): the label's tracking number goes to the marketplace
 * the order came from through its connector, and carrier scans move the purchase order (shipped at
 * the first scan) and the order (delivered). Each step is idempotent.
 */
import type { Tx } from '../../db';
import { appendEvent, appendEvents, type EventIds } from '../../events/outbox';
import { connectorFor, loadAccounts, type ConnectorEnv } from '../../marketplaces/registry';
import { pushTrackingAll } from '../../marketplaces/connector';
import { FULFILLMENT_EVENTS } from '../../dropship/events';
import { advanceOrder } from './order-status';

export type PushOutcome = 'pushed' | 'already' | 'no_marketplace';

/**
 * Pushes the tracking of shipments, each once, with one statement per read and per write and
 * one connector call per marketplace account (the `dropship-tracking` consumer hands over a round of
 * labels: docs/performance.md "Dropshipping"). Throws when a connector fails; a caller with a batch
 * then pushes them one by one, so the failure stays with its shipment.
 */
export async function pushTrackings(tx: Tx, tenantId: string, reqs: readonly { shipmentId: string; ids: EventIds }[], env: ConnectorEnv): Promise<PushOutcome[]> {
  const out = new Array<PushOutcome>(reqs.length).fill('already');
  const rows = new Map((await tx.query<{ id: string; order_id: string; carrier: string; tracking_number: string; tracking_pushed_at: Date | null; status: string; direction: string; marketplace: string | null; external_order_id: string | null }>(
    `select s.id, s.order_id, s.carrier, s.tracking_number, s.tracking_pushed_at, s.status, s.direction, o.marketplace, o.external_order_id
       from shipments s join orders o on o.id = s.order_id
      where s.tenant_id = $1 and s.id = any($2::uuid[]) order by s.id for update of s`,
    [tenantId, reqs.map((r) => r.shipmentId)],
  )).rows.map((r) => [String(r.id), r]));
  const todo: { k: number; s: NonNullable<ReturnType<typeof rows.get>> }[] = [];
  const seen = new Set<string>();
  reqs.forEach((req, k) => {
    const s = rows.get(req.shipmentId);
    if (!s || s.tracking_pushed_at || s.status === 'voided' || s.direction !== 'outbound' || seen.has(req.shipmentId)) return;
    seen.add(req.shipmentId);
    if (!s.external_order_id || !s.marketplace) out[k] = 'no_marketplace';
    else todo.push({ k, s });
  });
  if (todo.length === 0) return out;
  // the account that sold each: the sandbox that holds the order, else the tenant's connected account of that kind
  const accountOf = new Map((await tx.query<{ ext: string; kind: string; id: string }>(
    `select distinct on (x.ext, x.kind) x.ext, x.kind, ma.id
       from unnest($2::text[], $3::text[]) as x(ext, kind)
       join marketplace_accounts ma on ma.tenant_id = $1 and ma.kind = x.kind and ma.status <> 'paused'
      order by x.ext, x.kind, exists (select 1 from sandbox_orders so where so.marketplace_id = ma.id and so.external_id = x.ext) desc, ma.created_at`,
    [tenantId, todo.map((t) => t.s.external_order_id), todo.map((t) => t.s.marketplace)],
  )).rows.map((r) => [`${r.kind} ${r.ext}`, String(r.id)]));
  const accounts = await loadAccounts(tx, [...new Set(accountOf.values())]);
  const byAccount = new Map<string, typeof todo>();
  for (const t of todo) {
    const acc = accountOf.get(`${t.s.marketplace} ${t.s.external_order_id}`);
    if (!acc || !accounts.get(acc)) {
      out[t.k] = 'no_marketplace';
      continue;
    }
    byAccount.set(acc, [...(byAccount.get(acc) ?? []), t]);
  }
  const pushed: { k: number; s: (typeof todo)[number]['s']; acc: string }[] = [];
  for (const [acc, list] of byAccount) {
    await pushTrackingAll(connectorFor(tx, accounts.get(acc)!, env), list.map((t) => ({ orderExternalId: t.s.external_order_id!, carrier: t.s.carrier, trackingNumber: t.s.tracking_number })));
    for (const t of list) pushed.push({ ...t, acc });
  }
  if (pushed.length === 0) return out;
  await tx.query('update shipments set tracking_pushed_at = now(), updated_at = now() where id = any($1::uuid[])', [pushed.map((p) => p.s.id)]);
  pushed.sort((a, b) => a.k - b.k);
  await appendEvents(tx, tenantId, pushed.map((p) => ({
    subject: FULFILLMENT_EVENTS.trackingPushed,
    json: JSON.stringify({ id: p.s.id, order_id: p.s.order_id, marketplace_id: p.acc, marketplace: p.s.marketplace, carrier: p.s.carrier, tracking_number: p.s.tracking_number }),
    causationId: reqs[p.k].ids.causationId,
    correlationId: reqs[p.k].ids.correlationId,
  })));
  for (const p of pushed) out[p.k] = 'pushed';
  return out;
}

/** A carrier scan's consequences: the first scan ships the purchase orders, delivery delivers the order. */
export async function applyScan(tx: Tx, tenantId: string, shipmentId: string, status: string, ids: EventIds): Promise<void> {
  const s = (await tx.query<{ order_id: string; direction: string; return_id: string | null }>('select order_id, direction, return_id from shipments where tenant_id = $1 and id = $2', [tenantId, shipmentId])).rows[0];
  if (!s) return;
  if (s.direction === 'return') {
    // the customer's parcel is on its way back
    if (s.return_id && status === 'in_transit') {
      await tx.query(`update returns set status = 'in_transit', updated_at = now(), history = history || $2::jsonb where id = $1 and status = 'approved'`, [
        s.return_id, JSON.stringify([{ at: new Date().toISOString(), status: 'in_transit', by: 'carrier' }]),
      ]);
    }
    return;
  }
  if (status === 'in_transit') {
    const shipped = await tx.query<{ id: string; number: string }>(
      `update purchase_orders set status = 'shipped', updated_at = now(), answers = answers || $3::jsonb
        where tenant_id = $1 and order_id = $2 and status = 'confirmed' returning id, number`,
      [tenantId, s.order_id, JSON.stringify([{ at: new Date().toISOString(), status: 'shipped', message: 'Handed to the carrier' }])],
    );
    for (const p of shipped.rows) await appendEvent(tx, tenantId, FULFILLMENT_EVENTS.poShipped, { id: p.id, number: p.number, order_id: s.order_id }, ids);
  }
  if (status === 'delivered') await advanceOrder(tx, tenantId, s.order_id, 'delivered', 'delivered by the carrier', ids);
}
