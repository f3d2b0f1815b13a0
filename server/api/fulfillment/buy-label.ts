/**
 * Buying a label (docs/dropshipping.md "Labels"): weight from the items, zone from the supplier's
 * ship-from and the ship-to country, rate shopping over the carriers' quotes against the promised
 * date (server/domain/dropship/rates.ts), then one shipment row. One live outbound label per order
 * (a unique index), so a redelivered confirmation buys nothing twice.
 */
import type { Tx } from '../../db';
import { appendEvent, type EventIds } from '../../events/outbox';
import { addDays, shopRates, zoneFor, type Rate } from '../../domain/dropship/rates';
import { quote, scanDelay, trackingNumber } from '../../dropship/sandbox/carrier';
import { DEFAULT_PROMISE_DAYS, type Carrier } from '../../../contract/fulfillment';
import { LABEL_EVENTS } from '../../dropship/events';
import { loadSettings } from './settings';
import { advanceOrder } from './order-status';
import { HttpError } from '../errors';

/** Grams per unit when neither the variant nor the product has a weight. */
const DEFAULT_UNIT_GRAMS = 300;

export interface LabelRequest { carrier?: Carrier; service?: string; weightGrams?: number; direction?: 'outbound' | 'return'; returnId?: string }

export async function buyLabel(tx: Tx, tenantId: string, orderId: string, req: LabelRequest, ids: EventIds): Promise<{ id: string; created: boolean }> {
  const direction = req.direction ?? 'outbound';
  if (direction === 'outbound') {
    const live = await tx.query<{ id: string }>(`select id from shipments where tenant_id = $1 and order_id = $2 and direction = 'outbound' and status <> 'voided'`, [tenantId, orderId]);
    if (live.rows[0]) return { id: live.rows[0].id, created: false };
  }
  const o = (await tx.query<{ ship_to_country: string; ship_to: unknown; promised_by: string | null; created_at: Date; customer_name: string | null }>(
    `select ship_to_country, ship_to, to_char(promised_by, 'YYYY-MM-DD') as promised_by, created_at, customer_name from orders where tenant_id = $1 and id = $2`,
    [tenantId, orderId],
  )).rows[0];
  if (!o) throw new HttpError(404, 'not_found', 'Order not found');
  const from = (await tx.query<{ ship_from: string }>(
    `select coalesce(ps.ship_from, s.country, 'US') as ship_from from order_routes r join suppliers s on s.id = r.supplier_id
       left join order_items oi on oi.id = r.order_item_id
       left join lateral (
         select m.ship_from from product_suppliers m
          where m.supplier_id = r.supplier_id and m.product_id = oi.product_id and (m.variant_id = oi.variant_id or m.variant_id is null)
          order by m.variant_id is null limit 1
       ) ps on true
      where r.tenant_id = $1 and r.order_id = $2 order by r.attempt desc, r.id limit 1`,
    [tenantId, orderId],
  )).rows[0]?.ship_from ?? 'US';
  const settings = await loadSettings(tx, tenantId);
  const weight = req.weightGrams ?? (Number((await tx.query<{ g: string }>(
    `select coalesce(sum(oi.quantity * coalesce(v.weight, p.weight, $3)), 0)::int as g
       from order_items oi left join product_variants v on v.id = oi.variant_id left join products p on p.id = oi.product_id
      where oi.tenant_id = $1 and oi.order_id = $2`,
    [tenantId, orderId, DEFAULT_UNIT_GRAMS],
  )).rows[0].g) || DEFAULT_UNIT_GRAMS);
  // a return travels from the customer back to the tenant's return address
  const [origin, dest] = direction === 'return' ? [o.ship_to_country, settings.return_country] : [from, o.ship_to_country];
  const zone = zoneFor(origin, dest);
  const rates = await quote(tx, tenantId, weight, zone);
  const today = new Date().toISOString().slice(0, 10);
  const promised = direction === 'return' ? null : o.promised_by ?? addDays(new Date(o.created_at).toISOString().slice(0, 10), DEFAULT_PROMISE_DAYS);
  let chosen: { rate: Rate; deliveryDate: string; meetsPromise: boolean } | null;
  if (req.carrier) {
    const r = rates.find((x) => x.carrier === req.carrier && x.service === req.service);
    if (!r) throw new HttpError(400, 'validation_failed', `No ${req.carrier} ${req.service} rate for this parcel`, [{ field: 'service', message: 'Not a service of this carrier for this parcel', code: 'invalid_value' }]);
    const deliveryDate = addDays(today, r.transitDays);
    chosen = { rate: r, deliveryDate, meetsPromise: promised === null || deliveryDate <= promised };
  } else {
    chosen = shopRates(rates, today, promised);
  }
  if (!chosen) throw new HttpError(422, 'no_rate', `No carrier takes a parcel of ${weight} g`);
  const n = (await tx.query<{ n: string }>('select count(*)::int as n from shipments where tenant_id = $1 and order_id = $2', [tenantId, orderId])).rows[0].n;
  const tracking = trackingNumber(chosen.rate.carrier, tenantId, orderId, direction, Number(n));
  const { rows } = await tx.query<{ id: string }>(
    `insert into shipments (tenant_id, order_id, return_id, direction, carrier, service, zone, rate_cents, weight_grams, tracking_number, ship_from, ship_to_country,
                            ship_to, promised_by, estimated_delivery, late, events, sandbox_next_tick)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
     on conflict do nothing returning id`,
    [tenantId, orderId, req.returnId ?? null, direction, chosen.rate.carrier, chosen.rate.service, zone, chosen.rate.rateCents, weight, tracking, origin, dest,
      o.ship_to ?? (o.customer_name ? { name: o.customer_name } : null), promised, chosen.deliveryDate, !chosen.meetsPromise,
      JSON.stringify([{ at: new Date().toISOString(), status: 'label_created', message: 'Label created' }]), settings.sandbox_tick + scanDelay('label_created', chosen.rate.transitDays)],
  );
  if (!rows[0]) throw new HttpError(409, 'label_exists', 'This order already has a live label; void it first');
  await appendEvent(tx, tenantId, LABEL_EVENTS.bought, {
    id: rows[0].id, order_id: orderId, direction, carrier: chosen.rate.carrier, service: chosen.rate.service, rate_cents: chosen.rate.rateCents,
    tracking_number: tracking, late: !chosen.meetsPromise, promised_by: promised,
  }, ids);
  if (direction === 'outbound') await advanceOrder(tx, tenantId, orderId, 'shipped', `label ${chosen.rate.carrier} ${chosen.rate.service} ${tracking}`, ids);
  return { id: rows[0].id, created: true };
}
