/**
 * The dashboard's live figures that are not a domain's own (docs/alerts.md "Dashboard"): the Recent
 * Events feed (GET /dashboard/events, a "Dashboard event" each) and the Dead Letter Queue alert
 * (GET /dashboard/dlq: messages waiting and the consumers' lag).
 */
import { z } from 'zod';

/** The event-log streams the feed reads: what happens to orders, fulfillment, listings and prices, and alerts. */
export const FEED_STREAMS = ['ORDERS', 'FULFILLMENT', 'PRICING', 'ALERTS'] as const;

export const DASHBOARD_EVENT_SEVERITIES = ['info', 'success', 'warning', 'error', 'critical'] as const;
export type DashboardEventSeverity = (typeof DASHBOARD_EVENT_SEVERITIES)[number];

export const dashboardEvent = z.object({
  /** The tenant's number of the event (as on /streams). */
  id: z.number().int(),
  subject: z.string(),
  /** One line in the seller's words. */
  summary: z.string(),
  timestamp: z.string(),
  severity: z.enum(DASHBOARD_EVENT_SEVERITIES),
  metadata: z.object({
    stream: z.string(),
    /** The page of the object the event is about, when there is one. */
    link: z.string().nullable(),
  }),
});
export type DashboardEvent = z.infer<typeof dashboardEvent>;

export const dashboardEventsQuery = z.object({
  /** at most the feed's buffer (docs/product/constants.md "Streams": the dashboard keeps 40, shows 20) */
  limit: z.coerce.number().int().min(1).max(40).default(40),
});

export const dlqNotice = z.object({
  /** dead letters waiting for a replay or a discard */
  pending: z.number().int(),
  /** messages the tenant's consumers have not handled yet, summed */
  consumer_lag: z.number().int(),
});
export type DlqNotice = z.infer<typeof dlqNotice>;
