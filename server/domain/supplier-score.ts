/**
 * Supplier scoring — docs/product/business-rules.md, docs/commerce.md "Supplier score".
 * Score 0–100 from the last 12 months of supplier_performance:
 *   40 % on-time rate, 25 % defect rate, 20 % cancellation rate, 15 % lead time,
 * each month weighted by recency (0.85^age in months, the current month = age 0).
 * Defect and cancellation rates score 0 at 10 % or worse; lead time scores 1 at ≤ 2 days, 0 at ≥ 30.
 * Tier: 1 at ≥ 80, 2 at ≥ 60, else 3. Pure and deterministic: same history and month → same result.
 */
export const SCORE_WEIGHTS = { onTime: 0.4, defect: 0.25, cancellation: 0.2, leadTime: 0.15 } as const;
export const RECENCY_DECAY = 0.85;
export const HISTORY_MONTHS = 12;
export const TIER_THRESHOLDS = { tier1: 80, tier2: 60 } as const;
const RATE_FLOOR = 0.1;
const LEAD_BEST_DAYS = 2;
const LEAD_WORST_DAYS = 30;

export interface MonthPerformance {
  /** First day of the month, YYYY-MM-DD. */
  month: string;
  on_time_rate: number;
  defect_rate: number;
  cancellation_rate: number;
  lead_time_days: number;
}

export interface SupplierScore {
  score: number;
  tier: 1 | 2 | 3;
  /** Recency-weighted averages over the window (stored on the supplier row). */
  on_time_rate: number;
  defect_rate: number;
  cancellation_rate: number;
  lead_time_days: number;
  months: number;
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

/** Whole months between two YYYY-MM(-DD) strings: monthIndex("2025-03-01") - monthIndex("2025-01-01") = 2. */
function monthIndex(ym: string): number {
  const [y, m] = ym.split('-').map(Number);
  return y * 12 + (m - 1);
}

export function tierFor(score: number): 1 | 2 | 3 {
  if (score >= TIER_THRESHOLDS.tier1) return 1;
  if (score >= TIER_THRESHOLDS.tier2) return 2;
  return 3;
}

/**
 * Scores a supplier as of `asOfMonth` (YYYY-MM-01). Months older than HISTORY_MONTHS or in the future
 * are ignored; no month in the window → null (the supplier keeps its tier, unscored).
 */
export function scoreSupplier(history: MonthPerformance[], asOfMonth: string): SupplierScore | null {
  const now = monthIndex(asOfMonth);
  let wSum = 0;
  const acc = { onTime: 0, defect: 0, cancel: 0, lead: 0 };
  let months = 0;
  for (const h of history) {
    const age = now - monthIndex(h.month);
    if (age < 0 || age >= HISTORY_MONTHS) continue;
    const w = RECENCY_DECAY ** age;
    wSum += w;
    acc.onTime += w * h.on_time_rate;
    acc.defect += w * h.defect_rate;
    acc.cancel += w * h.cancellation_rate;
    acc.lead += w * h.lead_time_days;
    months++;
  }
  if (months === 0) return null;
  const onTime = acc.onTime / wSum;
  const defect = acc.defect / wSum;
  const cancel = acc.cancel / wSum;
  const lead = acc.lead / wSum;
  const parts =
    SCORE_WEIGHTS.onTime * clamp01(onTime) +
    SCORE_WEIGHTS.defect * (1 - clamp01(defect / RATE_FLOOR)) +
    SCORE_WEIGHTS.cancellation * (1 - clamp01(cancel / RATE_FLOOR)) +
    SCORE_WEIGHTS.leadTime * (1 - clamp01((lead - LEAD_BEST_DAYS) / (LEAD_WORST_DAYS - LEAD_BEST_DAYS)));
  const score = round(parts * 100, 2);
  return {
    score,
    tier: tierFor(score),
    on_time_rate: round(onTime, 4),
    defect_rate: round(defect, 4),
    cancellation_rate: round(cancel, 4),
    lead_time_days: round(lead, 1),
    months,
  };
}

/** The month a scoring run refers to: the first of the current UTC month. */
export function currentMonth(now = new Date()): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}
