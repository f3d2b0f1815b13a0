/**
 * "Net Revenue (MTD)" against the same days of last month (docs/dashboard.md "Net revenue change").
 * Plain functions, no zod: the server's analytics summary (`compare=month`) and the dashboard's card
 * read the same rules.
 */

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate(); // month 1..12

/** `YYYY-MM-DD` one calendar month earlier, its day clamped at that month's end (Mar 31 → Feb 28/29). */
export function monthBefore(day: string): string {
  let y = Number(day.slice(0, 4));
  let m = Number(day.slice(5, 7)) - 1;
  if (m === 0) {
    m = 12;
    y -= 1;
  }
  const d = Math.min(Number(day.slice(8, 10)), lastDayOf(y, m));
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The same days of the month before: each end moved back a month and clamped at that month's end. The
 * month to date 1–30 March is compared with 1–28 (or 29) February, 1–15 March with 1–15 February.
 */
export function sameDaysLastMonth(from: string, to: string): { from: string; to: string } {
  return { from: monthBefore(from), to: monthBefore(to) };
}

/** Net revenue: the revenue less the refunds of the period's orders (integer cents). */
export function netRevenueCents(f: { revenue_cents: number; refunds_cents: number }): number {
  return f.revenue_cents - f.refunds_cents;
}

/**
 * The change of net revenue in percent of last month's same days: (now − before) / |before| × 100,
 * rounded half up to one decimal (the analytics summary's own rule, contract/analytics.ts `changeOf`);
 * null when last month's net revenue is 0 (no percent of nothing).
 */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) * 1000) / Math.abs(before)) / 10;
}

/**
 * The card's line: "+12.4% vs same days last month", "-3.0% …", "0.0% …"; "no sales in the same days
 * last month" when last month had no order in those days; "no net revenue in the same days last
 * month" when it had orders but their refunds took all of it.
 */
export function changeText(now: number, before: { net_cents: number; orders: number }): string {
  if (before.orders === 0) return 'no sales in the same days last month';
  const p = changePercent(now, before.net_cents);
  if (p === null) return 'no net revenue in the same days last month';
  return `${p > 0 ? '+' : ''}${p.toFixed(1)}% vs same days last month`;
}
