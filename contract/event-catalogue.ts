/**
 * The event catalogue (docs/events.md "Event catalogue"): every subject the server writes, each
 * declared once by its domain (`contract/<domain>-events.ts`) with its event-log stream, one line
 * saying what happened and the zod schema of its payload. Emitters (`ctx.emit`, the outbox's
 * `appendEvent(s)`, `newEvent`, `eventOf`) and consumers (`defineConsumer`) are typed by it: an
 * unknown subject or a payload of the wrong shape does not compile, and a consumer's handler gets
 * `msg.data` typed by the subjects its filters match. The server checks every payload against its
 * schema outside production (server/events/outbox.ts), the outbox stores each subject in the
 * stream declared here (server/events/live-table.ts), webhooks accept only patterns that match a
 * subject of it, and docs/events.md's table of subjects is checked against it
 * (tests/unit/event-catalogue.test.ts).
 *
 * It carries zod schemas: the console imports it only from pages loaded on demand, never from the
 * page registry or the shell (tests/unit/registry-light.test.ts).
 */
import type { z } from 'zod';
import type { StreamName } from './events';
import { isPlatformSubject } from './events';
import type { EventSpec } from './event-kit';
import { matchesPattern } from './subjects';
import { ordersEvents } from './orders-events';
import { productsEvents } from './products-events';
import { suppliersEvents } from './suppliers-events';
import { listingsEvents } from './listings-events';
import { marketplacesEvents } from './marketplaces-events';
import { pricingEvents } from './pricing-events';
import { fulfillmentEvents } from './fulfillment-events';
import { platformEvents } from './platform-events';
import { capitalEvents } from './capital-events';
import { reconciliationEvents } from './reconciliation-events';
import { alertsEvents } from './alerts-events';
import { usersEvents } from './users-events';
import { exportsEvents } from './exports-events';
import { settingsEvents } from './settings-events';
import { complianceEvents } from './compliance-events';
import { agentsEvents } from './agents-events';

/** The domains' declarations, in the order docs/events.md lists them. */
const PARTS: readonly Record<string, EventSpec>[] = [
  ordersEvents,
  productsEvents,
  suppliersEvents,
  listingsEvents,
  marketplacesEvents,
  pricingEvents,
  fulfillmentEvents,
  reconciliationEvents,
  platformEvents,
  capitalEvents,
  alertsEvents,
  usersEvents,
  settingsEvents,
  exportsEvents,
  complianceEvents,
  agentsEvents,
];

export const EVENT_CATALOGUE = {
  ...ordersEvents,
  ...productsEvents,
  ...suppliersEvents,
  ...listingsEvents,
  ...marketplacesEvents,
  ...pricingEvents,
  ...fulfillmentEvents,
  ...reconciliationEvents,
  ...platformEvents,
  ...capitalEvents,
  ...alertsEvents,
  ...usersEvents,
  ...settingsEvents,
  ...exportsEvents,
  ...complianceEvents,
  ...agentsEvents,
};

// a subject declared by two domains would silently keep only the last declaration
if (Object.keys(EVENT_CATALOGUE).length !== PARTS.reduce((n, p) => n + Object.keys(p).length, 0)) {
  const seen = new Set<string>();
  const twice = PARTS.flatMap((p) => Object.keys(p)).filter((s) => seen.has(s) || !seen.add(s));
  throw new Error(`Event subject declared twice: ${twice.join(', ')}`);
}

export type EventCatalogue = typeof EVENT_CATALOGUE;
/** A subject of the catalogue. */
export type EventSubject = keyof EventCatalogue;
/** What an emitter passes for `S` (the schema's input). */
export type EventPayload<S extends EventSubject> = z.input<EventCatalogue[S]['payload']>;
/** What a consumer reads back for `S` (the schema's output: the same JSON shapes). */
export type EventData<S extends EventSubject> = z.output<EventCatalogue[S]['payload']>;

/** Every subject, in the catalogue's order. */
export const EVENT_SUBJECTS = Object.keys(EVENT_CATALOGUE) as EventSubject[];

export function isEventSubject(s: string): s is EventSubject {
  return Object.hasOwn(EVENT_CATALOGUE, s);
}

/** The stream each subject is stored in (the outbox reads it per event: a map lookup). */
export const STREAM_OF_SUBJECT: ReadonlyMap<string, StreamName> = new Map(EVENT_SUBJECTS.map((s) => [s, EVENT_CATALOGUE[s].stream]));

/** The subjects a pattern (`orders.*`, `*.created`, `fulfillment.>`, `>`) matches. */
export function subjectsMatching(pattern: string): EventSubject[] {
  return EVENT_SUBJECTS.filter((s) => matchesPattern(pattern, s));
}

/** The alerts the server raises (the ALERTS stream). */
export const ALERT_SUBJECTS = EVENT_SUBJECTS.filter((s) => EVENT_CATALOGUE[s].stream === 'ALERTS');

/** The subjects a webhook endpoint may receive: all but the platform's own (`dlq.*`, `webhooks.*`). */
export const WEBHOOK_SUBJECTS = EVENT_SUBJECTS.filter((s) => !isPlatformSubject(s));

/** Whether subject `S` matches pattern `P` (NATS tokens: `*` one token, `>` the rest). */
type Matches<P extends string, S extends string> = P extends '>'
  ? true
  : P extends `${infer PH}.${infer PR}`
    ? S extends `${infer SH}.${infer SR}`
      ? PH extends '*' | SH
        ? Matches<PR, SR>
        : false
      : false
    : S extends `${string}.${string}`
      ? false
      : P extends '*' | S
        ? true
        : false;

/** The subjects of the catalogue that patterns `P` match (never when none does). */
export type SubjectsMatching<P extends string> = P extends string ? { [S in EventSubject]: Matches<P, S> extends true ? S : never }[EventSubject] : never;
