/**
 * The demand model (docs/agents.md "Demand forecasting"), pure: a variant's daily units sold over
 * the history window give a linear trend (least squares), a weekly seasonality (each weekday's mean
 * against the overall mean) and the spread of the days around the fitted model. Tests:
 * tests/unit/agents-forecast.test.ts.
 */

export interface DemandModel {
  /** Days of history the model was fitted on. */
  days: number;
  /** Units sold in the window. */
  units: number;
  /** Fitted units per day at day t (0 = first day of the window): intercept + slope × t. */
  intercept: number;
  slope: number;
  /** Weekday index, Sunday first (0 … 6): 1 is an average day; the seven average 1. */
  weekday: number[];
  /** Weekday (0 = Sunday) of the window's first day. */
  firstDow: number;
  /** Standard deviation of a day's units around the model. */
  sigma: number;
}

const FLAT = [1, 1, 1, 1, 1, 1, 1];

/** Least squares line through (t, y_t), t = 0 … n-1, over the days `keep` admits (all by default); one day or none is flat. */
export function linearTrend(y: readonly number[], keep: (t: number) => boolean = () => true): { intercept: number; slope: number } {
  let n = 0;
  let st = 0;
  let sy = 0;
  for (let t = 0; t < y.length; t++) {
    if (!keep(t)) continue;
    n += 1;
    st += t;
    sy += y[t];
  }
  if (n === 0) return { intercept: 0, slope: 0 };
  const tMean = st / n;
  const mean = sy / n;
  let sty = 0;
  let stt = 0;
  for (let t = 0; t < y.length; t++) {
    if (!keep(t)) continue;
    sty += (t - tMean) * (y[t] - mean);
    stt += (t - tMean) * (t - tMean);
  }
  if (stt === 0) return { intercept: mean, slope: 0 };
  const slope = sty / stt;
  return { intercept: mean - slope * tMean, slope };
}

/**
 * The weekly seasonality (classical decomposition): each day's units over the 7-day moving average
 * centred on it (the level there, trend included), averaged per weekday and scaled so the seven
 * average 1 (Sunday first). Fewer than two weeks of history, or no sales: every day is an average day.
 */
export function weekdayIndex(y: readonly number[], firstDow: number): number[] {
  if (y.length < 14) return [...FLAT];
  const sums = [0, 0, 0, 0, 0, 0, 0];
  const counts = [0, 0, 0, 0, 0, 0, 0];
  let win = 0;
  for (let t = 0; t < 7; t++) win += y[t];
  for (let t = 3; t + 3 < y.length; t++) {
    if (t > 3) win += y[t + 3] - y[t - 4];
    if (win <= 0) continue;
    const d = (firstDow + t) % 7;
    sums[d] += y[t] / (win / 7);
    counts[d] += 1;
  }
  const raw = sums.map((s, d) => (counts[d] ? s / counts[d] : 1));
  const mean = raw.reduce((s, v) => s + v, 0) / 7;
  if (!(mean > 0) || counts.every((c) => c === 0)) return [...FLAT];
  return raw.map((v) => v / mean);
}

/**
 * Fits the model to the daily units (oldest first; `firstDow` the weekday of the first day): the
 * weekday index first, then the trend through the deseasonalised days (units over their weekday's
 * index; a weekday that never sells says nothing of the level and is left out).
 */
export function fitDemand(y: readonly number[], firstDow: number): DemandModel {
  const weekday = weekdayIndex(y, firstDow);
  const idx = (t: number) => weekday[(firstDow + t) % 7];
  const des = y.map((v, t) => (idx(t) > 0 ? v / idx(t) : 0));
  const { intercept, slope } = linearTrend(des, (t) => idx(t) > 0);
  let sq = 0;
  for (let t = 0; t < y.length; t++) {
    const fitted = Math.max(0, intercept + slope * t) * idx(t);
    sq += (y[t] - fitted) ** 2;
  }
  const sigma = y.length > 2 ? Math.sqrt(sq / (y.length - 2)) : 0;
  return { days: y.length, units: y.reduce((s, v) => s + v, 0), intercept, slope, weekday, firstDow, sigma };
}

/** Units expected on the h-th day after the window (h = 1: the first day after it); never below 0. */
export function forecastDay(m: DemandModel, h: number): number {
  const t = m.days - 1 + h;
  return Math.max(0, m.intercept + m.slope * t) * m.weekday[(m.firstDow + t) % 7];
}

/** Units expected from day `from` to day `to` after the window, both included. */
export function forecastSum(m: DemandModel, from: number, to: number): number {
  let s = 0;
  for (let h = from; h <= to; h++) s += forecastDay(m, h);
  return s;
}

/** Velocity: the units a day expected over the coming week (the weekdays average out). */
export function velocity(m: DemandModel): number {
  return forecastSum(m, 1, 7) / 7;
}

/**
 * The standard normal quantile of a service level (Acklam's rational approximation, error below
 * 1.2e-9): 0.95 → 1.645, the safety factor of a 95 % chance not to run out during a lead time.
 */
export function serviceZ(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError('service level must be between 0 and 1');
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155922803];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - lo) return -serviceZ(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}
