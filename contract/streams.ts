/**
 * The event log and its consumers on the wire (docs/events.md "Streams API"). Every event number
 * here (`id`, `since`, the `seq` of an event's address, first / last, `ack_floor`) is the caller's
 * tenant's own numbering of its events, 1, 2, 3, …: another tenant's activity never moves it
 * (docs/events.md "Ids a tenant sees").
 */
import { z } from 'zod';
import { STREAM_NAMES } from './events';
import { PAGE } from './constants';
import { isoDateTime, queryInt, SEQ_MAX } from './fields';
import { subjectFilter } from './subjects';

/** Events pages read at most this deep (and count at most this many). */
export const EVENTS_COUNT_CAP = 10_000;

export const eventsQuery = z.object({
  stream: z.enum(STREAM_NAMES).optional(),
  subject: subjectFilter.optional(),
  /** Events after the tenant's event with this number (`id`). */
  since: queryInt(0, SEQ_MAX).optional(),
  from: isoDateTime().optional(),
  to: isoDateTime().optional(),
  limit: queryInt(1, PAGE.maxSize).default(PAGE.defaultSize),
  offset: queryInt(0, EVENTS_COUNT_CAP).default(0),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type EventsQuery = z.infer<typeof eventsQuery>;
/** `/streams/events/{seq}`: the tenant's number of the event, its `id`. */
export const eventParams = z.object({ seq: queryInt(1, SEQ_MAX) });

export const streamInfo = z.object({
  name: z.enum(STREAM_NAMES),
  subjects: z.array(z.string()),
  messages: z.number(),
  bytes: z.number(),
  /** The tenant's first and last event numbers in the stream. */
  first_seq: z.number(),
  last_seq: z.number(),
  last_at: z.string().nullable(),
  sse_stream: z.string(),
  engine: z.string(),
});
export type StreamInfo = z.infer<typeof streamInfo>;

/** One consumer as the caller's tenant sees it: lag and counts are the tenant's own messages. */
export const consumerInfo = z.object({
  name: z.string(),
  filter_subjects: z.array(z.string()),
  max_deliver: z.number(),
  backoff_ms: z.array(z.number()),
  /** Every event of the tenant numbered at or below it is settled (acked or dead-lettered). */
  ack_floor: z.number(),
  delivered: z.number(),
  acked: z.number(),
  dead_lettered: z.number(),
  /** Messages of the caller's tenant not yet acked (waiting or being retried). */
  lag: z.number(),
  /** Of those, messages that failed at least once and wait for a retry. */
  redelivering: z.number(),
  engine: z.enum(['embedded', 'jetstream']),
});
export type ConsumerInfo = z.infer<typeof consumerInfo>;

export const subjectStat = z.object({
  subject: z.string(),
  stream: z.string(),
  messages: z.number(),
  /** The tenant's first and last event numbers with the subject. */
  first_seq: z.number(),
  last_seq: z.number(),
  last_at: z.string(),
});
export type SubjectStat = z.infer<typeof subjectStat>;

export const eventRow = z.object({
  /** The tenant's number of the event (the SSE frame's `id:` too). */
  id: z.number(),
  subject: z.string(),
  stream: z.string(),
  data: z.unknown(),
  timestamp: z.string(),
  correlation_id: z.string().nullable(),
  causation_id: z.string().nullable(),
});
export type EventRow = z.infer<typeof eventRow>;
