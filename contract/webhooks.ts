/** Outbound webhooks on the wire (docs/events.md "Webhooks"). */
import { z } from 'zod';
import { pageQuery } from './api';
import { text } from './fields';
import { isValidPattern, matchesPattern, subjectPattern } from './subjects';
import { STREAM_NAMES } from './events';
import { WEBHOOK_SUBJECTS } from './event-catalogue';

export const webhookParams = z.object({ id: z.uuid() });

/** Whether a pattern matches a subject of the event catalogue that webhooks are sent (not `dlq.*`, `webhooks.*`). */
export const matchesWebhookSubject = (pattern: string) => WEBHOOK_SUBJECTS.some((s) => matchesPattern(pattern, s));

/** A filter must match an event the console sends (a typo such as `order.*` would wait for ever). */
const webhookPattern = subjectPattern.refine((p) => !isValidPattern(p) || matchesWebhookSubject(p), {
  message: 'subject filter matches no event a webhook is sent (GET /api/webhooks/subjects lists them)',
});
const subjects = z.array(webhookPattern).min(1).max(20);
const url = text({ max: 2000, min: 1 });
const description = text({ max: 500, trim: false });

export const webhookCreate = z.object({
  url,
  subjects,
  description: description.default(''),
  active: z.boolean().default(true),
});
export type WebhookInput = z.input<typeof webhookCreate>;

export const webhookUpdate = z.object({
  url: url.optional(),
  subjects: subjects.optional(),
  description: description.optional(),
  active: z.boolean().optional(),
});

/** A subject an endpoint may subscribe to, from the event catalogue (GET /api/webhooks/subjects). */
export const webhookSubject = z.object({ subject: z.string(), stream: z.enum(STREAM_NAMES), description: z.string() });
export type WebhookSubject = z.infer<typeof webhookSubject>;

export const DELIVERY_STATUSES = ['succeeded', 'failed'] as const;
export const deliveriesQuery = pageQuery.extend({ status: z.enum(DELIVERY_STATUSES).optional() });

export const webhook = z.object({
  id: z.string(),
  url: z.string(),
  subjects: z.array(z.string()),
  description: z.string(),
  active: z.boolean(),
  /** Masked, except in the answer of create and rotate-secret. */
  secret: z.string(),
  created_at: z.string(),
  updated_at: z.string().optional(),
  last_delivery_at: z.string().nullable(),
  last_delivery_status: z.enum(DELIVERY_STATUSES).nullable(),
  failing_deliveries: z.number(),
});
export type Webhook = z.infer<typeof webhook>;

export const delivery = z.object({
  id: z.number(),
  /** The tenant's number of the event (its `id` in the events API, X-Webhook-Id). */
  event_seq: z.number(),
  subject: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  http_status: z.number().nullable(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  duration_ms: z.number().nullable(),
  updated_at: z.string(),
});
export type Delivery = z.infer<typeof delivery>;
