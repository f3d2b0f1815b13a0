/**
 * Marketplace fees and order totals — docs/product/business-rules.md. total = subtotal + shipping + tax (what the buyer paid);
 * fees = the marketplace's commission, deducted from the payout, not part of the total.
 */
import type { Marketplace } from '../../contract/orders';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Referral/final-value fee schedules, simplified to one rate per marketplace. */
export function marketplaceFee(marketplace: Marketplace, subtotal: number, shipping: number): number {
  switch (marketplace) {
    case 'amazon':
      return round2(subtotal * 0.15);
    case 'ebay':
      return round2((subtotal + shipping) * 0.1325 + 0.3);
    case 'walmart':
      return round2(subtotal * 0.15);
    case 'shopify':
      return round2((subtotal + shipping) * 0.029 + 0.3);
  }
}

export interface OrderLine { quantity: number; unit_price: number }

export function orderTotals(marketplace: Marketplace, lines: OrderLine[], shipping: number, tax: number) {
  const subtotal = round2(lines.reduce((s, l) => s + l.quantity * l.unit_price, 0));
  return {
    subtotal,
    shipping: round2(shipping),
    tax: round2(tax),
    fees: marketplaceFee(marketplace, subtotal, shipping),
    total: round2(subtotal + shipping + tax),
  };
}
