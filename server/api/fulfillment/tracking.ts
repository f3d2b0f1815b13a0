/**
 * Tracking back (docs/dropshipping.md "Tracking"): the label's tracking number goes to the marketplace
 * the order came from through its connector, and carrier scans move the purchase order (shipped at
 * the first scan) and the order (delivered). Each step is idempotent.
 */
import type { Tx } from '../../db';
import { appendEvents, eventOf, type EventIds, type NewEvent } from '../../events/outbox';
import { groupBy } from '../../group-by';
import { connectorFor, loadAccounts, type ConnectorEnv } from '../../marketplaces/registry';
import { pushTrackingAll } from '../../marketplaces/connector';
import { FULFILLMENT_EVENTS } from '../../../contract/fulfillment-events';
import { stepsTo, writeAutomatedChanges } from './order-status';
import type { Marketplace, OrderStatus } from '../../../contract/orders';
import type { Carrier } from '../../../contract/fulfillment';
import type { EventPayload, EventSubject } from '../../../contract/event-catalogue';

export type PushOutcome = 'pushed' | 'already' | 'no_marketplace';

/**
 * Pushes the tracking of shipments, each once, with one statement per read and per write and
 * one connector call per marketplace account (the `dropship-tracking` consumer hands over a round of
 * labels: docs/performance.md "Dropshipping"). Throws when a connector fails; a caller with a batch
 * then pushes them one by one, so the failure stays with its shipment.
 */
