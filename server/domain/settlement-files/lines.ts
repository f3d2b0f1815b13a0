/**
 * What an uploaded payout file becomes (docs/reconciliation.md "Uploads"): payouts, each with its
 * lines in signed integer cents (contract/money.ts). A line is a sale, a marketplace fee by type, a
 * refund, a reserve held or released, or an adjustment; a positive amount is paid to the seller, a
 * negative one taken. The parsers (amazon-settlement.ts, shopify-payouts.ts) only read: matching the
 * lines to orders is the reconciliation's (reconcile-rules.ts, server/api/reconciliation/).
 */
import type { RowError } from '../csv';
import { addCents, subtractCents } from '../../../contract/money';

export const LINE_KINDS = ['sale', 'fee', 'refund', 'reserve_held', 'reserve_released', 'adjustment'] as const;
export type LineKind = (typeof LINE_KINDS)[number];
export const FEE_TYPES = ['referral', 'fulfillment', 'payment_processing', 'advertising'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

export interface ParsedLine {
  /** The file's row (header = 1). */
  row: number;
  kind: LineKind;
  /** Set on a fee, null otherwise. */
  feeType: FeeType | null;
  /** The marketplace's order id, when the line belongs to an order. */
  externalOrderId: string | null;
  amountCents: number;
  /** The marketplace's own words for the line ("Commission", "charge"…). */
  description: string;
  postedAt: Date | null;
}

export interface ParsedPayout {
  /** The row that opened it (Amazon: its summary row; Shopify: its first transaction). */
  row: number;
  /** The marketplace's settlement / payout id. */
  externalId: string;
  periodStart: Date;
  periodEnd: Date;
  /** The day the money reached (or reaches) the bank. */
  depositDate: Date | null;
  /** What the marketplace says it deposited (Amazon's total-amount; Shopify: the sum of Net). */
  depositCents: number;
  currency: string;
  /** `paid` once deposited, else `in_transit` (a Shopify payout not yet paid out). */
  status: 'paid' | 'in_transit';
  lines: ParsedLine[];
}

export interface PayoutsParse {
  payouts: ParsedPayout[];
  errors: RowError[];
  rowsTotal: number;
  /** Rows read but not taken, in words (a Shopify transaction not in a payout yet). */
  notes: string[];
}

/** The sums a payout's lines give, by kind (gross = sales, fees as a positive figure). */
export function payoutTotals(lines: readonly Pick<ParsedLine, 'kind' | 'amountCents' | 'externalOrderId'>[]): { grossCents: number; feesCents: number; netCents: number; ordersCount: number } {
  let gross = 0;
  let fees = 0;
  let net = 0;
  const orders = new Set<string>();
  for (const l of lines) {
    net = addCents(net, l.amountCents);
    if (l.kind === 'sale') gross = addCents(gross, l.amountCents);
    if (l.kind === 'fee') fees = subtractCents(fees, l.amountCents);
    if (l.kind === 'sale' && l.externalOrderId) orders.add(l.externalOrderId);
  }
  return { grossCents: gross, feesCents: fees, netCents: net, ordersCount: orders.size };
}
