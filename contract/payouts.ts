/**
 * Payouts on the wire (docs/payouts.md): a marketplace's payout (a row of marketplace_settlements,
 * 0039_payouts.sql) with its lines per order. Money is signed integer cents (contract/money.ts): a
 * line's `amount_cents` is what it adds to the deposit (a sale positive; a fee, a refund, a reserve
 * held negative; a reserve released positive; an adjustment either way).
 * Browser-safe: zod only.
 */
import { z } from 'zod';
import { listQuery, pageQuery } from './api';
import { isoDate } from './fields';
import { MARKETPLACES } from './orders';

export { payoutsPermissions } from './modules/payouts';

/**
 * `scheduled`: announced, not sent; `in_transit`: sent to the seller's bank, not arrived;
 * `paid`: arrived (`received_date`); `failed`: the bank refused it (the marketplace retries).
 */
export const PAYOUT_STATUSES = ['scheduled', 'in_transit', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Where the payout came from: a connector's pull, or a file the seller uploaded (POST /api/imports/{kind}). */
export const PAYOUT_SOURCES = ['connector', 'import'] as const;
export type PayoutSource = (typeof PAYOUT_SOURCES)[number];

export const PAYOUT_LINE_KINDS = ['sale', 'fee', 'refund', 'reserve_held', 'reserve_released', 'adjustment'] as const;
export type PayoutLineKind = (typeof PAYOUT_LINE_KINDS)[number];

/** A fee line's type (set on `fee` lines only). */
export const FEE_TYPES = ['referral', 'fulfillment', 'payment_processing', 'advertising'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

export const PAYOUT_STATUS_LABEL: Record<PayoutStatus, string> = { scheduled: 'Scheduled', in_transit: 'In transit', paid: 'Paid', failed: 'Failed' };
export const PAYOUT_LINE_KIND_LABEL: Record<PayoutLineKind, string> = {
  sale: 'Sale', fee: 'Fee', refund: 'Refund', reserve_held: 'Reserve held', reserve_released: 'Reserve released', adjustment: 'Adjustment',
};
export const FEE_TYPE_LABEL: Record<FeeType, string> = { referral: 'Referral', fulfillment: 'Fulfillment', payment_processing: 'Payment processing', advertising: 'Advertising' };

/** A row of GET /api/payouts. */
export const payoutRow = z.object({
  id: z.string(),
  /** The marketplace's payout id (search matches it). */
  external_id: z.string(),
  marketplace_id: z.string(),
  /** The account's name and its marketplace. */
  account_name: z.string(),
  marketplace: z.enum(MARKETPLACES),
  period_start: z.string(),
  period_end: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  currency: z.string(),
  source: z.enum(PAYOUT_SOURCES),
  orders_count: z.number().int(),
  /** Sales. */
  gross_cents: z.number().int(),
  /** Fees taken (a positive amount). */
  fees_cents: z.number().int(),
  /** Refunds taken (a positive amount). */
  refunds_cents: z.number().int(),
  /** Reserve held minus released (positive: withheld). */
  reserve_cents: z.number().int(),
  /** Adjustments (positive: paid to the seller). */
  adjustments_cents: z.number().int(),
  /** The deposit. */
  net_cents: z.number().int(),
  /** YYYY-MM-DD. */
  expected_date: z.string().nullable(),
  received_date: z.string().nullable(),
  lines_count: z.number().int(),
  created_at: z.string(),
});
export type PayoutRow = z.infer<typeof payoutRow>;

export const PAYOUT_SORTS = ['period_end', 'expected_date', 'received_date', 'net_cents', 'gross_cents', 'created_at'] as const;

const csvEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string().max(500), z.array(z.string().max(100)).max(values.length * 2)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).min(1).max(values.length));

/** GET /api/payouts and /api/payouts/export.csv: filters, sort, search by payout id, offset pages. */
export const payoutListQuery = listQuery.extend({
  sort: z.enum(PAYOUT_SORTS).default('period_end'),
  marketplace: csvEnum(MARKETPLACES).optional(),
  marketplace_id: z.uuid().optional(),
  status: csvEnum(PAYOUT_STATUSES).optional(),
  /** The payout's period ends on or after / on or before (YYYY-MM-DD). */
  from: isoDate().optional(),
  to: isoDate().optional(),
});
export type PayoutListQuery = z.infer<typeof payoutListQuery>;

export const payoutParams = z.object({ id: z.uuid() });

/** A line of a payout. */
export const payoutLineRow = z.object({
  id: z.string(),
  line_no: z.number().int(),
  kind: z.enum(PAYOUT_LINE_KINDS),
  fee_type: z.enum(FEE_TYPES).nullable(),
  /** Our order, when the marketplace's order id matched one. */
  order_id: z.string().nullable(),
  external_order_id: z.string().nullable(),
  external_line_id: z.string().nullable(),
  amount_cents: z.number().int(),
  currency: z.string(),
  description: z.string(),
  posted_at: z.string(),
});
export type PayoutLineRow = z.infer<typeof payoutLineRow>;

/** The sum of a payout's lines of one kind (and fee type). */
export const payoutTotal = z.object({
  kind: z.enum(PAYOUT_LINE_KINDS),
  fee_type: z.enum(FEE_TYPES).nullable(),
  lines: z.number().int(),
  amount_cents: z.number().int(),
});
export type PayoutTotal = z.infer<typeof payoutTotal>;

/** GET /api/payouts/{id}: the payout, its totals by kind and a page of its lines. */
export const payoutDetail = payoutRow.extend({
  totals: z.array(payoutTotal),
  /** The sum of every line; equals net_cents unless the deposit and its lines disagree. */
  lines_total_cents: z.number().int(),
  lines: z.array(payoutLineRow),
  lines_page: z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() }),
});
export type PayoutDetail = z.infer<typeof payoutDetail>;

/** GET /api/payouts/{id}?lines_limit&lines_offset&kind: the page of lines. */
export const payoutDetailQuery = z.object({
  lines_limit: pageQuery.shape.limit,
  lines_offset: pageQuery.shape.offset,
  kind: z.enum(PAYOUT_LINE_KINDS).optional(),
});
export type PayoutDetailQuery = z.infer<typeof payoutDetailQuery>;

/** GET /api/payouts/weekly?weeks: net paid per week and marketplace (the /payments chart). */
export const payoutWeeklyQuery = z.object({ weeks: z.coerce.number().int().min(1).max(104).default(12) });
export const payoutWeekRow = z.object({ week: z.string(), marketplace: z.enum(MARKETPLACES), net_cents: z.number().int(), payouts: z.number().int() });
export type PayoutWeekRow = z.infer<typeof payoutWeekRow>;

