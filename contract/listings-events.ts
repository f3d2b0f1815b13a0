/**
 * The events listings write and the alert they raise (docs/events.md "Event catalogue";
 * docs/marketplaces.md "Listings"). The subjects' names are `LISTING_EVENTS` and
 * `MAP_ALERT_SUBJECT` of contract/listings.ts.
 */
import { z } from 'zod';
import { alertPayload, defineEvents, event } from './event-kit';
import { LISTING_BULK_ACTIONS, LISTING_EVENTS, MAP_ALERT_SUBJECT } from './listings';

/** Which violation an event is about: the same fields when it opens and when it resolves. */
const VIOLATION = {
  /** the violation's id */
  id: z.string(),
  listing_id: z.string(),
  sku: z.string(),
  seller: z.string(),
  source: z.enum(['own_listing', 'competitor']),
};

export const listingsEvents = defineEvents({
  [LISTING_EVENTS.changed]: event(
    'PRICING',
    'A listing changed and waits to be pushed to its marketplace (an edit, a bulk action, the repricer, new images, its account resumed)',
    z.strictObject({
      id: z.string(),
      action: z.enum(['create', 'update', 'update_price', ...LISTING_BULK_ACTIONS]).optional(),
      reason: z.enum(['images', 'resumed']).optional(),
      source: z.literal('repricer').optional(),
    }),
  ),
  [LISTING_EVENTS.pushed]: event(
    'PRICING',
    'The marketplace accepted a listing push',
    z.strictObject({ id: z.string(), marketplace_id: z.string(), sku: z.string(), status: z.string(), external_id: z.string().nullable() }),
  ),
  [LISTING_EVENTS.refused]: event(
    'PRICING',
    'The marketplace refused a listing push (its feed message says why)',
    z.strictObject({ id: z.string(), marketplace_id: z.string(), sku: z.string(), feed_message: z.string() }),
  ),
  [LISTING_EVENTS.deleted]: event(
    'PRICING',
    "A listing was deleted: its item is ended on the marketplace",
    z.strictObject({ id: z.string(), marketplace_id: z.string(), external_id: z.string().nullable(), sku: z.string() }),
  ),
  [LISTING_EVENTS.violationOpened]: event(
    'PRICING',
    "A price below a variant's MAP was seen (the seller's own listing or a competitor's offer)",
    z.strictObject({ ...VIOLATION, observed_price_cents: z.number(), map_price_cents: z.number() }),
  ),
  [LISTING_EVENTS.violationResolved]: event(
    'PRICING',
    "A MAP violation is no longer seen (the price is back within MAP and its grace): the listing's alert resolves once none of its violations is open",
    z.strictObject(VIOLATION),
  ),
  [MAP_ALERT_SUBJECT]: event(
    'ALERTS',
    'Alert: a new MAP violation (raised once per violation)',
    alertPayload('map_violation', { violation_id: z.string(), listing_id: z.string(), sku: z.string() }),
  ),
});
