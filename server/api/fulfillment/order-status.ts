/** Automated order status changes along the dropshipping path: the status, its history rows and events. */
import type { Tx } from '../../db';
import { eventOf, type EventIds, type NewEvent } from '../../events/outbox';
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

export interface StatusStep { from: OrderStatus; to: OrderStatus; reason: string | null }

/** The steps from `cur` to `to` with `reason` on the last (none when the order cannot get there). */
export function stepsTo(cur: OrderStatus, to: OrderStatus, reason: string): StatusStep[] {
  return (statusSteps(cur, to) ?? []).map((st, i, all) => ({ ...st, reason: i === all.length - 1 ? reason : null }));
}

/**
 * Writes automated status changes for several orders in two statements: each order's final status
 * (and the router's attempt, when given) and one history row per step, by `automation`, like a click would (server/api/orders/routes.ts).
 * The callers write each step's `orders.status_changed` event (`statusChanged`) among their own.
 */
export async function writeStatusSteps(
  tx: Tx,
  tenantId: string,
  moves: readonly { orderId: string; steps: readonly StatusStep[]; routeAttempt?: number }[],
): Promise<void> {
  // the router's attempt rides on the same row write (each write of an order rewrites all its indexes)
  const moving = moves.filter((m) => m.steps.length > 0 || m.routeAttempt !== undefined);
  if (moving.length === 0) return;
  await tx.query(
    `update orders o set status = coalesce(u.status, o.status), route_attempt = coalesce(u.attempt, o.route_attempt), updated_at = now()
       from unnest($2::text[], $3::text[], $4::int[]) as u(id, status, attempt) where o.tenant_id = $1 and o.id = u.id`,
    [tenantId, moving.map((m) => m.orderId), moving.map((m) => m.steps.at(-1)?.to ?? null), moving.map((m) => m.routeAttempt ?? null)],
  );
  const rows = moving.flatMap((m) => m.steps.map((st) => ({ orderId: m.orderId, ...st })));
  await tx.query(
    `insert into order_status_history (tenant_id, order_id, from_status, to_status, reason, actor)
     select $1, u.o, u.f, u.t, u.r, $6 from unnest($2::text[], $3::text[], $4::text[], $5::text[]) with ordinality as u(o, f, t, r, n) order by u.n`,
    [tenantId, rows.map((r) => r.orderId), rows.map((r) => r.from), rows.map((r) => r.to), rows.map((r) => r.reason), AUTOMATION_ACTOR],
  );
}

/** A step's `orders.status_changed` event, caused by the message `ids` names. */
export function statusChanged(orderId: string, st: StatusStep, ids: EventIds): NewEvent {
  return eventOf('orders.status_changed', { id: orderId, from: st.from, to: st.to, reason: st.reason }, ids);
}
