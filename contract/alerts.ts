/**
 * Alerts on the wire (docs/alerts.md): the work queue's rows, folded from the alert events of the
 * catalogue (`alerts.*`) and the dead-letter queue's arrivals; the list's filters, the actions a
 * person takes on one alert or on a selection, and what each kind of alert is about (the key a
 * repeat folds into, the deep link to its object).
 */
import { z } from 'zod';
import { pageQuery } from './api';
import { isoDateTime, text } from './fields';
import type { EventSubject } from './event-catalogue';
import { AGENT_EVENTS, COMPETITOR_ALERT_SOURCE, competitorAlertId } from './agents-events';

/** The spec's severities (an alert event carries info, warning, high or critical: contract/event-kit.ts). */
export const ALERT_LEVELS = ['critical', 'high', 'medium', 'low', 'info', 'error', 'warning'] as const;
export type AlertSeverity = (typeof ALERT_LEVELS)[number];
/** Where an alert is in the queue: open (new or acknowledged) or resolved. */
export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
/** Who resolved an alert when its cause went away (a violation closed, a dead letter replayed). */
export const AUTO_RESOLVER = 'automation';

/** The type of the alert a dead-letter arrival raises (its event is `dlq.dead_lettered`, not an `alerts.*` subject). */
export const DLQ_ALERT_TYPE = 'dead_letter';
/** Alert types about the seller's pricing policy (MAP, buy box): needs-attention's "policy-related alert". */
export const POLICY_ALERT_TYPES: ReadonlySet<string> = new Set(['map_violation', 'buy_box_drop']);

export const alertRow = z.object({
  id: z.string(),
  type: z.string(),
  severity: z.enum(ALERT_LEVELS),
  level: z.enum(['info', 'warning', 'error']),
  message: z.string(),
  note: z.string().nullable(),
  source: z.string(),
  /** What the alert is about: repeats of an open alert with the same source and key fold into it. */
  key: z.string(),
  /** Where the object it is about is seen in the console. */
  link: z.string().nullable(),
  count: z.number().int(),
  created_at: z.string(),
  last_seen_at: z.string(),
  status: z.enum(ALERT_STATUSES),
  acknowledged: z.boolean(),
  acknowledged_by: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  resolved: z.boolean(),
  resolved_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
  assignee: z.string().nullable(),
});
export type AlertRow = z.infer<typeof alertRow>;

const severityList = z
  .string()
  .max(200)
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(z.enum(ALERT_LEVELS)).max(ALERT_LEVELS.length));

/** The queue's filters, shared by the list and the bulk actions "by filter". */
export const alertFilter = z.object({
  /** open = not resolved (new and acknowledged); `all` = every alert */
  status: z.enum([...ALERT_STATUSES, 'all']).default('open'),
  /** one severity or several, comma-separated */
  severity: severityList.optional(),
  source: text({ max: 100 }).optional(),
  type: text({ max: 100 }).optional(),
  /** an email, or `me` for the signed-in person, or `none` for unassigned */
  assignee: text({ max: 254 }).optional(),
  search: text({ max: 200 }).optional(),
});
export type AlertFilter = z.infer<typeof alertFilter>;

