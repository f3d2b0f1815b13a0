/**
 * How a domain declares its events (docs/events.md "Event catalogue"): each subject once, in its
 * contract (`contract/<domain>-events.ts`), with the event-log stream that stores it, one line
 * saying what happened, and the zod schema of its payload as the wire carries it (JSON: numbers,
 * strings, booleans, null, arrays and objects; a field left undefined is absent). The catalogue
 * (contract/event-catalogue.ts) collects the domains' declarations; emitters and consumers are
 * typed by it, and the server checks payloads against it outside production.
 */
import { z, type ZodType } from 'zod';
import type { StreamName } from './events';

export interface EventSpec<T extends ZodType = ZodType> {
  /** The event-log stream the subject is stored in (docs/events.md "Live routing"). */
  stream: StreamName;
  /** One line: what happened. */
  description: string;
  /** The payload as emitted (and as a consumer reads it back). */
  payload: T;
}

/** One subject's declaration. */
export const event = <T extends ZodType>(stream: StreamName, description: string, payload: T): EventSpec<T> => ({ stream, description, payload });

/** A domain's declarations, keyed by subject (`<prefix>.<name>`). */
export const defineEvents = <const E extends Record<string, EventSpec>>(events: E): E => events;

/** Severities an alert carries (the streams page's "critical" filter reads `severity`). */
export const ALERT_SEVERITIES = ['info', 'warning', 'high', 'critical'] as const;

/**
 * The fields every alert carries (`alerts.*`, on the ALERTS stream), plus the alert's own: `type` is
 * the subject's last token, `source` the worker or consumer that raised it.
 */
export const alertPayload = <const T extends string, S extends z.core.$ZodShape>(type: T, own: S) =>
  z.strictObject({
    id: z.string(),
    type: z.literal(type),
    severity: z.enum(ALERT_SEVERITIES),
    level: z.enum(['info', 'warning', 'error']),
    source: z.string(),
    message: z.string(),
    created_at: z.string(),
    ...own,
  });
