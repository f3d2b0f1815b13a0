/**
 * Dropshipping API (docs/dropshipping.md "API"): purchase orders and shipments are read by every
 * signed-in role (read:orders); buying and voiding labels needs write:orders; the tenant's
 * automation settings are write:settings; the sandbox suppliers and carriers advance by tick
 * (ops:agents), and with every sandbox marketplace tick. The automation itself runs in the
 * consumers (./consumers.ts).
 */
import { defineModule, type ApiModule } from '../module';
import { list, one, type Ctx } from '../kit';
import { writeStatusChanges, type StatusEvent } from '../orders/status';
import type { OrderStatus } from '../../../contract/orders';
import { HttpError, notFound } from '../errors';
import {
  fulfillmentSettingsUpdate,
  fulfillmentTickBody,
  idParams,
  orderParams,
  purchaseOrderListQuery,
  shipmentCreate,
  shipmentListQuery,
  fulfillmentLive,
} from '../../../contract/fulfillment';
import { canVoid } from '../../domain/dropship/purchase-order';
import { advanceFulfillment } from '../../dropship/sandbox/tick';
import { labelPdf, type LabelData } from '../../dropship/label-pdf';
import { FULFILLMENT_EVENTS, LABEL_EVENTS } from '../../../contract/fulfillment-events';
import { countWaiting } from './intake';
import { ensureSettings, loadSettings } from './settings';
import { getPurchaseOrder, getShipment, listPurchaseOrders, listShipments, orderTimeline } from './queries';
import { dropshipConsumers } from './consumers';
import { queueRoutes } from './queue';
import { orderBulkRoutes } from './order-bulk';
import { buyLabelByHand, commandCtx } from './order-commands';
import { mappingRoutes } from './mappings';
import { summaryRoutes } from './summary';
import { fulfillmentPermissions } from '../../../contract/modules/fulfillment';
import { ordersPermissions } from '../../../contract/modules/orders';
import { z } from 'zod';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { fulfillmentSettings, purchaseOrderRow, shipmentRow, timelineEntry } from '../../../contract/fulfillment';

const publicSettings = (s: Awaited<ReturnType<typeof loadSettings>>) => {
  const { sandbox_carrier_outage: _o, ...rest } = s;
  return rest;
};

/**
 * A shipped order whose last live label was just voided never left (docs/dropshipping.md "Labels"):
 * it goes back to ordered_from_supplier, the status before shipped, awaiting a new label, through
 * the one write of an order's status (its history line; answers its `orders.status_changed` for the
 * caller to emit after the void's event) — only when it shipped on an outbound label and no label
 * of it is live any more; null when it stays. The order's row is locked first, so of two voids of
 * its last two labels at once the second reads the first's (docs/reliability.md "Concurrent
 * duplicates"); a label voided while another stays live leaves it.
 */
async function unship(ctx: Ctx<unknown, unknown, unknown>, orderId: string, reason: string): Promise<StatusEvent[] | null> {
  const t = ctx.auth.tenantId;
  const o = (await ctx.tx.query<{ status: OrderStatus }>('select status from orders where tenant_id = $1 and id = $2 for update', [t, orderId])).rows[0];
  if (o?.status !== 'shipped') return null;
  const { rows: [l] } = await ctx.tx.query<{ live: boolean; outbound: boolean }>(
    `select exists (select 1 from shipments where tenant_id = $1 and order_id = $2 and status <> 'voided') as live,
            exists (select 1 from shipments where tenant_id = $1 and order_id = $2 and direction = 'outbound') as outbound`,
    [t, orderId],
  );
  if (l.live || !l.outbound) return null;
  const [events] = await writeStatusChanges(ctx.tx, t, ctx.auth.email, [{ orderId, steps: [{ from: 'shipped', to: 'ordered_from_supplier', reason }], consequence: true }]);
  return events;
}

