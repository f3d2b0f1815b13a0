/**
 * The return (RMA) lifecycle (docs/dropshipping.md "Returns"): a pure state machine over the
 * statuses and the commands that move them. A command that does not apply to the current status is
 * refused with the statuses it needs, so the API answers 409 with that message.
 *
 *   requested ─approve→ approved ─ship→ in_transit ─receive→ received ─refund→ refunded
 *       │                  └──────────receive──────────────┘     ├─replace→ replaced
 *       └─reject→ rejected                                         └─reject→ rejected
 */

import { RMA_ACTIONS, type ReturnCondition, type Resolution, type RmaAction, type RmaStatus } from '../../../contract/fulfillment';

export { RMA_STATUSES, RMA_ACTIONS, RETURN_CONDITIONS, type RmaStatus, type RmaAction, type ReturnCondition, type Resolution } from '../../../contract/fulfillment';

/** action → the statuses it applies to and the one it leads to */
export const RMA_TRANSITIONS: Record<RmaAction, { from: readonly RmaStatus[]; to: RmaStatus }> = {
  approve: { from: ['requested'], to: 'approved' },
  // a received return may still be refused (not what was sold, outside the policy)
  reject: { from: ['requested', 'received'], to: 'rejected' },
  ship: { from: ['approved'], to: 'in_transit' },
  // dropped off at the warehouse without a scan counts as received too
  receive: { from: ['approved', 'in_transit'], to: 'received' },
  refund: { from: ['received'], to: 'refunded' },
  replace: { from: ['received'], to: 'replaced' },
};

export const RMA_FINAL: readonly RmaStatus[] = ['refunded', 'replaced', 'rejected'];

export type RmaStep = { ok: true; to: RmaStatus } | { ok: false; message: string };

export function rmaStep(status: RmaStatus, action: RmaAction): RmaStep {
  const t = RMA_TRANSITIONS[action];
  if (t.from.includes(status)) return { ok: true, to: t.to };
  return { ok: false, message: `Cannot ${action} a return that is ${status.replace('_', ' ')} (needs ${t.from.map((s) => s.replace('_', ' ')).join(' or ')})` };
}

/** Actions open from a status (what the console offers). */
export const rmaActions = (status: RmaStatus): RmaAction[] => RMA_ACTIONS.filter((a) => RMA_TRANSITIONS[a].from.includes(status));

/** Items come back into sellable stock only when a buyer would take them as new. */
export const isResellable = (c: ReturnCondition) => c === 'new' || c === 'like_new';

/** The resolution when the command names none: the tenant's default ("replace" for sellers who replace more than they refund). */
export const resolveDefault = (asked: Resolution | undefined, tenantDefault: Resolution): Resolution => asked ?? tenantDefault;
