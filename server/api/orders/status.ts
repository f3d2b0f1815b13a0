/**
 * THE write of an order's status (docs/commerce.md "Order statuses"). Every change of an order's
 * status goes through `writeStatusChanges`: a person's (PUT /orders/:id/status, cancel), the
 * dropshipping automation's steps (routed, ordered from the supplier, shipped, delivered:
 * server/api/fulfillment/order-status.ts), a return's refund or replacement (partially returned,
 * returned) and the void of a shipped order's last live label (back to ordered_from_supplier). It
 * checks each step against contract/orders.ts `ORDER_TRANSITIONS` (and, for a change marked
 * `consequence`, `ORDER_CONSEQUENCES`), writes each order's row once (its
 * last status, only if the order still has the status its first step starts from), one
 * `order_status_history` line per step, and answers each step's events: `orders.status_changed`,
 * and `orders.cancelled` after a cancellation. The caller writes those events where its own go (a
 * command's `ctx.emit`, a batched consumer's append with the message's ids), so they keep their
 * place among the caller's other events.
 */
import type { Tx } from '../../db';
import { ORDER_TRANSITIONS, canFollow, canTransition, type OrderStatus } from '../../../contract/orders';
import type { EventPayload } from '../../../contract/event-catalogue';
import { HttpError } from '../errors';

/** One step of an order's status, with the reason written in its history line and event. */
export interface StatusStep {
  from: OrderStatus;
  to: OrderStatus;
  reason: string | null;
}

/** One order's change: its steps in order, the first from the status it has (read under its lock). */
export interface StatusChange {
  orderId: string;
  steps: readonly StatusStep[];
  /** The router's attempt, written with the status (the automation's routing). */
  routeAttempt?: number;
  /** The server's consequence of another record's change: its steps may also be ORDER_CONSEQUENCES (a voided last label). */
  consequence?: boolean;
}

/** An event of a status step, typed by the event catalogue. */
export type StatusEvent =
  | { subject: 'orders.status_changed'; payload: EventPayload<'orders.status_changed'> }
  | { subject: 'orders.cancelled'; payload: EventPayload<'orders.cancelled'> }
  | { subject: 'fulfillment.po_cancelled'; payload: EventPayload<'fulfillment.po_cancelled'> };

/** The answer to a step ORDER_TRANSITIONS does not allow: 409 `invalid_transition`, with the statuses allowed from there. */
export function invalidTransition(from: OrderStatus, to: OrderStatus): HttpError {
  return new HttpError(409, 'invalid_transition', `An order cannot go from ${from} to ${to}`, { from, to, allowed: ORDER_TRANSITIONS[from] });
}

/** A step's events: `orders.status_changed`, and `orders.cancelled` when it cancels the order. */
export function statusEvents(orderId: string, st: StatusStep): StatusEvent[] {
  const changed: StatusEvent = { subject: 'orders.status_changed', payload: { id: orderId, from: st.from, to: st.to, reason: st.reason } };
  if (st.to !== 'cancelled') return [changed];
  return [changed, { subject: 'orders.cancelled', payload: { id: orderId, from: st.from, reason: st.reason ?? undefined } }];
}

/**
 * Writes the status changes of one or more orders with one statement for the orders and one for
 * their history lines, whatever their number (the automation's rounds: docs/performance.md
 * "Dropshipping"), by `actor` (a user's email, or `automation`). Answers each change's events, in
 * step order. Throws 409 `invalid_transition` when a step is not allowed (nothing is written), and
 * 409 `conflict` when an order no longer has the status its first step starts from.
 */
