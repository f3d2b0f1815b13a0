/**
 * The return (RMA) rules the server keeps to itself (docs/dropshipping.md "Returns"). The lifecycle
 * (`RMA_TRANSITIONS`, `rmaStep`, `rmaActions`) is part of the contract, contract/fulfillment.ts, which
 * the console reads too; it is re-exported here for the server's callers.
 */

import type { ReturnCondition, Resolution } from '../../../contract/fulfillment';

export {
  RMA_STATUSES, RMA_ACTIONS, RETURN_CONDITIONS, RMA_TRANSITIONS, RMA_FINAL, rmaStep, rmaActions,
  type RmaStatus, type RmaAction, type RmaStep, type ReturnCondition, type Resolution,
} from '../../../contract/fulfillment';

/** Items come back into sellable stock only when a buyer would take them as new. */
export const isResellable = (c: ReturnCondition) => c === 'new' || c === 'like_new';

/** The resolution when the command names none: the tenant's default ("replace" for sellers who replace more than they refund). */
export const resolveDefault = (asked: Resolution | undefined, tenantDefault: Resolution): Resolution => asked ?? tenantDefault;