export async function pushTrackings(tx: Tx, tenantId: string, reqs: readonly { shipmentId: string; ids: EventIds }[], env: ConnectorEnv): Promise<PushOutcome[]> {
  const out = new Array<PushOutcome>(reqs.length).fill('already');
  const rows = new Map((await tx.query<{ id: string; order_id: string; carrier: Carrier; tracking_number: string; tracking_pushed_at: Date | null; status: string; direction: string; marketplace: Marketplace | null; external_order_id: string | null }>(
    `select s.id, s.order_id, s.carrier, s.tracking_number, s.tracking_pushed_at, s.status, s.direction, o.marketplace, o.external_order_id
       from shipments s join orders o on o.tenant_id = s.tenant_id and o.id = s.order_id
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
  const sold = todo.flatMap((t) => {
    const acc = accountOf.get(`${t.s.marketplace} ${t.s.external_order_id}`);
    if (acc && accounts.get(acc)) return [{ ...t, acc }];
    out[t.k] = 'no_marketplace';
    return [];
  });
  const byAccount = groupBy(sold, (t) => t.acc);
  const pushed: { k: number; s: (typeof todo)[number]['s']; acc: string }[] = [];
  for (const [acc, list] of byAccount) {
    await pushTrackingAll(connectorFor(tx, accounts.get(acc)!, env), list.map((t) => ({ orderExternalId: t.s.external_order_id!, carrier: t.s.carrier, trackingNumber: t.s.tracking_number })));
    for (const t of list) pushed.push({ ...t, acc });
  }
  if (pushed.length === 0) return out;
  await tx.query('update shipments set tracking_pushed_at = now(), updated_at = now() where id = any($1::uuid[])', [pushed.map((p) => p.s.id)]);
  pushed.sort((a, b) => a.k - b.k);
  await appendEvents(tx, tenantId, pushed.map((p) => eventOf(FULFILLMENT_EVENTS.trackingPushed, {
    id: p.s.id, order_id: p.s.order_id, marketplace_id: p.acc, marketplace: p.s.marketplace!, carrier: p.s.carrier, tracking_number: p.s.tracking_number,
  }, reqs[p.k].ids)));
  for (const p of pushed) out[p.k] = 'pushed';
  return out;
}

/**
 * Carrier scans' consequences, with one statement per read and per write: a return's parcel on its
 * way back moves the return; an outbound parcel's first scan ships its order's confirmed purchase
 * orders, its delivery delivers the order. The events come in the order of the scans.
 */
export async function applyScans(tx: Tx, tenantId: string, scans: readonly { shipmentId: string; status: string; ids: EventIds }[]): Promise<void> {
  if (scans.length === 0) return;
  const ships = new Map((await tx.query<{ id: string; order_id: string; direction: string; return_id: string | null }>(
    'select id, order_id, direction, return_id from shipments where tenant_id = $1 and id = any($2::uuid[])', [tenantId, [...new Set(scans.map((x) => x.shipmentId))]],
  )).rows.map((r) => [String(r.id), r]));
  const at = new Date().toISOString();
  // the customer's parcel is on its way back
  const returning = [...new Set(scans.flatMap((x) => {
    const s = ships.get(x.shipmentId);
    return s?.direction === 'return' && s.return_id && x.status === 'in_transit' ? [String(s.return_id)] : [];
  }))];
  if (returning.length) {
    await tx.query(`update returns set status = 'in_transit', updated_at = now(), history = history || $2::jsonb where id = any($1::uuid[]) and status = 'approved'`, [
      returning, JSON.stringify([{ at, status: 'in_transit', by: 'carrier' }]),
    ]);
  }
  const outbound = (status: string) => [...new Set(scans.flatMap((x) => {
    const s = ships.get(x.shipmentId);
    return s && s.direction !== 'return' && x.status === status ? [s.order_id] : [];
  }))];
  const inTransit = outbound('in_transit');
  const shippedPos = groupBy(inTransit.length === 0 ? [] : (await tx.query<{ id: string; number: string; order_id: string }>(
    `update purchase_orders set status = 'shipped', updated_at = now(), answers = answers || $3::jsonb
      where tenant_id = $1 and order_id = any($2::text[]) and status = 'confirmed' returning id, number, order_id`,
    [tenantId, inTransit, JSON.stringify([{ at, status: 'shipped', message: 'Handed to the carrier' }])],
  )).rows, (r) => r.order_id);
  const delivered = outbound('delivered');
  // each delivered order's status events, caused by the first scan that delivered it
  const deliveredEvents = new Map<string, NewEvent[]>();
  if (delivered.length) {
    const cur = (await tx.query<{ id: string; status: OrderStatus }>(
      'select id, status from orders where tenant_id = $1 and id = any($2::text[]) order by id for update', [tenantId, delivered],
    )).rows;
    const causeOf = new Map<string, EventIds>();
    for (const x of scans) {
      const s = ships.get(x.shipmentId);
      if (s && s.direction !== 'return' && x.status === 'delivered' && !causeOf.has(s.order_id)) causeOf.set(s.order_id, x.ids);
    }
    const changes = cur.map((o) => ({ orderId: o.id, steps: stepsTo(o.status, 'delivered', 'delivered by the carrier'), ids: causeOf.get(o.id)! }));
    const moved = await writeAutomatedChanges(tx, tenantId, changes);
    changes.forEach((c, i) => deliveredEvents.set(c.orderId, moved[i]));
  }
  // each scan's events, in the order of the scans (an order's purchase orders and delivery once)
  const events: NewEvent[] = [];
  const done = new Set<string>();
  for (const x of scans) {
    const s = ships.get(x.shipmentId);
    if (!s || s.direction === 'return') continue;
    const ev = <S extends EventSubject>(subject: S, payload: EventPayload<S>) => events.push(eventOf(subject, payload, x.ids));
    if (x.status === 'in_transit' && !done.has(`po ${s.order_id}`)) {
      done.add(`po ${s.order_id}`);
      for (const p of shippedPos.get(s.order_id) ?? []) ev(FULFILLMENT_EVENTS.poShipped, { id: p.id, number: p.number, order_id: s.order_id });
    }
    if (x.status === 'delivered' && !done.has(`delivered ${s.order_id}`)) {
      done.add(`delivered ${s.order_id}`);
      events.push(...(deliveredEvents.get(s.order_id) ?? []));
    }
  }
  await appendEvents(tx, tenantId, events);
}
