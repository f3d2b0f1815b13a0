/** An automated order status change: the history row and `orders.status_changed`, like a click would (server/api/orders/routes.ts). */
import type { Tx } from '../../db';
import { appendEvent, type EventIds } from '../../events/outbox';
import { canTransition, type OrderStatus } from '../../../contract/orders';

export const AUTOMATION_ACTOR = 'automation';

const PATH: OrderStatus[] = ['pending', 'routed', 'ordered_from_supplier', 'shipped', 'delivered'];

/**
 * The steps from `cur` to `to` along the automation's path, skipping none (`[]` when already there),
 * or null when the order cannot get there (it is past `to`, off the path, or a step is refused).
 */
export function statusSteps(cur: OrderStatus, to: OrderStatus): { from: OrderStatus; to: OrderStatus }[] | null {
  if (cur === to) return [];
  const target = PATH.indexOf(to);
  if (PATH.indexOf(cur) < 0 || PATH.indexOf(cur) > target) return null;
  const steps: { from: OrderStatus; to: OrderStatus }[] = [];
  while (cur !== to) {
    const next: OrderStatus = PATH[PATH.indexOf(cur) + 1];
    if (!canTransition(cur, next)) return null;
    steps.push({ from: cur, to: next });
    cur = next;
  }
  return steps;
}

/** Moves the order along the path from its current status, skipping steps it already passed. Returns false when it cannot move. */
export async function advanceOrder(tx: Tx, tenantId: string, orderId: string, to: OrderStatus, reason: string, ids: EventIds): Promise<boolean> {
  const { rows } = await tx.query<{ status: OrderStatus }>('select status from orders where tenant_id = $1 and id = $2 for update', [tenantId, orderId]);
  const cur = rows[0]?.status;
  if (!cur) return false;
  const steps = statusSteps(cur, to);
  if (!steps) return false;
  for (const st of steps) {
    await tx.query('update orders set status = $3, updated_at = now() where tenant_id = $1 and id = $2', [tenantId, orderId, st.to]);
    await tx.query(
      'insert into order_status_history (tenant_id, order_id, from_status, to_status, reason, actor) values ($1, $2, $3, $4, $5, $6)',
      [tenantId, orderId, st.from, st.to, st.to === to ? reason : null, AUTOMATION_ACTOR],
    );
    await appendEvent(tx, tenantId, 'orders.status_changed', { id: orderId, from: st.from, to: st.to, reason: st.to === to ? reason : null }, ids);
  }
  return true;
}
