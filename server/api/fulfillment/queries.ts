/** Reads of the dropshipping API: purchase orders, shipments, the order timeline (docs/dropshipping.md "API"). */
import type { Tx } from '../../db';
import {
  carrierService, type Carrier, type PoStatus, type PurchaseOrderListQuery, type PurchaseOrderRow, type RejectReason, type ShipmentListQuery, type ShipmentRow,
  type ShipmentStatus, type TimelineEntry,
} from '../../../contract/fulfillment';
import { MARKETPLACE_LABEL } from '../../../contract/orders';
import { humanize } from '../../../contract/words';
import type { EventSubject } from '../../../contract/event-catalogue';
import { iso, isoOrNull } from '../wire';

export function mapPurchaseOrder(r: Record<string, unknown>): PurchaseOrderRow {
  return {
    id: String(r.id), number: String(r.number), order_id: String(r.order_id), supplier_id: String(r.supplier_id), supplier_name: (r.supplier_name as string) ?? null,
    attempt: Number(r.attempt), status: String(r.status) as PoStatus, total_cents: Number(r.total_cents), reject_reason: (r.reject_reason as RejectReason | null) ?? null,
    supplier_reference: (r.supplier_reference as string) ?? null, answers: (r.answers as PurchaseOrderRow['answers'] | null) ?? [], created_at: iso(r.created_at), updated_at: iso(r.updated_at),
  };
}

