/**
 * Business facts written the way the automation writes them, for the ledger and analytics suites:
 * a purchase order and a label for an existing order, inserted with their events in one
 * transaction, so the ledger posts them (server/ledger/poster.ts) and the analytics rollup's
 * consumer recomputes the order's day (server/api/analytics/rollup.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Harness } from './harness';
import { DEMO_TENANT } from './tokens';
import { appendEvents, newEvent } from '../../server/events/outbox';

/** Gives order `orderId` a confirmed purchase order of `poCents` and a live outbound label of `labelCents`. */
export async function costOrder(h: Harness, orderId: string, o: { supplierId: string; poCents: number; labelCents: number; tenantId?: string }): Promise<{ poId: string; labelId: string }> {
  const tenantId = o.tenantId ?? DEMO_TENANT.id;
  return h.db.transaction(async (tx) => {
    const po = (await tx.query<{ id: string; number: string }>(
      `insert into purchase_orders (tenant_id, order_id, supplier_id, attempt, status, total_cents)
       values ($1, $2, $3, coalesce((select max(attempt) + 1 from purchase_orders where tenant_id = $1 and order_id = $2), 1), 'confirmed', $4)
       returning id::text as id, number`,
      [tenantId, orderId, o.supplierId, o.poCents],
    )).rows[0];
    const tracking = `9400${randomBytes(9).toString('hex')}`;
    const label = (await tx.query<{ id: string }>(
      `insert into shipments (tenant_id, order_id, carrier, service, zone, rate_cents, weight_grams, tracking_number, ship_from, ship_to_country, status)
       values ($1, $2, 'usps', 'Ground Advantage', 1, $3, 500, $4, 'Warehouse', 'US', 'in_transit') returning id::text as id`,
      [tenantId, orderId, o.labelCents, tracking],
    )).rows[0];
    await appendEvents(tx, tenantId, [
      newEvent('fulfillment.po_placed', { id: po.id, number: po.number, order_id: orderId, supplier_id: o.supplierId, supplier_name: 'Test supplier', attempt: 1, total_cents: o.poCents }),
      newEvent('labels.bought', { id: label.id, order_id: orderId, direction: 'outbound', carrier: 'usps', service: 'Ground Advantage', rate_cents: o.labelCents, tracking_number: tracking, late: false, promised_by: null }),
    ]);
    return { poId: po.id, labelId: label.id };
  }, { tenantId });
}
