/**
 * Automated order status changes along the dropshipping path: the steps from where an order is to
 * where the automation takes it, written by the one write of an order's status (server/api/orders/status.ts).
 */
import type { Tx } from '../../db';
import { eventOf, type EventIds, type NewEvent } from '../../events/outbox';
import { canTransition, type OrderStatus } from '../../../contract/orders';
import { writeStatusChanges, type StatusChange, type StatusStep } from '../orders/status';

export type { StatusStep } from '../orders/status';

/** The actor of a change the automation made on its own (a person's is their email, as in the audit log: docs/commerce.md "Order statuses"). */
export const AUTOMATION_ACTOR = 'Automation';

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

/** The steps from `cur` to `to` with `reason` on the last (none when the order cannot get there). */
export function stepsTo(cur: OrderStatus, to: OrderStatus, reason: string): StatusStep[] {
  return (statusSteps(cur, to) ?? []).map((st, i, all) => ({ ...st, reason: i === all.length - 1 ? reason : null }));
}

/** One order's automated change, and the ids of the message that caused it (its events carry them). */
export interface AutomatedChange extends StatusChange {
  ids: EventIds;
}

/**
 * Writes automated status changes of several orders, by `actor` (the automation unless a person
 * started the work in the console, e.g. a label bought by hand), through the one write of an
 * order's status (server/api/orders/status.ts: the transitions checked, the row, the history lines),
 * and answers each change's events, in step order, caused by its message: the callers append them
 * among their own.
 */
export async function writeAutomatedChanges(tx: Tx, tenantId: string, changes: readonly AutomatedChange[], actor: string = AUTOMATION_ACTOR): Promise<NewEvent[][]> {
  const events = await writeStatusChanges(tx, tenantId, actor, changes);
  return events.map((list, i) => list.map((e) => eventOf(e.subject, e.payload, changes[i].ids)));
}