export async function listPurchaseOrders(tx: Tx, tenantId: string, q: PurchaseOrderListQuery) {
  const where = ['p.tenant_id = $1'];
  const params: unknown[] = [tenantId];
  const add = (sql: string, v: unknown) => { params.push(v); where.push(sql.replace('?', `$${params.length}`)); };
  if (q.status) add('p.status = ?', q.status);
  if (q.supplier_id) add('p.supplier_id = ?', q.supplier_id);
  if (q.order_id) add('p.order_id = upper(?)', q.order_id);
  params.push(q.limit, q.offset);
  const { rows } = await tx.query<Record<string, unknown>>(
    `select p.*, s.name as supplier_name, count(*) over () as _total from purchase_orders p join suppliers s on s.id = p.supplier_id
      where ${where.join(' and ')} order by p.${q.sort} ${q.order === 'asc' ? 'asc' : 'desc'}, p.id limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { rows: rows.map(mapPurchaseOrder), total: rows.length ? Number(rows[0]._total) : 0 };
}

export async function getPurchaseOrder(tx: Tx, tenantId: string, id: string) {
  const { rows } = await tx.query<Record<string, unknown>>(
    'select p.*, s.name as supplier_name from purchase_orders p join suppliers s on s.id = p.supplier_id where p.tenant_id = $1 and p.id = $2',
    [tenantId, id],
  );
  if (!rows[0]) return null;
  const items = await tx.query<Record<string, unknown>>(
    `select i.order_item_id::text, oi.sku, i.supplier_sku, i.quantity, i.unit_cost_cents from purchase_order_items i join order_items oi on oi.id = i.order_item_id
      where i.purchase_order_id = $1 order by i.id`,
    [id],
  );
  return { ...mapPurchaseOrder(rows[0]), items: items.rows.map((r) => ({ ...r, quantity: Number(r.quantity), unit_cost_cents: Number(r.unit_cost_cents) })) };
}

export function mapShipment(r: Record<string, unknown>): ShipmentRow {
  return {
    id: String(r.id), order_id: String(r.order_id), return_id: (r.return_id as string) ?? null, direction: String(r.direction) as ShipmentRow['direction'], carrier: String(r.carrier) as Carrier,
    service: String(r.service), zone: Number(r.zone), rate_cents: Number(r.rate_cents), weight_grams: Number(r.weight_grams), tracking_number: String(r.tracking_number),
    status: String(r.status) as ShipmentStatus, ship_from: String(r.ship_from), ship_to_country: String(r.ship_to_country), promised_by: (r.promised_by as string) ?? null,
    estimated_delivery: (r.estimated_delivery as string) ?? null, late: Boolean(r.late), events: (r.events as ShipmentRow['events'] | null) ?? [], tracking_pushed_at: isoOrNull(r.tracking_pushed_at),
    bought_at: isoOrNull(r.bought_at), voided_at: isoOrNull(r.voided_at), delivered_at: isoOrNull(r.delivered_at), label_url: `/api/shipments/${String(r.id)}/label.pdf`,
  };
}

const SHIPMENT_COLS = `s.*, to_char(s.promised_by, 'YYYY-MM-DD') as promised_by, to_char(s.estimated_delivery, 'YYYY-MM-DD') as estimated_delivery`;

export async function listShipments(tx: Tx, tenantId: string, q: ShipmentListQuery) {
  const where = ['s.tenant_id = $1'];
  const params: unknown[] = [tenantId];
  const add = (sql: string, v: unknown) => { params.push(v); where.push(sql.replace('?', `$${params.length}`)); };
  if (q.status) add('s.status = ?', q.status);
  if (q.carrier) add('s.carrier = ?', q.carrier);
  if (q.order_id) add('s.order_id = upper(?)', q.order_id);
  if (q.late !== undefined) add('s.late = ?', q.late);
  if (q.search) { params.push(`%${q.search}%`); where.push(`(s.order_id ilike $${params.length} or s.tracking_number ilike $${params.length})`); }
  params.push(q.limit, q.offset);
  // exceptions first: they need someone
  const { rows } = await tx.query<Record<string, unknown>>(
    `select ${SHIPMENT_COLS}, count(*) over () as _total from shipments s where ${where.join(' and ')}
      order by (s.status = 'exception') desc, s.${q.sort} ${q.order === 'asc' ? 'asc' : 'desc'}, s.id limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { rows: rows.map(mapShipment), total: rows.length ? Number(rows[0]._total) : 0 };
}

export async function getShipment(tx: Tx, tenantId: string, id: string) {
  const { rows } = await tx.query<Record<string, unknown>>(`select ${SHIPMENT_COLS} from shipments s where s.tenant_id = $1 and s.id = $2`, [tenantId, id]);
  // the addresses the label prints: SHIP TO, and a return's FROM (the customer's; docs/dropshipping.md "Labels")
  return rows[0] ? { ...mapShipment(rows[0]), ship_to: rows[0].ship_to ?? null, ship_from_address: rows[0].ship_from_address ?? null } : null;
}

/** A status as the console shows it: `ordered_from_supplier` → "Ordered from supplier". */
const words = (v: unknown) => humanize(String(v));
/** A marketplace by the name the console gives it (`ebay` → "eBay"). */
const named = (names: Record<string, string>, v: unknown) => names[String(v)] ?? String(v);

/**
 * What the timeline says of each automated step, from the event's payload, in the console's words.
 * The payloads are read loosely (an event written before a field existed still reads); the cases are
 * subjects of the event catalogue (a case naming another does not compile).
 */
function describe(subject: string, p: Record<string, unknown>): string {
  const reasons = (p.reasons as string[] | undefined) ?? [];
  switch (subject as EventSubject) {
    case 'orders.created': return p.marketplace ? `Order received from ${named(MARKETPLACE_LABEL, p.marketplace)}` : 'Order received from the marketplace';
    case 'orders.status_changed': return `Status ${words(p.from)} → ${words(p.to)}${p.reason ? ` (${String(p.reason)})` : ''}`;
    case 'fulfillment.routed': return `Routed (attempt ${String(p.attempt)}): ${reasons.join('; ')}`;
    case 'fulfillment.held': return `On hold: ${reasons.join('; ')}`;
    case 'fulfillment.released': return `Hold released by ${String(p.by)} (was: ${String(p.reason)})`;
    case 'fulfillment.po_placed': return `Purchase order ${String(p.number)} placed with ${String(p.supplier_name)}`;
    case 'fulfillment.po_confirmed': return `Purchase order ${String(p.number)} confirmed (${String(p.reference)})`;
    case 'fulfillment.po_rejected': return `Purchase order ${String(p.number)} rejected: ${String(p.reason).replaceAll('_', ' ')}`;
    case 'fulfillment.po_shipped': return `Purchase order ${String(p.number)} shipped by the supplier`;
    case 'labels.bought': return `Label bought: ${carrierService(String(p.carrier), String(p.service))} ${String(p.tracking_number)}${p.late ? ' (late)' : ''}`;
    case 'labels.voided': return `Label ${String(p.tracking_number)} voided`;
    case 'labels.tracking': return `Carrier: ${String(p.message ?? p.status)}`;
    case 'fulfillment.tracking_pushed': return `Tracking ${String(p.tracking_number)} pushed to ${named(MARKETPLACE_LABEL, p.marketplace)}`;
    case 'alerts.fulfillment_failed': return String(p.message);
    case 'returns.requested': return `Return ${String(p.number)} requested`;
    case 'returns.status_changed': return `Return ${String(p.number)} ${String(p.to).replaceAll('_', ' ')}`;
    default: return subject;
  }
}

/**
 * A tenant's ($1) events naming an order ($2), oldest first: `order_ref` is the order an event names,
 * its `order_id` or the `id` of an `orders.*` event (migration 0025, indexed). Ordered by the bigint
 * column (e.seq), not by the text it is selected as. An entry's `seq` is the tenant's own number of
 * the event (`tenant_seq`, its id in the events API), never the log's (docs/events.md "Ids a tenant sees").
 */
export const ORDER_TIMELINE_SQL = `select e.tenant_seq::text as seq, e.subject, e.payload, e.created_at, e.correlation_id from events e
  where e.tenant_id = $1 and e.order_ref = $2
  order by e.seq limit 500`;

export async function orderTimeline(tx: Tx, tenantId: string, orderId: string): Promise<(TimelineEntry & { data: Record<string, unknown> })[]> {
  const { rows } = await tx.query<{ seq: string; subject: string; payload: Record<string, unknown>; created_at: Date; correlation_id: string | null }>(
    ORDER_TIMELINE_SQL,
    [tenantId, orderId],
  );
  return rows.map((r) => ({ seq: Number(r.seq), subject: r.subject, at: iso(r.created_at), text: describe(r.subject, r.payload), data: r.payload }));
}
