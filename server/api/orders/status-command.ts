/**
 * A person's change of an order's status (POST /orders/{id}/status, cancel, the bulk cancel of
 * /orders): the row locked, the step checked against what a person may set (contract/orders.ts
 * `personTransitions`: the router's statuses are asked of the router instead, docs/dropshipping.md
 * "Routing by hand"), then the one write of an order's status (./status.ts), its audit row and events.
 */
import type { Tx } from '../../db';
import type { AuditInput } from '../kit';
import type { Emit } from '../../events/outbox';
import { HttpError, notFound } from '../errors';
import { ROUTER_STATUSES, personTransitions, type OrderStatus } from '../../../contract/orders';
import { humanize } from '../../../contract/words';
import { writeStatusChanges } from './status';

/** What a person's status command needs of its request. */
export interface StatusCommandCtx {
  tx: Tx;
  tenantId: string;
  email: string;
  audit(entry: AuditInput): Promise<void>;
  emit: Emit;
}

/** Moves order `id` to `to` by the person; answers the order's id. */
export async function changeStatusByHand(c: StatusCommandCtx, id: string, to: OrderStatus, reason: string | undefined): Promise<string> {
  const order = (await c.tx.query<{ id: string; status: OrderStatus }>('select id, status from orders where tenant_id = $1 and id = upper($2) for update', [c.tenantId, id])).rows[0];
  if (!order) throw notFound('Order');
  if (ROUTER_STATUSES.includes(to) && order.status !== to) {
    throw new HttpError(409, 'route_instead', `${humanize(to)} is set by the router: route the order instead, so it picks the suppliers and places the purchase orders`, {
      from: order.status, to, allowed: personTransitions(order.status),
    });
  }
  if (!personTransitions(order.status).includes(to)) {
    throw new HttpError(409, 'invalid_transition', `An order cannot go from ${order.status} to ${to}`, { from: order.status, to, allowed: personTransitions(order.status) });
  }
  // the one write of an order's status: the transition checked, the row, its history line, its events
  const [events] = await writeStatusChanges(c.tx, c.tenantId, c.email, [{ orderId: order.id, steps: [{ from: order.status, to, reason: reason ?? null }] }]);
  await c.audit({ action: to === 'cancelled' ? 'order.cancel' : 'order.status_change', resource: 'order', resourceId: order.id, before: { status: order.status }, after: { status: to, reason: reason ?? null } });
  for (const e of events) await c.emit(e.subject, e.payload);
  return order.id;
}

/** Cancels order `id` with the person's reason. */
export const cancelOrder = (c: StatusCommandCtx, id: string, reason: string) => changeStatusByHand(c, id, 'cancelled', reason);
