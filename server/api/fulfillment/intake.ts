/**
 * Taking in the orders that waited for the automation (docs/dropshipping.md "Switching automation
 * on"): while automation is off, marketplace orders stay pending for a person; switching it on emits
 * `fulfillment.intake`, and the `dropship-intake` consumer routes every waiting order — pending (or
 * marked routed by an older import) and never routed, not on hold — oldest first, in rounds of
 * `INTAKE_ROUND` in their own transactions, through the same router and hold rules as a new order.
 * Idempotent: a round routes attempt 1 of orders still at attempt 0, so a redelivery or a crash
 * halfway resumes where it stopped, and switching automation off stops it at the next round.
 */
import type { Tx } from '../../db';
import type { ConsumerContext } from '../../events/consumers';
import { defineConsumer, type ConsumerDef } from '../../events/types';
import { FULFILLMENT_EVENTS } from '../../../contract/fulfillment-events';
import { routeOrders } from './route-order';
import { loadSettings } from './settings';

export const INTAKE_CONSUMER = 'dropship-intake';
/** Orders routed per transaction: a round's reads and writes are one statement each (./route-order.ts). */
export const INTAKE_ROUND = 500;

/** The orders `o` that wait for the automation. */
export const WAITING = `o.status in ('pending', 'routed') and o.route_attempt = 0 and o.hold_reason is null`;

export async function countWaiting(tx: Tx, tenantId: string): Promise<number> {
  return Number((await tx.query<{ n: number }>(`select count(*)::int as n from orders o where o.tenant_id = $1 and ${WAITING}`, [tenantId])).rows[0].n);
}

/** One round: the next waiting orders after `after` (created_at, id), routed; answers the last one taken, or null when none is left. */
async function intakeRound(tx: Tx, tenantId: string, after: { at: string; id: string } | null, ids: { correlationId?: string; causationId?: string }) {
  if (!(await loadSettings(tx, tenantId)).automation_enabled) return null;
  const { rows } = await tx.query<{ id: string; at: string }>(
    `select o.id, o.created_at::text as at from orders o
      where o.tenant_id = $1 and ${WAITING} and ($2::timestamptz is null or (o.created_at, o.id) > ($2::timestamptz, $3::text))
      order by o.created_at, o.id limit $4`,
    [tenantId, after?.at ?? null, after?.id ?? '', INTAKE_ROUND],
  );
  if (rows.length === 0) return null;
  await routeOrders(tx, tenantId, rows.map((r) => ({ orderId: r.id, expectAttempt: 1, ids })));
  const last = rows[rows.length - 1];
  return { at: last.at, id: last.id };
}

export function dropshipIntakeConsumer(ctx: ConsumerContext): ConsumerDef {
  return defineConsumer({
    name: INTAKE_CONSUMER,
    filterSubjects: [FULFILLMENT_EVENTS.intake],
    agentName: INTAKE_CONSUMER,
    // from the start of the log: a freshly seeded Demo Store asks for its intake before the consumers exist
    deliverPolicy: 'all',
    // thousands of waiting orders take a while: no second delivery while the first still works
    ackWaitMs: 10 * 60_000,
    async handle(msg) {
      const ids = { causationId: String(msg.tenantSeq), correlationId: msg.correlationId ?? undefined };
      // keyset over (created_at, id): an order the router leaves at attempt 0 (nothing to route) is passed, not met again
      let after: { at: string; id: string } | null = null;
      do after = await ctx.db.transaction((tx) => intakeRound(tx, msg.tenantId, after, ids), { tenantId: msg.tenantId });
      while (after);
    },
  });
}
