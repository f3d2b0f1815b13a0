/**
 * The events marketplace accounts write and the alert their connectors raise (docs/events.md
 * "Event catalogue"; docs/marketplaces.md). The subjects' names are `MARKETPLACE_EVENTS` and
 * `CONNECTOR_ALERT_SUBJECT` of contract/listings.ts.
 */
import { z } from 'zod';
import { alertPayload, defineEvents, event } from './event-kit';
import { CONNECTOR_ALERT_SUBJECT, MARKETPLACE_EVENTS } from './listings';
import { CONNECTOR_MODES, MARKETPLACE_STATUSES } from './marketplaces';
import { MARKETPLACES } from './orders';
import { PAYOUT_STATUSES } from './payouts';

export const marketplacesEvents = defineEvents({
  [MARKETPLACE_EVENTS.linked]: event(
    'JOBS',
    'A marketplace account was linked (a live one waits for its connector to verify it)',
    z.strictObject({ id: z.string(), kind: z.enum(MARKETPLACES), name: z.string(), mode: z.enum(CONNECTOR_MODES), status: z.enum(MARKETPLACE_STATUSES) }),
  ),
  [MARKETPLACE_EVENTS.updated]: event(
    'JOBS',
    'A marketplace account changed (name, credentials, paused or resumed)',
    z.strictObject({ id: z.string(), status: z.enum(MARKETPLACE_STATUSES), name: z.string() }),
  ),
  [MARKETPLACE_EVENTS.unlinked]: event('JOBS', 'A marketplace account was unlinked', z.strictObject({ id: z.string(), kind: z.enum(MARKETPLACES), name: z.string() })),
  [MARKETPLACE_EVENTS.verified]: event(
    'JOBS',
    "A live account's credentials were checked by its connector",
    z.strictObject({ id: z.string(), kind: z.enum(MARKETPLACES), ok: z.boolean(), status: z.enum(['connected', 'error']), message: z.string().nullable() }),
  ),
  [MARKETPLACE_EVENTS.ticked]: event(
    'JOBS',
    "A sandbox account's clock advanced (its orders, offers and settlements move; sync, repricer and pricing agent follow)",
    z.strictObject({ id: z.string(), tick: z.number(), ticks: z.number(), orders_created: z.number() }),
  ),
  [MARKETPLACE_EVENTS.settlement]: event(
    'JOBS',
    'A marketplace paid out: a settlement was synced',
    z.strictObject({ marketplace_id: z.string(), external_id: z.string(), net_cents: z.number() }),
  ),
  [MARKETPLACE_EVENTS.payoutStatus]: event(
    'JOBS',
    "A payout's status moved (scheduled, in transit, paid, failed: docs/payouts.md)",
    z.strictObject({ marketplace_id: z.string(), external_id: z.string(), from: z.enum(PAYOUT_STATUSES), to: z.enum(PAYOUT_STATUSES) }),
  ),
  [CONNECTOR_ALERT_SUBJECT]: event(
    'ALERTS',
    "Alert: a marketplace connector's message was dead-lettered (the account shows the error)",
    alertPayload('connector_failed', { dlq_id: z.number(), marketplace_id: z.string().nullable() }),
  ),
});
