/** An automated order status change: the history row and `orders.status_changed`, like a click would (server/api/orders/routes.ts). */
import type { Tx } from '../../db';
import { appendEvent, type EventIds } from '../../events/outbox';
import { canTransition, type OrderStatus } from '../../../contract/orders';

export const AUTOMATION_ACTOR = 'automation';

/** Moves the order along `path` from its current status, skipping steps it already passed. Returns false when it cannot move. */
export async function advanceOrder(tx: Tx, tenantId: string, orderId: string, to: OrderStatus, reason: string, ids: EventIds): Promise<boolean> {
  const { rows } = await tx.query<{ status: OrderStatus }>('select status from orders where tenant_id = $1 and id = $2 for update', [tenantId, orderId]);
  let cur = rows[0]?.status;
  if (!cur) return false;
  if (cur === to) return true;
  const path: OrderStatus[] = ['pending', 'routed', 'ordered_from_supplier', 'shipped', 'delivered'];
  const target = path.indexOf(to);
  if (path.indexOf(cur) < 0 || path.indexOf(cur) > target) return false;
  while (cur !== to) {
    const next: OrderStatus = path[path.indexOf(cur) + 1];
    if (!canTransition(cur, next)) return false;
    await tx.query('update orders set status = $3, updated_at = now() where tenant_id = $1 and id = $2', [tenantId, orderId, next]);
    await tx.query(
      'insert into order_status_history (tenant_id, order_id, from_status, to_status, reason, actor) values ($1, $2, $3, $4, $5, $6)',
      [tenantId, orderId, cur, next, next === to ? reason : null, AUTOMATION_ACTOR],
    );
    await appendEvent(tx, tenantId, 'orders.status_changed', { id: orderId, from: cur, to: next, reason: next === to ? reason : null }, ids);
    cur = next;
  }
  return true;
}