export async function writeStatusChanges(tx: Tx, tenantId: string, actor: string, changes: readonly StatusChange[]): Promise<StatusEvent[][]> {
  for (const c of changes) {
    c.steps.forEach((st, i) => {
      if (i > 0 && st.from !== c.steps[i - 1].to) throw new Error(`Order ${c.orderId}: a step from ${st.from} after a step to ${c.steps[i - 1].to}`);
      if (!(c.consequence ? canFollow(st.from, st.to) : canTransition(st.from, st.to))) throw invalidTransition(st.from, st.to);
    });
  }
  // the router's attempt rides on the same row write (each write of an order rewrites all its indexes)
  const moving = changes.filter((c) => c.steps.length > 0 || c.routeAttempt !== undefined);
  if (moving.length === 0) return changes.map(() => []);
  const last = (c: StatusChange) => c.steps.at(-1);
  const { rows } = await tx.query<{ id: string }>(
    `update orders o set status = coalesce(u.status, o.status), route_attempt = coalesce(u.attempt, o.route_attempt),
            cancel_reason = case when u.status = 'cancelled' then u.cancel else o.cancel_reason end, updated_at = now()
       from unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[]) as u(id, was, status, attempt, cancel)
      where o.tenant_id = $1 and o.id = u.id and (u.was is null or o.status = u.was)
     returning o.id`,
    [
      tenantId,
      moving.map((c) => c.orderId),
      moving.map((c) => c.steps[0]?.from ?? null),
      moving.map((c) => last(c)?.to ?? null),
      moving.map((c) => c.routeAttempt ?? null),
      moving.map((c) => (last(c)?.to === 'cancelled' ? last(c)!.reason : null)),
    ],
  );
  if (rows.length !== moving.length) {
    const written = new Set(rows.map((r) => String(r.id)));
    const missed = moving.filter((c) => !written.has(c.orderId)).map((c) => c.orderId);
    throw new HttpError(409, 'conflict', `The status of ${missed.join(', ')} changed meanwhile; reload and try again`);
  }
  const lines = moving.flatMap((c) => c.steps.map((st) => ({ orderId: c.orderId, ...st })));
  if (lines.length) {
    await tx.query(
      `insert into order_status_history (tenant_id, order_id, from_status, to_status, reason, actor)
       select $1, u.o, u.f, u.t, u.r, $6 from unnest($2::text[], $3::text[], $4::text[], $5::text[]) with ordinality as u(o, f, t, r, n) order by u.n`,
      [tenantId, lines.map((l) => l.orderId), lines.map((l) => l.from), lines.map((l) => l.to), lines.map((l) => l.reason), actor],
    );
  }
  const poEvents = await cancelOpenPurchaseOrders(tx, tenantId, moving.filter((c) => last(c)?.to === 'cancelled').map((c) => c.orderId));
  return changes.map((c) => [...c.steps.flatMap((st) => statusEvents(c.orderId, st)), ...(poEvents.get(c.orderId) ?? [])]);
}

/**
 * An order cancelled with purchase orders still open (placed, or confirmed and not yet shipped):
 * they are cancelled with it, in one statement, and each answers `fulfillment.po_cancelled`, whose
 * ledger entry reverses the supplier's cost (docs/ledger.md "What posts what").
 */
async function cancelOpenPurchaseOrders(tx: Tx, tenantId: string, orderIds: readonly string[]): Promise<Map<string, StatusEvent[]>> {
  const out = new Map<string, StatusEvent[]>();
  if (orderIds.length === 0) return out;
  const { rows } = await tx.query<{ id: string; number: string; order_id: string; supplier_id: string; was: 'placed' | 'confirmed' }>(
    `update purchase_orders p set status = 'cancelled', updated_at = now(), sandbox_due_tick = null,
            answers = p.answers || jsonb_build_array(jsonb_build_object('at', now(), 'status', 'cancelled', 'message', 'Cancelled with its order'))
       from (select id, status from purchase_orders where tenant_id = $1 and order_id = any($2::text[]) and status in ('placed', 'confirmed') for update) w
      where p.tenant_id = $1 and p.id = w.id
     returning p.id::text as id, p.number, p.order_id, p.supplier_id::text as supplier_id, w.status as was`,
    [tenantId, orderIds],
  );
  for (const r of rows.sort((a, b) => a.number.localeCompare(b.number))) {
    const e: StatusEvent = { subject: 'fulfillment.po_cancelled', payload: { id: r.id, number: r.number, order_id: r.order_id, supplier_id: r.supplier_id, from: r.was } };
    out.set(r.order_id, [...(out.get(r.order_id) ?? []), e]);
  }
  return out;
}
