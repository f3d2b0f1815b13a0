/**
 * One advance of the tenant's sandbox suppliers and carriers (docs/dropshipping.md "Sandbox"): the
 * purchase orders due get their supplier's answer, the parcels due get their next scan. Runs in
 * the caller's transaction and emits the events the automation consumers react to.
 */
import type { Tx } from '../../db';
import { appendEvents, newEvent, type EventIds, type NewEvent } from '../../events/outbox';
import { REJECT_MESSAGE, supplierAnswers } from './supplier';
import { nextScan, scanDelay } from './carrier';
import { FULFILLMENT_EVENTS, LABEL_EVENTS } from '../../../contract/fulfillment-events';
import type { Carrier } from '../../../contract/fulfillment';

export interface FulfillmentTick { tick: number; answered: number; confirmed: number; rejected: number; scans: number }

const SUBJECT = {
  confirmed: FULFILLMENT_EVENTS.poConfirmed,
  rejected: FULFILLMENT_EVENTS.poRejected,
  tracking: LABEL_EVENTS.tracking,
  ticked: FULFILLMENT_EVENTS.ticked,
} as const;

/** Advances the sandbox suppliers and carriers and writes the events of it. */
export async function advanceFulfillment(tx: Tx, tenantId: string, ticks: number, ids: EventIds): Promise<FulfillmentTick> {
  const { tick, events } = await advanceFulfillmentQuietly(tx, tenantId, ticks);
  await appendEvents(tx, tenantId, events, ids);
  return tick;
}

/**
 * Every tick answers all the purchase orders due and scans all the parcels due with one statement
 * per read and per write, whatever their number (docs/performance.md "Dropshipping"); the events
 * come in the same order as answering them one by one would write them. They are returned, not
 * written: a marketplace tick writes them last, after it took its account's row, so it never holds
 * the event log's ordering lock while it waits for that row (docs/marketplaces.md "Sandbox").
 */
export async function advanceFulfillmentQuietly(tx: Tx, tenantId: string, ticks: number): Promise<{ tick: FulfillmentTick; events: NewEvent[] }> {
  await tx.query('insert into fulfillment_settings (tenant_id) values ($1) on conflict (tenant_id) do nothing', [tenantId]);
  const cur = await tx.query<{ sandbox_tick: number }>('select sandbox_tick from fulfillment_settings where tenant_id = $1 for update', [tenantId]);
  let tick = Number(cur.rows[0].sandbox_tick);
  const out: FulfillmentTick = { tick, answered: 0, confirmed: 0, rejected: 0, scans: 0 };
  const events: NewEvent[] = [];
  for (let k = 0; k < ticks; k++) {
    tick += 1;
    const due = (await tx.query<{ id: string; number: string; order_id: string; supplier_id: string; attempt: number }>(
      `select id, number, order_id, supplier_id, attempt from purchase_orders
        where tenant_id = $1 and status = 'placed' and sandbox_due_tick <= $2 order by created_at, id for update`,
      [tenantId, tick],
    )).rows.map((r) => ({ ...r, id: String(r.id), supplier_id: String(r.supplier_id) }));
    const answers = await supplierAnswers(tx, due);
    const at = new Date().toISOString();
    const answered = due.map((po) => {
      const a = answers.get(po.id)!;
      if (a.ok) {
        events.push(newEvent(SUBJECT.confirmed, { id: po.id, number: po.number, order_id: po.order_id, supplier_id: po.supplier_id, attempt: Number(po.attempt), reference: a.reference }));
        return { id: po.id, status: 'confirmed', reference: a.reference, reason: null, answer: JSON.stringify([{ at, status: 'confirmed', message: `Confirmed as ${a.reference}`, tick }]) };
      }
      events.push(newEvent(SUBJECT.rejected, { id: po.id, number: po.number, order_id: po.order_id, supplier_id: po.supplier_id, attempt: Number(po.attempt), reason: a.reason }));
      return { id: po.id, status: 'rejected', reference: null, reason: a.reason, answer: JSON.stringify([{ at, status: 'rejected', message: REJECT_MESSAGE[a.reason], tick }]) };
    });
    if (answered.length) {
      await tx.query(
        `update purchase_orders p set status = u.status, supplier_reference = coalesce(u.reference, p.supplier_reference), reject_reason = coalesce(u.reason, p.reject_reason),
                sandbox_due_tick = null, updated_at = now(), answers = p.answers || u.answer::jsonb
           from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[]) as u(id, status, reference, reason, answer) where p.id = u.id`,
        [answered.map((a) => a.id), answered.map((a) => a.status), answered.map((a) => a.reference), answered.map((a) => a.reason), answered.map((a) => a.answer)],
      );
    }
    for (const a of answered) {
      if (a.status === 'confirmed') out.confirmed += 1;
      else out.rejected += 1;
      out.answered += 1;
    }
    const parcels = await tx.query<{ id: string; order_id: string; status: string; carrier: Carrier; tracking_number: string; zone: number; estimated_delivery: string | null; bought_at: Date }>(
      `select id, order_id, status, carrier, tracking_number, zone, to_char(estimated_delivery, 'YYYY-MM-DD') as estimated_delivery, bought_at from shipments
        where tenant_id = $1 and status in ('label_created', 'in_transit', 'out_for_delivery', 'exception') and sandbox_next_tick <= $2
        order by created_at, id for update`,
      [tenantId, tick],
    );
    const scanned = parcels.rows.flatMap((p) => {
      const scan = nextScan(p.status);
      if (!scan) return [];
      const transit = p.estimated_delivery ? Math.max(1, Math.round((Date.parse(p.estimated_delivery) - Date.parse(new Date(p.bought_at).toISOString().slice(0, 10))) / 86_400_000)) : 3;
      events.push(newEvent(SUBJECT.tracking, { id: p.id, order_id: p.order_id, status: scan.status, carrier: p.carrier, tracking_number: p.tracking_number, message: scan.message }));
      return [{ id: String(p.id), status: scan.status, event: JSON.stringify([{ at, status: scan.status, message: scan.message, tick }]), next: scan.status === 'delivered' ? null : tick + scanDelay(scan.status, transit) }];
    });
    if (scanned.length) {
      await tx.query(
        `update shipments s set status = u.status, events = s.events || u.event::jsonb, sandbox_next_tick = u.next, updated_at = now(),
                delivered_at = case when u.status = 'delivered' then now() else s.delivered_at end
           from unnest($1::uuid[], $2::text[], $3::text[], $4::int[]) as u(id, status, event, next) where s.id = u.id`,
        [scanned.map((x) => x.id), scanned.map((x) => x.status), scanned.map((x) => x.event), scanned.map((x) => x.next)],
      );
    }
    out.scans += scanned.length;
  }
  await tx.query('update fulfillment_settings set sandbox_tick = $2, updated_at = now() where tenant_id = $1', [tenantId, tick]);
  out.tick = tick;
  events.push(newEvent(SUBJECT.ticked, { ...out, ticks }));
  return { tick: out, events };
}
