/**
 * The events reconciliation writes (docs/events.md "Event catalogue"; docs/reconciliation.md):
 * problems found by a run, a problem decided by a person, and the alert a new problem raises.
 */
import { z } from 'zod';
import { alertPayload, defineEvents, event } from './event-kit';
import { MARKETPLACES } from './orders';
import { PROBLEM_KINDS, PROBLEM_STATUSES, RESOLVE_ACTIONS } from './reconciliation';

export const RECONCILIATION_EVENTS = {
  found: 'reconciliation.problems_found',
  resolved: 'reconciliation.problem_resolved',
} as const;
export const RECONCILIATION_ALERT_SUBJECT = 'alerts.reconciliation_problem';

export const reconciliationEvents = defineEvents({
  [RECONCILIATION_EVENTS.found]: event(
    'JOBS',
    'A reconciliation run found new problems (or saw old ones go away)',
    z.strictObject({ opened: z.number(), resolved: z.number(), trigger: z.enum(['payout', 'tick', 'manual']) }),
  ),
  [RECONCILIATION_EVENTS.resolved]: event(
    'JOBS',
    'A person accepted or disputed a reconciliation problem',
    z.strictObject({
      id: z.string(), kind: z.enum(PROBLEM_KINDS), action: z.enum(RESOLVE_ACTIONS), status: z.enum(PROBLEM_STATUSES),
      amount_cents: z.number(), written_off_cents: z.number(),
    }),
  ),
  [RECONCILIATION_ALERT_SUBJECT]: event(
    'ALERTS',
    'Alert: reconciliation found new problems of one kind (orders unpaid, fees above schedule, payouts that do not add up…)',
    alertPayload('reconciliation_problem', {
      kind: z.enum(PROBLEM_KINDS),
      marketplace: z.enum(MARKETPLACES).nullable(),
      count: z.number(),
      amount_cents: z.number(),
      /** The first problems' ids (up to 20). */
      problem_ids: z.array(z.string()),
    }),
  ),
});
