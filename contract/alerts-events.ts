/**
 * The work queue's own event (docs/alerts.md "Events"): a person acknowledged, resolved, assigned or
 * noted alerts. The alerts themselves are the domains' `alerts.*` events (each domain declares its
 * own with `alertPayload`, contract/event-kit.ts) and dead-letter arrivals; this subject is not an
 * alert and never folds into one.
 */
import { z } from 'zod';
import { defineEvents, event } from './event-kit';
import { ALERT_ACTIONS } from './alerts';

export const ALERT_QUEUE_CHANGED = 'alert_queue.changed';

export const alertsEvents = defineEvents({
  [ALERT_QUEUE_CHANGED]: event(
    'JOBS',
    'Alerts of the work queue were acknowledged, resolved, assigned or noted by a person (one, or a bulk), or resolved by automation when their cause ended',
    z.strictObject({ action: z.enum(ALERT_ACTIONS), ids: z.array(z.string()), by: z.string() }),
  ),
});
