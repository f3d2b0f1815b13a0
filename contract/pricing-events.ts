/**
 * The events the repricer and its agent write (docs/events.md "Event catalogue"; docs/repricing.md
 * "Events"). The subjects' names are `PRICING_EVENTS` and `BUY_BOX_ALERT_SUBJECT` of contract/pricing.ts.
 */
import { z } from 'zod';
import { alertPayload, defineEvents, event } from './event-kit';
import { BUY_BOX_ALERT_SUBJECT, PRICING_EVENTS, PROPOSAL_STATUSES, ruleScope } from './pricing';

export const pricingEvents = defineEvents({
  [PRICING_EVENTS.ruleChanged]: event(
    'PRICING',
    'A repricing rule was created, changed or deleted: the listings of its scopes (before and after) are priced again',
    z.strictObject({ id: z.string(), action: z.enum(['created', 'updated', 'deleted']), scopes: z.array(ruleScope) }),
  ),
  [PRICING_EVENTS.bulkRequested]: event(
    'PRICING',
    'A bulk approve or reject too large for one request became a job: the pricing-bulk consumer decides its proposals in slices',
    z.strictObject({ id: z.string(), action: z.enum(['approve', 'reject']), total: z.number() }),
  ),
  [PRICING_EVENTS.decided]: event(
    'PRICING',
    'The repricer priced a selection of listings (a tick, a cost or rule change, the sweep): how many decisions, applied, proposed',
    z.strictObject({ trigger: z.string(), decisions: z.number(), applied: z.number(), proposals: z.number() }),
  ),
  [PRICING_EVENTS.proposalCreated]: event(
    'PRICING',
    'Price proposals wait for a person (the first 100 listings named)',
    z.strictObject({ count: z.number(), listing_ids: z.array(z.string()) }),
  ),
  [PRICING_EVENTS.proposalDecided]: event(
    'PRICING',
    'A price proposal was approved (and applied), rejected or found expired',
    z.strictObject({ id: z.string(), status: z.enum(PROPOSAL_STATUSES), listing_id: z.string().optional(), new_price_cents: z.number().optional() }),
  ),
  [PRICING_EVENTS.buyBoxRegained]: event(
    'PRICING',
    "A marketplace's buy-box share is back within the alert threshold of its share before the drop: the account's buy-box alert resolves",
    z.strictObject({ marketplace_id: z.string(), buy_box_share: z.number(), share_before_drop: z.number() }),
  ),
  [BUY_BOX_ALERT_SUBJECT]: event(
    'ALERTS',
    "Alert: a marketplace's buy-box share fell by more than the threshold (PRICING_BUYBOX_ALERT_PP)",
    alertPayload('buy_box_drop', { marketplace_id: z.string() }),
  ),
});