export const ALERT_SORTS = ['last_seen_at', 'created_at', 'severity', 'count'] as const;
export const alertListQuery = alertFilter.extend(pageQuery.shape).extend({
  sort: z.enum(ALERT_SORTS).default('last_seen_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

/** GET /alerts/recent: the newest alerts (the spec's default 50), `range` a time window back from now. */
export const ALERT_RANGES = { '1h': 3600, '24h': 86_400, '7d': 7 * 86_400, '30d': 30 * 86_400 } as const;
export const recentAlertsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  range: z.enum(Object.keys(ALERT_RANGES) as [keyof typeof ALERT_RANGES, ...(keyof typeof ALERT_RANGES)[]]).optional(),
  since: isoDateTime().optional(),
});

export const alertParams = z.object({ id: z.uuid() });
export const alertNoteBody = z.object({ note: text({ max: 2000 }) });
export const alertAssignBody = z.object({
  /** an email of a member of the tenant, or null to unassign */
  assignee: z.email().max(254).nullable(),
});

export const ALERT_ACTIONS = ['acknowledge', 'resolve', 'assign', 'note'] as const;
export type AlertAction = (typeof ALERT_ACTIONS)[number];
/** Most alerts one bulk action touches. */
export const ALERT_BULK_MAX = 5000;

export const alertBulkBody = z
  .object({
    action: z.enum(ALERT_ACTIONS),
    ids: z.array(z.uuid()).min(1).max(ALERT_BULK_MAX).optional(),
    filter: alertFilter.optional(),
    note: text({ max: 2000 }).optional(),
    assignee: z.email().max(254).nullable().optional(),
  })
  .refine((b) => (b.ids ? !b.filter : !!b.filter), { message: 'give either ids or filter', path: ['ids'] })
  .refine((b) => b.action !== 'note' || (b.note ?? '').length > 0, { message: 'a note is required', path: ['note'] })
  .refine((b) => b.action !== 'assign' || b.assignee !== undefined, { message: 'an assignee (or null) is required', path: ['assignee'] });
export type AlertBulkBody = z.infer<typeof alertBulkBody>;

/** What a bulk action did: the alerts it changed and how many it left as they were. */
export const alertBulkAnswer = z.object({ changed: z.array(z.string()), skipped: z.number().int() });

// ---- what an alert is about ----------------------------------------------------------------------

export interface AlertTarget {
  /** repeats of an open alert with the same source and key fold into it */
  key: string;
  link: string | null;
}

type Payload = Record<string, unknown>;
const s = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

/**
 * Each alert type's object: MAP violations fold per listing, buy-box drops per marketplace account,
 * connector failures per account (else per consumer), fulfillment failures per order,
 * reconciliation problems per kind and marketplace, dead letters per consumer. Any other type folds
 * per its event's own id.
 */
export function alertTarget(type: string, p: Payload): AlertTarget {
  switch (type) {
    case 'map_violation':
      return { key: `listing:${s(p.listing_id) ?? s(p.id)}`, link: s(p.sku) ? `/listings?search=${encodeURIComponent(String(p.sku))}` : '/listings' };
    case 'buy_box_drop':
      return { key: `marketplace:${s(p.marketplace_id) ?? s(p.id)}`, link: '/pricing' };
    case 'connector_failed':
      return { key: s(p.marketplace_id) ? `marketplace:${p.marketplace_id}` : `consumer:${s(p.source) ?? s(p.id)}`, link: '/integrations' };
    case 'fulfillment_failed':
      return s(p.order_id)
        ? { key: `order:${p.order_id}`, link: `/orders/${encodeURIComponent(String(p.order_id))}` }
        : { key: `dlq:${String(p.dlq_id ?? p.id)}`, link: '/streams?tab=dlq' };
    case 'reconciliation_problem':
      return { key: `reconciliation:${String(p.kind)}:${s(p.marketplace) ?? 'all'}`, link: `/payments?tab=reconciliation` };
    case DLQ_ALERT_TYPE:
      return { key: `consumer:${String(p.consumer)}`, link: `/streams?tab=dlq&consumer=${encodeURIComponent(String(p.consumer))}` };
    default:
      return { key: `event:${s(p.id) ?? type}`, link: null };
  }
}

// ---- what ends an alert's cause ------------------------------------------------------------------

/** The source of MAP violation alerts (the marketplaces' alerts consumer) and of buy-box drops (the pricing agent). */
export const MAP_ALERT_SOURCE = 'map-monitor';
export const BUY_BOX_ALERT_SOURCE = 'pricing-agent';
/** The competitor monitor's alerts' type (docs/agents.md "Competitor monitor"). */
export const COMPETITOR_ALERT_TYPE = 'competitor_change';

/** The open alert an event of the catalogue ends: its type, source and key (as `alertTarget` keys it). */
export interface AlertClosing {
  type: string;
  source: string;
  key: string;
  /** Every open alert whose key starts with `key` (a cause raised once per seller, ended for all of them). */
  prefix?: boolean;
}

/**
 * Events that end an alert's cause (docs/alerts.md "Automatic resolution"): the open alert of that
 * source and key is resolved by automation in the event's transaction — a MAP violation no longer seen
 * (once the listing has no violation left open: server/alerts/fold.ts checks), the buy-box share back,
 * a listing's buy box won back.
 */
export const ALERT_CLOSERS: Readonly<Record<string, (p: Payload) => AlertClosing>> = {
  'listings.violation_resolved': (p) => ({ type: 'map_violation', source: MAP_ALERT_SOURCE, key: alertTarget('map_violation', { listing_id: p.listing_id }).key }),
  'pricing.buy_box_regained': (p) => ({ type: 'buy_box_drop', source: BUY_BOX_ALERT_SOURCE, key: alertTarget('buy_box_drop', { marketplace_id: p.marketplace_id }).key }),
  // the listing's buy box lost (an alert per seller it went to) ends when the store wins it back
  [AGENT_EVENTS.buyBoxWon]: (p) => ({
    type: COMPETITOR_ALERT_TYPE, source: COMPETITOR_ALERT_SOURCE, key: alertTarget(COMPETITOR_ALERT_TYPE, { id: competitorAlertId(String(p.listing_id), 'buy_box_lost') }).key, prefix: true,
  }),
} satisfies Partial<Record<EventSubject, (p: Payload) => AlertClosing>>;

/** Severity order, most urgent first (the list's "severity" sort). */
export const SEVERITY_RANK: Record<AlertSeverity, number> = { critical: 0, high: 1, error: 2, warning: 3, medium: 4, low: 5, info: 6 };

// ---- agent health ----------------------------------------------------------------------------------

/** A background worker's health (GET /alerts/agent-health): from its heartbeats, its consumer's lag and its failures. */
export const agentHealthRow = z.object({
  name: z.string(),
  kind: z.string(),
  status: z.enum(['healthy', 'degraded', 'offline']),
  last_heartbeat: z.string(),
  /** The tenant's messages it has not acked yet (a consumer), else null. */
  lag: z.number().int().nullable(),
  /** Its messages dead-lettered in the last hour, for the tenant. */
  errors_last_hour: z.number().int(),
});
export type AgentHealthRow = z.infer<typeof agentHealthRow>;

/** GET /alerts/summary: the queue's counts (the dashboard's Open Alerts card, the top bar's badge). */
export const alertSummary = z.object({
  /** unresolved alerts */
  open: z.number().int(),
  /** of those, not acknowledged yet */
  new: z.number().int(),
  /** of the open ones, critical */
  critical: z.number().int(),
  /** of the open ones, assigned to the caller */
  mine: z.number().int(),
  /** dead letters waiting in the queue */
  dlq_pending: z.number().int(),
});
export type AlertSummary = z.infer<typeof alertSummary>;
