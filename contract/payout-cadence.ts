/**
 * How often each marketplace pays a seller out (docs/capital.md "Cash-out estimate"), in days: Amazon
 * every 14 days, eBay daily, Walmart weekly, Shopify every 2 days. Named once here: the capital
 * snapshot's `est_days_to_cashout` reads it, and so may the payouts' expected dates.
 */
import type { Marketplace } from './orders';

export const PAYOUT_CADENCE_DAYS: Readonly<Record<Marketplace, number>> = {
  amazon: 14,
  ebay: 1,
  walmart: 7,
  shopify: 2,
};
