/**
 * Analytics — the wire contract and its period rules (docs/analytics.md). A period is a range of
 * whole UTC days, `from` and `to` both included; every figure is integer cents (`*_cents`) built from
 * the same parts as an order's profit (contract/profit.ts, docs/commerce.md "Order profit").
 * Browser-safe: the page uses the period arithmetic too.
 */
import { z } from 'zod';
import { isoDate, queryInt } from './fields';
import { marginPercentOf } from './profit';
import { PAGE } from './constants';

/** The longest period asked at once: two years (731 days holds a leap day). */
export const MAX_PERIOD_DAYS = 731;
export const INTERVALS = ['day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];
export const BREAKDOWNS = ['marketplace', 'supplier', 'product'] as const;
export type BreakdownBy = (typeof BREAKDOWNS)[number];

/** The figures of a period (or a bucket, or a breakdown row). */
export const FIGURE_KEYS = ['orders', 'units', 'revenue_cents', 'fees_cents', 'supplier_cents', 'shipping_cents', 'refunds_cents', 'net_margin_cents'] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];
export const METRICS = FIGURE_KEYS;

// ---------------------------------------------------------------------------------------------
// Period arithmetic (UTC days).

const DAY_MS = 86_400_000;
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `d` moved by `n` days. */
export function addDays(d: string, n: number): string {
  return dayOf(dayMs(d) + n * DAY_MS);
}

/** Days in the period, both ends included (0 when `to` is before `from`). */
export function periodDays(from: string, to: string): number {
  return Math.max(0, Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1);
}

/** The period of equal length just before: it ends the day before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const n = periodDays(from, to);
  return { from: addDays(from, -n), to: addDays(from, -1) };
}

/** The start of the bucket holding day `d`: the day, its ISO week's Monday, or the 1st of its month. */
export function bucketOf(d: string, interval: Interval): string {
  if (interval === 'day') return d;
  if (interval === 'month') return `${d.slice(0, 7)}-01`;
  const weekday = (new Date(dayMs(d)).getUTCDay() + 6) % 7; // Monday 0
  return addDays(d, -weekday);
}

/**
 * The buckets covering the period, in order, each clipped to it: `start` is the bucket's first day
 * inside the period (the period's `from` for the first), `end` its last.
 */
export function bucketsOf(from: string, to: string, interval: Interval): { key: string; start: string; end: string }[] {
  const out: { key: string; start: string; end: string }[] = [];
  let d = from;
  while (d <= to) {
    const key = bucketOf(d, interval);
    let next: string;
    if (interval === 'day') next = addDays(d, 1);
    else if (interval === 'week') next = addDays(key, 7);
    else {
      const y = Number(key.slice(0, 4));
      const m = Number(key.slice(5, 7));
      next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
    const end = addDays(next, -1) < to ? addDays(next, -1) : to;
    out.push({ key, start: d, end });
    d = next;
  }
  return out;
}

/** The default period: the last 30 days up to `today` (UTC). */
export function defaultPeriod(today: string = dayOf(Date.now())): { from: string; to: string } {
  return { from: addDays(today, -29), to: today };
}

// ---------------------------------------------------------------------------------------------
// Queries.

const periodShape = { from: isoDate().optional(), to: isoDate().optional() };

/** A missing `to` is today (UTC), a missing `from` the 30th day back from `to` (the default period). */
function withPeriod<T extends { from?: string; to?: string }>(q: T): T & { from: string; to: string } {
  const to = q.to ?? dayOf(Date.now());
  return { ...q, to, from: q.from ?? defaultPeriod(to).from };
}

/** from ≤ to, and at most MAX_PERIOD_DAYS days; refusals name the field. */
function checkPeriod(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  else if (periodDays(q.from, q.to) > MAX_PERIOD_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `the period may span at most ${MAX_PERIOD_DAYS} days (two years)` });
}

/**
 * `previous`: the period of equal length just before; `month`: the same days of the month before, each
 * end clamped at that month's end (contract/month-change.ts, the dashboard's Net Revenue change).
 */
export const COMPARES = ['none', 'previous', 'month'] as const;
export const analyticsSummaryQuery = z
  .object({ ...periodShape, compare: z.enum(COMPARES).default('none') })
  .transform(withPeriod)
  .superRefine(checkPeriod);
export type AnalyticsSummaryQuery = z.infer<typeof analyticsSummaryQuery>;

export const analyticsTimeseriesQuery = z
  .object({ ...periodShape, interval: z.enum(INTERVALS).default('day'), metric: z.enum(METRICS).default('revenue_cents') })
  .transform(withPeriod)
  .superRefine(checkPeriod);
export type AnalyticsTimeseriesQuery = z.infer<typeof analyticsTimeseriesQuery>;

export const BREAKDOWN_SORTS = [...FIGURE_KEYS, 'label'] as const;
export const analyticsBreakdownQuery = z
  .object({
    ...periodShape,
    by: z.enum(BREAKDOWNS).default('marketplace'),
    sort: z.enum(BREAKDOWN_SORTS).default('net_margin_cents'),
    order: z.enum(['asc', 'desc']).default('desc'),
    limit: queryInt(1, PAGE.maxSize).default(PAGE.defaultSize),
    offset: queryInt(0, 1_000_000).default(0),
  })
  .transform(withPeriod)
  .superRefine(checkPeriod);
export type AnalyticsBreakdownQuery = z.infer<typeof analyticsBreakdownQuery>;

