/**
 * A variant's forecast and what to do about it (docs/agents.md "Demand forecasting"), pure:
 * - stocked (the seller holds it): reorder point = demand over the supplier's lead time + safety
 *   stock at the service level (z × σ × √lead time); when stock on hand plus open purchase orders is
 *   at or below it, order up to the reorder point plus the review period's demand, rounded up to the
 *   supplier's minimum and whole packs;
 * - dropshipped (the suppliers hold it): days of cover at each supplier's stock, and for a best
 *   seller a warning naming the backup supplier before its first supplier runs out;
 * - a slow mover (too few units in the window to fit anything) keeps a minimum stock instead.
 * Every figure is kept in `explanation` and said in `summary`. Tests: tests/unit/agents-forecast.test.ts.
 */
import { fitDemand, forecastSum, serviceZ, velocity, type DemandModel } from './model';

export interface DemandSettings {
  /** Chance not to run out during a lead time (0.5 … 0.999). */
  service_level: number;
  /** Days of demand an order covers beyond its lead time. */
  review_days: number;
  /** Fewer units than this in the window: a slow mover. */
  slow_mover_units: number;
  /** What a slow mover keeps in stock. */
  slow_mover_min_stock: number;
  /** A dropshipped best seller warns when its first supplier has fewer days of cover than this. */
  warn_days: number;
  /** Units a day from which a variant is a best seller. */
  best_seller_daily: number;
  /** Days of sales history read. */
  history_days: number;
}

export const DEMAND_DEFAULTS: DemandSettings = {
  service_level: 0.95,
  review_days: 14,
  slow_mover_units: 4,
  slow_mover_min_stock: 1,
  warn_days: 14,
  best_seller_daily: 1,
  history_days: 182,
};

export interface SupplierStock {
  id: string;
  name: string;
  stock: number;
  /** 1 = the router's first choice. */
  priority: number;
}

export interface VariantInput {
  /** Units sold per day, oldest first, the last element the day before the run. */
  sales: readonly number[];
  /** Weekday (0 = Sunday) of `sales[0]`. */
  firstDow: number;
  mode: 'stocked' | 'dropship';
  onHand: number;
  openPo: number;
  leadTimeDays: number;
  packSize: number;
  minOrderQty: number;
  suppliers: readonly SupplierStock[];
}

export interface SupplierCover { id: string; name: string; stock: number; days: number | null }

export interface Explanation {
  velocity: number;
  trend_per_week: number;
  weekday_index: number[];
  history_days: number;
  units_in_history: number;
  sigma: number;
  lead_time_days: number;
  lead_time_demand: number;
  service_level: number;
  z: number;
  safety_stock: number;
  review_days: number;
  review_demand: number;
  on_hand: number;
  open_po: number;
  pack_size: number;
  min_order_qty: number;
  need: number;
  suppliers: SupplierCover[];
  backup_supplier: string | null;
}

export interface Forecast {
  mode: 'stocked' | 'dropship';
  daily_demand: number;
  trend_per_week: number;
  forecast_28d: number;
  days_of_cover: number | null;
  reorder_point: number | null;
  reorder_quantity: number | null;
  slow_mover: boolean;
  /** A best seller about to run out at its suppliers (dropship), or stock at or below the reorder point. */
  warning: string | null;
  /** Set when the warning is a dropshipped best seller running out: an alert goes out. */
  stockout_risk: boolean;
  explanation: Explanation;
  summary: string;
}

const r1 = (v: number) => Math.round(v * 10) / 10;
const r2 = (v: number) => Math.round(v * 100) / 100;
const units = (n: number) => `${n} unit${n === 1 ? '' : 's'}`;

/**
 * The quantity to order for a need: nothing for none, else at least the supplier's minimum, rounded
 * up to whole packs.
 */
export function reorderQuantity(need: number, packSize: number, minOrderQty: number): number {
  if (need <= 0) return 0;
  const pack = Math.max(1, Math.floor(packSize));
  const want = Math.max(Math.ceil(need), Math.max(1, Math.floor(minOrderQty)));
  return Math.ceil(want / pack) * pack;
}

/** Days the stock lasts at a velocity (null: it does not sell, so it does not run out). */
export function daysOfCover(stock: number, perDay: number): number | null {
  if (perDay <= 0) return null;
  return Math.max(0, stock) / perDay;
}

function coverWords(days: number | null): string {
  return days === null ? 'no sales to run out on' : `${r1(days)} days`;
}

