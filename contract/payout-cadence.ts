/**
 * How often each marketplace pays a seller out (docs/capital.md "Snapshot"), in days: Amazon every
 * 14 days, eBay daily, Walmart weekly, Shopify every 2 days. The numbers live once, in THE fee
 * schedule (`payout_every_days` of contract/marketplaces.ts FEE_SCHEDULES, which the sandbox pays
 * out on); this is the map the capital snapshot's `est_days_to_cashout` and payouts' expected dates read.
 */
import { FEE_SCHEDULES } from './marketplaces';
import { MARKETPLACES, type Marketplace } from './orders';

export const PAYOUT_CADENCE_DAYS: Readonly<Record<Marketplace, number>> = Object.fromEntries(
  MARKETPLACES.map((m) => [m, FEE_SCHEDULES[m].payout_every_days]),
) as Record<Marketplace, number>;