/** The CSV export of a breakdown: the same query without paging. */
export const analyticsBreakdownExportQuery = z
  .object({ ...periodShape, by: z.enum(BREAKDOWNS).default('marketplace'), sort: z.enum(BREAKDOWN_SORTS).default('net_margin_cents'), order: z.enum(['asc', 'desc']).default('desc') })
  .transform(withPeriod)
  .superRefine(checkPeriod);

// ---------------------------------------------------------------------------------------------
// Answers.

const cents = z.number().int();
export const analyticsFigures = z.object({
  orders: z.number().int(),
  units: z.number().int(),
  revenue_cents: cents,
  fees_cents: cents,
  supplier_cents: cents,
  shipping_cents: cents,
  refunds_cents: cents,
  /**
   * revenue − fees − supplier − shipping − refunds of the orders whose every cost is known
   * (`margin_orders`); null when no order's costs are known yet: unknown, never 0
   */
  net_margin_cents: cents.nullable(),
  /** the net margin in percent of those orders' revenue (`margin_revenue_cents`), one decimal; null without it */
  net_margin_percent: z.number().nullable(),
  /** the orders the net margin covers: each has a live purchase order, a live outbound label and no return still open */
  margin_orders: z.number().int(),
  /** the revenue of those orders */
  margin_revenue_cents: cents,
  /** the orders left out of the net margin because a cost of theirs is not known yet */
  unknown_cost_orders: z.number().int(),
});
export type AnalyticsFigures = z.infer<typeof analyticsFigures>;

/** `delta` is null when either period's figure is unknown (a net margin without any order's costs known). */
const change = z.object({ delta: z.number().int().nullable(), percent: z.number().nullable() });
export type FigureChange = z.infer<typeof change>;

export const analyticsSummary = z.object({
  from: z.string(),
  to: z.string(),
  figures: analyticsFigures,
  previous: z
    .object({
      from: z.string(),
      to: z.string(),
      figures: analyticsFigures,
      /** its net revenue: revenue − refunds, integer cents (contract/month-change.ts `netRevenueCents`) */
      net_revenue_cents: cents,
    })
    .nullable(),
  /** this period − the previous one, per figure, and in percent of the previous (null from 0) */
  change: z.record(z.enum(FIGURE_KEYS), change).nullable(),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummary>;

export const analyticsPoint = analyticsFigures.extend({ bucket: z.string(), start: z.string(), end: z.string(), value: z.number().nullable() });
export type AnalyticsPoint = z.infer<typeof analyticsPoint>;
export const analyticsTimeseries = z.object({ from: z.string(), to: z.string(), interval: z.enum(INTERVALS), metric: z.enum(METRICS), points: z.array(analyticsPoint) });
export type AnalyticsTimeseries = z.infer<typeof analyticsTimeseries>;

export const analyticsBreakdownRow = analyticsFigures.extend({ key: z.string().nullable(), label: z.string() });
export type AnalyticsBreakdownRow = z.infer<typeof analyticsBreakdownRow>;

// ---------------------------------------------------------------------------------------------
// Rules on figures.

export const ZERO_FIGURES: AnalyticsFigures = {
  orders: 0, units: 0, revenue_cents: 0, fees_cents: 0, supplier_cents: 0, shipping_cents: 0, refunds_cents: 0, net_margin_cents: null, net_margin_percent: null,
  margin_orders: 0, margin_revenue_cents: 0, unknown_cost_orders: 0,
};

/** The summed parts of a period's orders, as the database answers them (docs/analytics.md "Figures"). */
export interface FigureParts {
  orders: number; units: number; revenue_cents: number; fees_cents: number; supplier_cents: number; shipping_cents: number; refunds_cents: number;
  /** the orders whose every cost is known, their revenue and their net (revenue − every cost) */
  margin_orders: number; margin_revenue_cents: number; margin_net_cents: number;
}

/**
 * Figures from their summed parts. The net margin is the order profit's arithmetic over the orders
 * whose every cost is known only (contract/profit.ts: an order's result is null while a part is);
 * the others are counted in `unknown_cost_orders`, and with none known the margin is null.
 */
export function figuresOf(p: FigureParts): AnalyticsFigures {
  const { margin_net_cents: net, ...rest } = p;
  const known = p.margin_orders > 0;
  return {
    ...rest,
    net_margin_cents: known ? net : null,
    net_margin_percent: known ? marginPercentOf(net, p.margin_revenue_cents) : null,
    unknown_cost_orders: p.orders - p.margin_orders,
  };
}

/** Each figure's change from `before` to `now`: the difference, and its percent of `before` (one decimal; null from 0 or from an unknown). */
export function changeOf(now: AnalyticsFigures, before: AnalyticsFigures): Record<FigureKey, FigureChange> {
  const out = {} as Record<FigureKey, FigureChange>;
  for (const k of FIGURE_KEYS) {
    const a = now[k];
    const b = before[k];
    if (a === null || b === null) {
      out[k] = { delta: null, percent: null };
      continue;
    }
    const delta = a - b;
    out[k] = { delta, percent: b === 0 ? null : Math.round((delta * 1000) / Math.abs(b)) / 10 };
  }
  return out;
}

/** Who may read analytics: every role (docs/analytics.md). The platform maps the `analytics` resource. */
export const analyticsPermissions = { analytics: { read: 'read:analytics' } } as const;
