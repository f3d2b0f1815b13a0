/**
 * What a person does to an order's fulfilment, one order at a time (docs/dropshipping.md "Routing by
 * hand"): route it (the router picks the suppliers and places the purchase orders, under the hold
 * rules), hold it, release its hold, buy its label. The single-order routes and the bulk route of
 * /orders (./order-bulk.ts) both call these, so an order is worked the same way whichever way a
 * person asked. Each locks the order's row first and refuses what its state does not allow with a
 * 409 in the person's words, before it writes anything.
 */
import type { Tx } from '../../db';
import type { AuditInput } from '../kit';
import type { Emit } from '../../events/outbox';
import { HttpError, notFound } from '../errors';
import { HOLDABLE_STATUSES, ROUTABLE_STATUSES, type OrderStatus } from '../../../contract/orders';
import { humanize } from '../../../contract/words';
import { FULFILLMENT_EVENTS } from '../../../contract/fulfillment-events';
import { routeOrders } from './route-order';
import { buyLabel, type LabelRequest } from './buy-label';
import { getShipment } from './queries';
import { CarrierError } from '../../dropship/sandbox/carrier';

/** What a command needs of its request: the transaction, who asked, and where its audit rows and events go. */
export interface OrderCommandCtx {
  tx: Tx;
  tenantId: string;
  email: string;
  correlationId?: string;
  audit(entry: AuditInput): Promise<void>;
  emit: Emit;
}

interface OrderState { id: string; status: OrderStatus; hold_reason: string | null; route_attempt: number }

/** The order's row, locked for the rest of the transaction; 404 when the tenant has no such order. */
export async function lockOrder(tx: Tx, tenantId: string, id: string): Promise<OrderState> {
  const o = (await tx.query<OrderState>(
    'select id, status, hold_reason, route_attempt from orders where tenant_id = $1 and id = upper($2) for update',
    [tenantId, id],
  )).rows[0];
  if (!o) throw notFound('Order');
  return { ...o, route_attempt: Number(o.route_attempt) };
}

const onHold = (o: OrderState) => new HttpError(409, 'on_hold', `This order is on hold (${o.hold_reason}): release the hold first`);

/**
 * Routes the order now, as the automation would (the router, the tenant's hold rules), by the person:
 * answers what happened in words ("2 purchase orders placed" or "Held: …"). A held order asks for its
 * release first; an order past routing is refused.
 */
export async function routeByHand(c: OrderCommandCtx, id: string): Promise<{ id: string; outcome: 'placed' | 'held'; message: string }> {
  const o = await lockOrder(c.tx, c.tenantId, id);
  if (o.hold_reason) throw onHold(o);
  if (!ROUTABLE_STATUSES.includes(o.status)) {
    throw new HttpError(409, 'invalid_state', `Only a pending order can be routed; this one is ${humanize(o.status).toLowerCase()}`);
  }
  const [r] = await routeOrders(c.tx, c.tenantId, [{ orderId: o.id, expectAttempt: o.route_attempt + 1, ids: { correlationId: c.correlationId } }], c.email);
  if (r.kind === 'skipped') throw new HttpError(409, 'invalid_state', `This order was not routed: ${r.why}`);
  if (r.kind === 'held') {
    await c.audit({ action: 'order.route', resource: 'order', resourceId: o.id, before: { status: o.status, hold_reason: null }, after: { status: o.status, hold_reason: r.reasons.join('; ') } });
    return { id: o.id, outcome: 'held', message: `Held: ${r.reasons.join('; ')}` };
  }
  const n = r.purchaseOrders.length;
  await c.audit({ action: 'order.route', resource: 'order', resourceId: o.id, before: { status: o.status }, after: { status: 'ordered_from_supplier', purchase_orders: r.purchaseOrders } });
  return { id: o.id, outcome: 'placed', message: `${n} purchase order${n === 1 ? '' : 's'} placed` };
}

/** Holds the order: the automation leaves it (no routing, no label) until a person releases it. */
export async function holdByHand(c: OrderCommandCtx, id: string, reason: string): Promise<{ id: string; hold_reason: string }> {
  const o = await lockOrder(c.tx, c.tenantId, id);
  if (o.hold_reason) throw new HttpError(409, 'already_held', `This order is already on hold (${o.hold_reason})`);
  if (!HOLDABLE_STATUSES.includes(o.status)) {
    throw new HttpError(409, 'invalid_state', `Only an order not yet shipped can be held; this one is ${humanize(o.status).toLowerCase()}`);
  }
  const held = `${reason.trim()} (held by ${c.email})`;
  await c.tx.query('update orders set hold_reason = $3, held_at = now(), updated_at = now() where tenant_id = $1 and id = $2', [c.tenantId, o.id, held]);
  await c.audit({ action: 'order.hold', resource: 'order', resourceId: o.id, before: { hold_reason: null }, after: { hold_reason: held } });
  await c.emit(FULFILLMENT_EVENTS.held, { id: o.id, order_id: o.id, attempt: o.route_attempt, reasons: [held] });
  return { id: o.id, hold_reason: held };
}

/** Releases the order's hold: the router routes it again past the tenant's hold rules (a person accepted them). */
export async function releaseByHand(c: OrderCommandCtx, id: string): Promise<{ id: string; hold_reason: null; released: string }> {
  const o = await lockOrder(c.tx, c.tenantId, id);
  if (!o.hold_reason) throw new HttpError(409, 'not_held', 'This order is not on hold');
  await c.tx.query('update orders set hold_reason = null, held_at = null, updated_at = now() where tenant_id = $1 and id = $2', [c.tenantId, o.id]);
  await c.audit({ action: 'order.release_hold', resource: 'order', resourceId: o.id, before: { hold_reason: o.hold_reason }, after: { hold_reason: null } });
  await c.emit(FULFILLMENT_EVENTS.released, { id: o.id, order_id: o.id, attempt: o.route_attempt, reason: o.hold_reason, by: c.email });
  return { id: o.id, hold_reason: null, released: o.hold_reason };
}

/** Buys the order's outbound label by hand (rate shopping unless a carrier and service are named); answers the shipment. */
export async function buyLabelByHand(c: OrderCommandCtx, id: string, req: LabelRequest) {
  const o = await lockOrder(c.tx, c.tenantId, id);
  if (!['routed', 'ordered_from_supplier', 'shipped'].includes(o.status)) {
    throw new HttpError(409, 'invalid_state', `A label can be bought for an order routed to a supplier, not one that is ${o.status}`);
  }
  try {
    const r = await buyLabel(c.tx, c.tenantId, o.id, req, { correlationId: c.correlationId }, c.email);
    if (!r.created) throw new HttpError(409, 'label_exists', 'This order already has a live label; void it first');
    const s = (await getShipment(c.tx, c.tenantId, r.id))!;
    await c.audit({ action: 'shipment.buy', resource: 'shipment', resourceId: s.id, after: s });
    return s;
  } catch (e) {
    if (e instanceof CarrierError) throw new HttpError(502, 'carrier_unavailable', e.message);
    throw e;
  }
}

/** A route handler's context as an order command's. */
export const commandCtx = (ctx: { tx: Tx; auth: { tenantId: string; email: string }; req: { correlationId?: string }; audit: OrderCommandCtx['audit']; emit: Emit }): OrderCommandCtx => ({
  tx: ctx.tx, tenantId: ctx.auth.tenantId, email: ctx.auth.email, correlationId: ctx.req.correlationId, audit: (e) => ctx.audit(e), emit: ctx.emit,
});