const fulfillment: ApiModule = (api) => {
  queueRoutes(api);
  orderBulkRoutes(api);
  summaryRoutes(api);
  mappingRoutes(api);
  api.route({
    method: 'GET',
    url: '/fulfillment/settings',
    access: fulfillmentPermissions.fulfillment.read,
    answer: oneAnswer(fulfillmentSettings),
    async handler({ tx, auth }) {
      return one(publicSettings(await loadSettings(tx, auth.tenantId)));
    },
  });

  api.route({
    method: 'PUT',
    url: '/fulfillment/settings',
    access: 'write:settings',
    body: fulfillmentSettingsUpdate,
    async handler(ctx) {
      const t = ctx.auth.tenantId;
      await ensureSettings(ctx.tx, t);
      // two saves at once (two tabs) are written one after the other: one of them switches automation on
      await ctx.tx.query('select 1 from fulfillment_settings where tenant_id = $1 for update', [t]);
      const before = publicSettings(await loadSettings(ctx.tx, t));
      const sets: string[] = [];
      const params: unknown[] = [t];
      for (const [k, v] of Object.entries(ctx.body)) {
        if (v === undefined) continue;
        params.push(v);
        sets.push(`${k} = $${params.length}`);
      }
      await ctx.tx.query(`update fulfillment_settings set ${sets.join(', ')}, updated_at = now() where tenant_id = $1`, params);
      const after = publicSettings(await loadSettings(ctx.tx, t));
      await ctx.audit({ action: 'fulfillment_settings.update', resource: 'fulfillment_settings', resourceId: t, before, after });
      await ctx.emit('fulfillment.settings_changed', after);
      // switched on: the orders that waited for it are taken in, oldest first (./intake.ts)
      if (!before.automation_enabled && after.automation_enabled) {
        await ctx.emit(FULFILLMENT_EVENTS.intake, { id: t, by: ctx.auth.email, waiting: await countWaiting(ctx.tx, t) });
      }
      return one(after);
    },
  });

  api.route({
    method: 'POST',
    url: '/fulfillment/sandbox/tick',
    access: 'ops:agents',
    body: fulfillmentTickBody,
    async handler(ctx) {
      const r = await advanceFulfillment(ctx.tx, ctx.auth.tenantId, ctx.body.ticks, { correlationId: ctx.req.correlationId });
      await ctx.audit({ action: 'fulfillment.sandbox_tick', resource: 'fulfillment', after: r });
      return one(r);
    },
  });

  api.route({
    method: 'GET',
    url: '/purchase-orders',
    access: fulfillmentPermissions['purchase-orders'].read,
    answer: listAnswer(purchaseOrderRow),
    query: purchaseOrderListQuery,
    async handler({ tx, auth, query }) {
      const r = await listPurchaseOrders(tx, auth.tenantId, query);
      return list(r.rows, r.total, query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/purchase-orders/:id',
    access: fulfillmentPermissions['purchase-orders'].read,
    answer: oneAnswer(purchaseOrderRow),
    params: idParams,
    async handler({ tx, auth, params }) {
      const po = await getPurchaseOrder(tx, auth.tenantId, params.id);
      if (!po) throw notFound('Purchase order');
      return one(po);
    },
  });

  api.route({
    method: 'GET',
    url: '/shipments',
    access: fulfillmentPermissions.shipments.read,
    answer: listAnswer(shipmentRow),
    query: shipmentListQuery,
    async handler({ tx, auth, query }) {
      const r = await listShipments(tx, auth.tenantId, query);
      return list(r.rows, r.total, query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/shipments/:id',
    access: fulfillmentPermissions.shipments.read,
    answer: oneAnswer(shipmentRow),
    params: idParams,
    async handler({ tx, auth, params }) {
      const s = await getShipment(tx, auth.tenantId, params.id);
      if (!s) throw notFound('Shipment');
      return one(s);
    },
  });

  api.route({
    method: 'POST',
    url: '/shipments',
    access: 'write:orders',
    body: shipmentCreate,
    async handler(ctx) {
      const s = await buyLabelByHand(commandCtx(ctx), ctx.body.order_id, { carrier: ctx.body.carrier, service: ctx.body.service, weightGrams: ctx.body.weight_grams });
      ctx.status(201);
      return one(s);
    },
  });

  api.route({
    method: 'POST',
    url: '/shipments/:id/void',
    lock: { table: 'shipments', what: 'Shipment' },
    access: 'write:orders',
    params: idParams,
    async handler(ctx) {
      const t = ctx.auth.tenantId;
      const s = await getShipment(ctx.tx, t, ctx.params.id);
      if (!s) throw notFound('Shipment');
      const ok = canVoid(new Date(s.bought_at!), new Date(), s.status);
      if (!ok.ok) throw new HttpError(409, 'cannot_void', ok.message);
      await ctx.tx.query(
        `update shipments set status = 'voided', voided_at = now(), sandbox_next_tick = null, updated_at = now(), events = events || $2::jsonb where id = $1`,
        [s.id, JSON.stringify([{ at: new Date().toISOString(), status: 'voided', message: `Voided by ${ctx.auth.email}` }])],
      );
      const after = (await getShipment(ctx.tx, t, s.id))!;
      const back = await unship(ctx, s.order_id, `label ${s.tracking_number} voided`);
      // the order's step back, if any, rides on the void's one audit row
      await ctx.audit({
        action: 'shipment.void', resource: 'shipment', resourceId: s.id,
        before: { status: s.status, ...(back ? { order: { id: s.order_id, status: 'shipped' } } : {}) },
        after: { status: 'voided', ...(back ? { order: { id: s.order_id, status: 'ordered_from_supplier' } } : {}) },
      });
      await ctx.emit(LABEL_EVENTS.voided, { id: s.id, order_id: s.order_id, carrier: s.carrier, tracking_number: s.tracking_number, refund_cents: s.rate_cents });
      for (const e of back ?? []) await ctx.emit(e.subject, e.payload);
      return one(after);
    },
  });

  api.route({
    method: 'GET',
    url: '/shipments/:id/label.pdf',
    access: fulfillmentPermissions.shipments.read,
    params: idParams,
    async handler({ tx, auth, params, reply }) {
      const s = await getShipment(tx, auth.tenantId, params.id);
      if (!s) throw notFound('Shipment');
      const data: LabelData = {
        carrier: s.carrier as LabelData['carrier'], service: s.service, trackingNumber: s.tracking_number, orderId: s.order_id,
        direction: s.direction as LabelData['direction'], weightGrams: s.weight_grams, shipFrom: s.ship_from, shipToCountry: s.ship_to_country,
        shipTo: s.ship_to as LabelData['shipTo'], shipFromAddress: s.ship_from_address as LabelData['shipFromAddress'], boughtAt: new Date(s.bought_at!), voided: s.status === 'voided',
      };
      const pdf = await labelPdf(data);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `inline; filename="label-${s.tracking_number}.pdf"`);
      return pdf;
    },
  });

  api.route({
    method: 'GET',
    url: '/orders/:id/timeline',
    access: ordersPermissions.orders.read,
    answer: oneAnswer(z.array(timelineEntry)),
    params: orderParams,
    async handler({ tx, auth, params }) {
      const o = await tx.query<{ id: string }>('select id from orders where tenant_id = $1 and id = upper($2)', [auth.tenantId, params.id]);
      if (!o.rows[0]) throw notFound('Order');
      return one(await orderTimeline(tx, auth.tenantId, o.rows[0].id));
    },
  });
};

export default defineModule({ name: 'fulfillment', routes: fulfillment, consumers: dropshipConsumers, live: fulfillmentLive });
