/**
 * Carrier rates and rate shopping (docs/dropshipping.md "Labels"): the sandbox rate table is 3
 * carriers × their services × weight bracket × zone; rate shopping picks the cheapest service that
 * delivers by the promised date. Pure: prices in integer cents, weights in grams, dates as
 * YYYY-MM-DD (calendar days; carriers in the sandbox deliver every day).
 */

export type CarrierCode = 'usps' | 'ups' | 'fedex';
export type Zone = 1 | 2 | 3;

/** Upper bounds of the weight brackets, grams; heavier parcels are refused. */
export const WEIGHT_BRACKETS = [500, 1000, 2000, 5000, 10000, 30000] as const;
export const MAX_WEIGHT_G = WEIGHT_BRACKETS[WEIGHT_BRACKETS.length - 1];

interface ServiceRow {
  carrier: CarrierCode;
  service: string;
  /** transit days for zones 1, 2, 3 */
  days: readonly [number, number, number];
  /** zone 1 price per weight bracket, cents */
  base: readonly [number, number, number, number, number, number];
}

/** Zone 2 costs 150 %, zone 3 250 % of the zone 1 price. */
export const ZONE_FACTOR_PERCENT: Record<Zone, number> = { 1: 100, 2: 150, 3: 250 };

export const RATE_TABLE: readonly ServiceRow[] = [
  { carrier: 'usps', service: 'ground_advantage', days: [5, 7, 12], base: [495, 645, 895, 1395, 2195, 4495] },
  { carrier: 'usps', service: 'priority', days: [3, 4, 8], base: [895, 1045, 1395, 1995, 2895, 5995] },
  { carrier: 'usps', service: 'priority_express', days: [1, 2, 5], base: [2895, 3195, 3695, 4595, 5995, 9995] },
  { carrier: 'ups', service: 'ground', days: [4, 6, 10], base: [1095, 1195, 1395, 1695, 2295, 3995] },
  { carrier: 'ups', service: '2nd_day_air', days: [2, 2, 4], base: [2195, 2495, 2895, 3795, 4995, 8995] },
  { carrier: 'ups', service: 'next_day_air', days: [1, 1, 3], base: [3995, 4395, 4995, 6295, 7995, 12995] },
  { carrier: 'fedex', service: 'ground', days: [4, 5, 10], base: [1045, 1145, 1345, 1745, 2345, 4095] },
  { carrier: 'fedex', service: 'express_saver', days: [3, 3, 6], base: [1795, 1995, 2395, 3195, 4395, 7995] },
  { carrier: 'fedex', service: 'priority_overnight', days: [1, 1, 3], base: [4195, 4595, 5195, 6495, 8295, 13495] },
];

/** Countries shipped to at the regional price from each other (North America, the EU core). */
const REGIONS: readonly (readonly string[])[] = [
  ['US', 'CA', 'MX'],
  ['DE', 'FR', 'NL', 'BE', 'AT', 'IT', 'ES', 'PL', 'DK', 'SE', 'IE', 'PT', 'LU', 'CZ'],
];

/** 1 domestic, 2 same region, 3 international. */
export function zoneFor(from: string, to: string): Zone {
  const f = from.toUpperCase();
  const t = to.toUpperCase();
  if (f === t) return 1;
  if (REGIONS.some((r) => r.includes(f) && r.includes(t))) return 2;
  return 3;
}

export interface Rate {
  carrier: CarrierCode;
  service: string;
  zone: Zone;
  rateCents: number;
  transitDays: number;
}

/** Every service's quote for a parcel; empty when it is heavier than the table goes. */
export function quoteRates(weightGrams: number, zone: Zone): Rate[] {
  const bracket = WEIGHT_BRACKETS.findIndex((max) => weightGrams <= max);
  if (bracket < 0 || weightGrams < 0) return [];
  return RATE_TABLE.map((r) => ({
    carrier: r.carrier,
    service: r.service,
    zone,
    rateCents: Math.round((r.base[bracket] * ZONE_FACTOR_PERCENT[zone]) / 100),
    transitDays: r.days[zone - 1],
  }));
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface ShopResult {
  rate: Rate;
  deliveryDate: string;
  /** false when no service makes the promise: the fastest one (then cheapest) is taken and the shipment is late */
  meetsPromise: boolean;
}

/**
 * The cheapest rate delivering by `promisedBy` when shipped on `shipDate`; ties go to the faster
 * service, then carrier and service name. With no promise, simply the cheapest.
 */
export function shopRates(rates: readonly Rate[], shipDate: string, promisedBy: string | null): ShopResult | null {
  if (rates.length === 0) return null;
  const key = (r: Rate) => `${r.carrier}/${r.service}`;
  const byCost = [...rates].sort((a, b) => a.rateCents - b.rateCents || a.transitDays - b.transitDays || key(a).localeCompare(key(b)));
  const meeting = promisedBy === null ? byCost : byCost.filter((r) => addDays(shipDate, r.transitDays) <= promisedBy);
  if (meeting.length) return { rate: meeting[0], deliveryDate: addDays(shipDate, meeting[0].transitDays), meetsPromise: true };
  const fastest = [...rates].sort((a, b) => a.transitDays - b.transitDays || a.rateCents - b.rateCents || key(a).localeCompare(key(b)))[0];
  return { rate: fastest, deliveryDate: addDays(shipDate, fastest.transitDays), meetsPromise: false };
}
