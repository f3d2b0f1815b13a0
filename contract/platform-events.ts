/**
 * The platform's own events (docs/events.md "Event catalogue"): feature flags, the dead-letter
 * queue and webhook deliveries. `dlq.*` and `webhooks.*` are never sent out as webhooks
 * (contract/events.ts `isPlatformSubject`).
 */
import { z } from 'zod';
import { defineEvents, event } from './event-kit';
import { DLQ_EVENTS, WEBHOOK_EVENTS } from './events';

const delivery = z.strictObject({
  /** the endpoint's id (the webhooks page refreshes that row) */
  id: z.string(),
  endpoint_id: z.string(),
  /** the tenant's number of the event delivered */
  event_seq: z.number(),
  subject: z.string(),
  http_status: z.number().nullable(),
  error: z.string().nullable(),
});

export const platformEvents = defineEvents({
  'flags.updated': event('JOBS', "A tenant's feature flag was switched", z.strictObject({ name: z.string(), enabled: z.boolean(), previous: z.boolean() })),
  [DLQ_EVENTS.deadLettered]: event(
    'JOBS',
    "A consumer gave up on a message after its last attempt: it is in the dead-letter queue",
    z.strictObject({ id: z.number(), consumer: z.string(), event_seq: z.number(), subject: z.string() }),
  ),
  [DLQ_EVENTS.replayed]: event(
    'JOBS',
    'Dead letters were handed back to their consumers (one, or a bulk)',
    z.strictObject({ id: z.number().optional(), ids: z.array(z.number()) }),
  ),
  [DLQ_EVENTS.discarded]: event(
    'JOBS',
    'Dead letters were discarded with a reason (one, or a bulk)',
    z.strictObject({ id: z.number().optional(), ids: z.array(z.number()), reason: z.string() }),
  ),
  [WEBHOOK_EVENTS.delivered]: event('JOBS', 'A webhook endpoint acknowledged an event (2xx)', delivery),
  [WEBHOOK_EVENTS.failed]: event('JOBS', 'A webhook delivery attempt failed (status, refused or timed out); it is retried', delivery),
});
