/** The dead-letter queue on the wire (docs/events.md "Dead-letter queue"). */
import { z } from 'zod';
import { pageQuery } from './api';
import { AGE_MAX_S, int, queryInt, SEQ_MAX, text } from './fields';
import { subjectFilter } from './subjects';

export const DLQ_STATUSES = ['pending', 'replayed', 'discarded'] as const;
export type DlqStatus = (typeof DLQ_STATUSES)[number];
/** Most messages one bulk replay or discard touches. */
export const DLQ_BULK_MAX = 10_000;

/** List filters, shared by the list and the bulk replay / discard "by filter". */
export const dlqFilter = z.object({
  subject: subjectFilter.optional(),
  consumer: text({ max: 100 }).optional(),
  error: text({ max: 200 }).optional(),
  /** age = time since the first failure, in seconds */
  min_age_s: queryInt(0, AGE_MAX_S).optional(),
  max_age_s: queryInt(0, AGE_MAX_S).optional(),
  status: z.enum([...DLQ_STATUSES, 'all']).default('pending'),
});
export type DlqFilter = z.infer<typeof dlqFilter>;

export const dlqListQuery = dlqFilter.extend(pageQuery.shape);
export const dlqParams = z.object({ id: queryInt(1, SEQ_MAX) });

export const dlqBulkBody = z
  .object({
    ids: z.array(int(1, SEQ_MAX)).min(1).max(DLQ_BULK_MAX).optional(),
    filter: dlqFilter.omit({ status: true }).optional(),
  })
  .refine((b) => (b.ids ? !b.filter : !!b.filter), 'give either ids or filter');
export const dlqDiscardBody = z.object({ reason: text({ max: 500 }).refine((s) => s.length > 0, 'a reason is required') });
export const dlqBulkDiscardBody = z.intersection(dlqBulkBody, dlqDiscardBody);

export const dlqEntry = z.object({
  id: z.number(),
  consumer: z.string(),
  /** The tenant's number of the event (its `id` in the events API and on SSE). */
  event_seq: z.number(),
  stream: z.string(),
  subject: z.string(),
  payload: z.unknown(),
  last_error: z.string().nullable(),
  attempts: z.number(),
  first_failure_at: z.string(),
  last_failure_at: z.string(),
  age_s: z.number(),
  status: z.enum(DLQ_STATUSES),
  discard_reason: z.string().nullable(),
  discarded_by: z.string().nullable(),
  discarded_at: z.string().nullable(),
  replayed_at: z.string().nullable(),
  replay_count: z.number(),
});
export type DlqEntry = z.infer<typeof dlqEntry>;
