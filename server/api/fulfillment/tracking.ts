/**
 * Tracking back (docs/dropshipping.md "Tracking"): the label's tracking number goes to the marketplace
 * the order came from through its connector, and carrier scans move the purchase order (shipped at
 * the first scan) and the order (delivered). Each step is idempotent.
 */
import type { Tx } from '../../db';
import { appendEvent, type EventIds } from '../../events/outbox';
import { connectorFor, loadAccount, type ConnectorEnv } from '../../marketplaces/registry';
import { FULFILLMENT_EVENTS } from '../../dropship/events';
import { advanceOrder } from './order-status';

/** Pushes the shipment's tracking once. Throws (a retried delivery) when the connector fails. */
export async function pushTracking(tx: Tx, tenantId: string, shipmentId: string, env: ConnectorEnv, ids: EventIds): Promise<'pushed' | 'already' | 'no_marketplace'> {
  const s = (await tx.query<{ order_id: string; carrier: string; tracking_number: string; tracking_pushed_at: Date | null; status: string; direction: string }>(
    'select order_id, carrier, tracking_number, tracking_pushed_at, status, direction from shipments where tenant_id = $1 and id = $2 for update',
    [tenantId, shipmentId],
  )).rows[0];
  if (!s || s.tracking_pushed_at || s.status === 'voided' || s.direction !== 'outbound') return 'already';
  const o = (await tx.query<{ marketplace: string; external_order_id: string | null }>('select marketplace, external_order_id from orders where id = $1', [s.order_id])).rows[0];
  if (!o?.external_order_id) return 'no_marketplace';
  // the account that sold it: the sandbox that holds the order, else the tenant's connected account of that kind
  const acc = (await tx.query<{ id: string }>(
    `select ma.id from marketplace_accounts ma
      where ma.tenant_id = $1 and ma.kind = $2 and ma.status <> 'paused'
      order by exists (select 1 from sandbox_orders so where so.marketplace_id = ma.id and so.external_id = $3) desc, ma.created_at
      limit 1`,
    [tenantId, o.marketplace, o.external_order_id],
  )).rows[0];
  if (!acc) return 'no_marketplace';
  const account = await loadAccount(tx, acc.id);
  if (!account) return 'no_marketplace';
  await connectorFor(tx, account, env).pushTracking(o.external_order_id, { carrier: s.carrier, trackingNumber: s.tracking_number });
  await tx.query('update shipments set tracking_pushed_at = now(), updated_at = now() where id = $1', [shipmentId]);
  await appendEvent(tx, tenantId, FULFILLMENT_EVENTS.trackingPushed, {
    id: shipmentId, order_id: s.order_id, marketplace_id: acc.id, marketplace: o.marketplace, carrier: s.carrier, tracking_number: s.tracking_number,
  }, ids);
  return 'pushed';
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
