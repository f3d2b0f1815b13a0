/**
 * One advance of the tenant's sandbox suppliers and carriers (docs/dropshipping.md "Sandbox"): the
 * purchase orders due get their supplier's answer, the parcels due get their next scan. Runs in
 * the caller's transaction and emits the events the automation consumers react to.
 */
import type { Tx } from '../../db';
import { appendEvent, type EventIds } from '../../events/outbox';
import { REJECT_MESSAGE, supplierAnswer } from './supplier';
import { nextScan, scanDelay } from './carrier';
import { FULFILLMENT_EVENTS, LABEL_EVENTS } from '../events';

export interface FulfillmentTick { tick: number; answered: number; confirmed: number; rejected: number; scans: number }

const SUBJECT = {
  confirmed: FULFILLMENT_EVENTS.poConfirmed,
  rejected: FULFILLMENT_EVENTS.poRejected,
  tracking: LABEL_EVENTS.tracking,
  ticked: FULFILLMENT_EVENTS.ticked,
} as const;

export async function advanceFulfillment(tx: Tx, tenantId: string, ticks: number, ids: EventIds): Promise<FulfillmentTick> {
  await tx.query('insert into fulfillment_settings (tenant_id) values ($1) on conflict (tenant_id) do nothing', [tenantId]);
  const cur = await tx.query<{ sandbox_tick: number }>('select sandbox_tick from fulfillment_settings where tenant_id = $1 for update', [tenantId]);
  let tick = Number(cur.rows[0].sandbox_tick);
  const out: FulfillmentTick = { tick, answered: 0, confirmed: 0, rejected: 0, scans: 0 };
  for (let k = 0; k < ticks; k++) {
    tick += 1;
    const due = await tx.query<{ id: string; number: string; order_id: string; supplier_id: string; attempt: number }>(
      `select id, number, order_id, supplier_id, attempt from purchase_orders
        where tenant_id = $1 and status = 'placed' and sandbox_due_tick <= $2 order by created_at, id for update`,
      [tenantId, tick],
    );
    for (const po of due.rows) {
      const a = await supplierAnswer(tx, po);
      const at = new Date().toISOString();
      if (a.ok) {
        await tx.query(
          `update purchase_orders set status = 'confirmed', supplier_reference = $2, sandbox_due_tick = null, updated_at = now(), answers = answers || $3::jsonb where id = $1`,
          [po.id, a.reference, JSON.stringify([{ at, status: 'confirmed', message: `Confirmed as ${a.reference}`, tick }])],
        );
        await appendEvent(tx, tenantId, SUBJECT.confirmed, { id: po.id, number: po.number, order_id: po.order_id, supplier_id: po.supplier_id, attempt: Number(po.attempt), reference: a.reference }, ids);
        out.confirmed += 1;
      } else {
        await tx.query(
          `update purchase_orders set status = 'rejected', reject_reason = $2, sandbox_due_tick = null, updated_at = now(), answers = answers || $3::jsonb where id = $1`,
          [po.id, a.reason, JSON.stringify([{ at, status: 'rejected', message: REJECT_MESSAGE[a.reason], tick }])],
        );
        await appendEvent(tx, tenantId, SUBJECT.rejected, { id: po.id, number: po.number, order_id: po.order_id, supplier_id: po.supplier_id, attempt: Number(po.attempt), reason: a.reason }, ids);
        out.rejected += 1;
      }
      out.answered += 1;
    }
    const parcels = await tx.query<{ id: string; order_id: string; status: string; carrier: string; tracking_number: string; zone: number; estimated_delivery: string | null; bought_at: Date }>(
      `select id, order_id, status, carrier, tracking_number, zone, to_char(estimated_delivery, 'YYYY-MM-DD') as estimated_delivery, bought_at from shipments
        where tenant_id = $1 and status in ('label_created', 'in_transit', 'out_for_delivery', 'exception') and sandbox_next_tick <= $2
        order by created_at, id for update`,
      [tenantId, tick],
    );
    for (const p of parcels.rows) {
      const scan = nextScan(p.status);
      if (!scan) continue;
      const transit = p.estimated_delivery ? Math.max(1, Math.round((Date.parse(p.estimated_delivery) - Date.parse(new Date(p.bought_at).toISOString().slice(0, 10))) / 86_400_000)) : 3;
      const at = new Date().toISOString();
      await tx.query(
        `update shipments set status = $2, events = events || $3::jsonb, sandbox_next_tick = $4, updated_at = now(),
                delivered_at = case when $2 = 'delivered' then now() else delivered_at end where id = $1`,
        [p.id, scan.status, JSON.stringify([{ at, status: scan.status, message: scan.message, tick }]), scan.status === 'delivered' ? null : tick + scanDelay(scan.status, transit)],
      );
      await appendEvent(tx, tenantId, SUBJECT.tracking, { id: p.id, order_id: p.order_id, status: scan.status, carrier: p.carrier, tracking_number: p.tracking_number, message: scan.message }, ids);
      out.scans += 1;
    }
  }
  await tx.query('update fulfillment_settings set sandbox_tick = $2, updated_at = now() where tenant_id = $1', [tenantId, tick]);
  out.tick = tick;
  await appendEvent(tx, tenantId, SUBJECT.ticked, { ...out, ticks }, ids);
  return out;
}
