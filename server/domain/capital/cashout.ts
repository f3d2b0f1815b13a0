/**
 * The cash-out estimate (docs/capital.md "Cash-out estimate"): when the money of the open orders
 * reaches the seller. Each marketplace pays on its cadence (contract/payout-cadence.ts) counted from
 * its last payout; a sale shipped on day s is in the first payout on or after s (an order not shipped
 * yet is counted as shipping today, the soonest it can). The estimate is the mean of the days until
 * those payouts, weighted by the sales, one decimal. Pure: days are whole UTC days since the epoch.
 */
import type { Marketplace } from '../../../contract/orders';
import { PAYOUT_CADENCE_DAYS } from '../../../contract/payout-cadence';

export interface OpenSales {
  marketplace: Marketplace;
  /** the UTC day it shipped (days since the epoch); null when not shipped yet */
  shippedDay: number | null;
  salesCents: number;
  count: number;
}

export const dayNumber = (ms: number) => Math.floor(ms / 86_400_000);

/** The day of the first payout on or after `shippedDay` (never before `today`). */
export function payoutDay(cadence: number, lastPayoutDay: number | null, shippedDay: number, today: number): number {
  const s = Math.max(shippedDay, today);
  if (lastPayoutDay === null) return Math.max(shippedDay + cadence, today);
  if (s <= lastPayoutDay) return lastPayoutDay + cadence;
  return lastPayoutDay + cadence * Math.ceil((s - lastPayoutDay) / cadence);
}

const oneDecimal = (x: number) => Math.round(x * 10) / 10;

export interface Estimate {
  days: number | null;
  byMarketplace: Map<Marketplace, { days: number | null; count: number; salesCents: number }>;
}

export function cashoutEstimate(open: readonly OpenSales[], lastPayout: ReadonlyMap<Marketplace, number>, today: number): Estimate {
  let w = 0;
  let sum = 0;
  const per = new Map<Marketplace, { w: number; sum: number; count: number; salesCents: number }>();
  for (const o of open) {
    const cadence = PAYOUT_CADENCE_DAYS[o.marketplace];
    const days = payoutDay(cadence, lastPayout.get(o.marketplace) ?? null, o.shippedDay ?? today, today) - today;
    // an order of nothing still waits: it weighs as one cent
    const weight = Math.max(1, o.salesCents);
    w += weight;
    sum += weight * days;
    const m = per.get(o.marketplace) ?? { w: 0, sum: 0, count: 0, salesCents: 0 };
    m.w += weight;
    m.sum += weight * days;
    m.count += o.count;
    m.salesCents += o.salesCents;
    per.set(o.marketplace, m);
  }
  return {
    days: w > 0 ? oneDecimal(sum / w) : null,
    byMarketplace: new Map([...per].map(([k, m]) => [k, { days: m.w > 0 ? oneDecimal(m.sum / m.w) : null, count: m.count, salesCents: m.salesCents }])),
  };
}