export function forecastVariant(v: VariantInput, s: DemandSettings = DEMAND_DEFAULTS): Forecast {
  const m: DemandModel = fitDemand(v.sales, v.firstDow);
  const perDay = velocity(m);
  const trendWeek = m.slope * 7;
  const lead = Math.max(0, Math.ceil(v.leadTimeDays));
  const z = serviceZ(s.service_level);
  const slow = m.units < s.slow_mover_units;
  const leadDemand = forecastSum(m, 1, lead);
  const safety = z * m.sigma * Math.sqrt(lead);
  const reviewDemand = forecastSum(m, lead + 1, lead + s.review_days);
  const ordered = [...v.suppliers].sort((a, b) => a.priority - b.priority || b.stock - a.stock);
  const covers: SupplierCover[] = ordered.map((x) => ({ id: x.id, name: x.name, stock: x.stock, days: daysOfCover(x.stock, perDay) === null ? null : r1(daysOfCover(x.stock, perDay)!) }));
  const base: Omit<Explanation, 'need' | 'backup_supplier'> = {
    velocity: r2(perDay), trend_per_week: r2(trendWeek), weekday_index: m.weekday.map(r2), history_days: m.days, units_in_history: m.units,
    sigma: r2(m.sigma), lead_time_days: lead, lead_time_demand: r1(leadDemand), service_level: s.service_level, z: r2(z), safety_stock: r1(safety),
    review_days: s.review_days, review_demand: r1(reviewDemand), on_hand: v.onHand, open_po: v.openPo, pack_size: v.packSize,
    min_order_qty: v.minOrderQty, suppliers: covers,
  };
  const trendWords = Math.abs(trendWeek) < 0.005 ? 'steady' : `${trendWeek > 0 ? 'rising' : 'falling'} ${Math.abs(r2(trendWeek))} a day each week`;
  const salesWords = `Sells ${r2(perDay)} a day (${trendWords}; ${units(m.units)} in ${m.days} days)`;
  const forecast28 = Math.round(forecastSum(m, 1, 28));

  if (v.mode === 'dropship') {
    const total = ordered.reduce((sum, x) => sum + Math.max(0, x.stock), 0);
    const cover = daysOfCover(total, perDay);
    const first = ordered[0];
    const firstCover = first ? daysOfCover(first.stock, perDay) : null;
    const backup = ordered.slice(1).filter((x) => x.stock > 0).sort((a, b) => b.stock - a.stock)[0] ?? null;
    const best = perDay >= s.best_seller_daily;
    const risk = best && !slow && first !== undefined && firstCover !== null && firstCover < s.warn_days;
    const warning = risk
      ? `Best seller runs out at ${first.name} in about ${r1(firstCover)} days (${units(first.stock)} left, ${r2(perDay)} sold a day). ` +
        (backup ? `Backup: ${backup.name} with ${units(backup.stock)} (${coverWords(daysOfCover(backup.stock, perDay))}).` : 'No other supplier has stock.')
      : null;
    const supplierWords = ordered.length
      ? covers.map((c) => `${c.name} ${units(c.stock)} (${coverWords(c.days)})`).join(', ')
      : 'no supplier mapped';
    return {
      mode: 'dropship', daily_demand: r2(perDay), trend_per_week: r2(trendWeek), forecast_28d: forecast28,
      days_of_cover: cover === null ? null : r1(cover), reorder_point: null, reorder_quantity: null, slow_mover: slow,
      warning, stockout_risk: risk,
      explanation: { ...base, need: 0, backup_supplier: risk ? backup?.name ?? null : null },
      summary: `${salesWords}. Dropshipped: ${supplierWords}.${warning ? ` ${warning}` : ''}`,
    };
  }

  const position = v.onHand + v.openPo;
  const stockWords = `${units(v.onHand)} on hand, ${units(v.openPo)} on open purchase orders`;
  const packWords = `packs of ${v.packSize}, minimum ${v.minOrderQty}`;
  if (slow) {
    const rop = s.slow_mover_min_stock;
    const need = position <= rop ? rop + 1 - position : 0;
    const qty = reorderQuantity(need, v.packSize, v.minOrderQty);
    return {
      mode: 'stocked', daily_demand: r2(perDay), trend_per_week: r2(trendWeek), forecast_28d: forecast28,
      days_of_cover: daysOfCover(v.onHand, perDay) === null ? null : r1(daysOfCover(v.onHand, perDay)!), reorder_point: rop, reorder_quantity: qty,
      slow_mover: true, warning: null, stockout_risk: false,
      explanation: { ...base, need, backup_supplier: null },
      summary: `Sells too rarely to forecast (${units(m.units)} in ${m.days} days): keep at least ${units(rop)}. ${stockWords}: ` +
        (qty > 0 ? `order ${qty} (${packWords}).` : 'no order needed.'),
    };
  }

  const rop = Math.ceil(leadDemand + safety);
  const upTo = rop + reviewDemand;
  const need = position <= rop ? Math.ceil(upTo - position) : 0;
  const qty = reorderQuantity(need, v.packSize, v.minOrderQty);
  const cover = daysOfCover(v.onHand, perDay);
  const ropWords = `${lead}-day lead time needs ${r1(leadDemand)}, plus ${r1(safety)} safety stock at ${Math.round(s.service_level * 1000) / 10} % service: reorder at ${rop}`;
  return {
    mode: 'stocked', daily_demand: r2(perDay), trend_per_week: r2(trendWeek), forecast_28d: forecast28,
    days_of_cover: cover === null ? null : r1(cover), reorder_point: rop, reorder_quantity: qty, slow_mover: false,
    warning: qty > 0 ? `At or below its reorder point (${position} ≤ ${rop}): order ${qty}.` : null, stockout_risk: false,
    explanation: { ...base, need, backup_supplier: null },
    summary: `${salesWords}. ${ropWords}. ${stockWords}: ` +
      (qty > 0 ? `order ${qty} (needs ${need} to cover ${s.review_days} more days; ${packWords}).` : 'no order needed yet.'),
  };
}
