/**
 * The analytics page's state in its URL (docs/analytics.md "The page"): the period (`from`, `to`),
 * the comparison (`compare=none` when off; on by default), the time series' grouping (`interval`)
 * and the breakdown shown (`by`), so a reload or a shared link opens the same view. A value the
 * page cannot use (a day that is not one, `to` before `from`, a period over two years, an unknown
 * word) falls back to the default rather than failing: the link still opens.
 */
import { BREAKDOWNS, INTERVALS, MAX_PERIOD_DAYS, defaultPeriod, periodDays, type BreakdownBy, type Interval } from '../../contract/analytics';

export interface AnalyticsView {
  from: string;
  to: string;
  compare: boolean;
  interval: Interval;
  by: BreakdownBy;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string | null): s is string => !!s && DAY.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** The view a URL's query asks for, defaults where it asks for nothing usable. */
export function viewOf(params: URLSearchParams, today?: string): AnalyticsView {
  const d = defaultPeriod(today);
  const from = params.get('from');
  const to = params.get('to');
  const period = isDay(from) && isDay(to) && from <= to && periodDays(from, to) <= MAX_PERIOD_DAYS ? { from, to } : d;
  const interval = (INTERVALS as readonly string[]).includes(params.get('interval') ?? '') ? (params.get('interval') as Interval) : 'day';
  const by = (BREAKDOWNS as readonly string[]).includes(params.get('by') ?? '') ? (params.get('by') as BreakdownBy) : 'marketplace';
  return { ...period, compare: params.get('compare') !== 'none', interval, by };
}

/** `params` with the view's changed parts written (defaults left out, other parameters kept). */
export function withView(params: URLSearchParams, change: Partial<AnalyticsView>): URLSearchParams {
  const n = new URLSearchParams(params);
  if (change.from !== undefined) n.set('from', change.from);
  if (change.to !== undefined) n.set('to', change.to);
  if (change.compare !== undefined) {
    if (change.compare) n.delete('compare');
    else n.set('compare', 'none');
  }
  if (change.interval !== undefined) {
    if (change.interval === 'day') n.delete('interval');
    else n.set('interval', change.interval);
  }
  if (change.by !== undefined) {
    if (change.by === 'marketplace') n.delete('by');
    else n.set('by', change.by);
  }
  return n;
}
