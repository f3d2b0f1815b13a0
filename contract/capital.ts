/**
 * Capital — the wire contract (docs/capital.md): the snapshot of `GET /api/capital`, the eligibility
 * answer and its offers, the advances and their commands, and the numbers the offers are made of
 * (CAPITAL_RULES). Every amount is integer cents (contract/money.ts); shares are basis points.
 * Browser-safe: the page reads these shapes too.
 */
import { z } from 'zod';
import { listQuery } from './api';
import { int, reqText, text } from './fields';

export { capitalLive } from './modules/capital';

export const OFFER_KINDS = ['receivables', 'merchant_cash', 'fixed_fee'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const OFFER_KIND_LABEL: Record<OfferKind, string> = {
  receivables: 'Receivables advance',
  merchant_cash: 'Merchant cash advance',
  fixed_fee: 'Fixed-fee term',
};

export const ADVANCE_STATUSES = ['requested', 'approved', 'rejected', 'disbursed', 'repaying', 'repaid'] as const;
export type AdvanceStatus = (typeof ADVANCE_STATUSES)[number];
/** An advance in these statuses is open: a tenant has at most one (the database's unique index says so too). */
export const OPEN_ADVANCE_STATUSES: readonly AdvanceStatus[] = ['requested', 'approved', 'disbursed', 'repaying'];
export const ADVANCE_STATUS_LABEL: Record<AdvanceStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  disbursed: 'Disbursed',
  repaying: 'Repaying',
  repaid: 'Repaid',
};

/** The switch's refusal (docs/capital.md "The switch"), word for word in the API's 409 and on the page. */
export const CAPITAL_FINANCE_OFF_MESSAGE = 'Capital financing is turned off on this server. Set FEATURE_CAPITAL_FINANCE=true to turn it on.';
export const CAPITAL_FINANCE_OFF_CODE = 'capital_finance_off';

/**
 * The numbers the offers are made of (docs/capital.md "Offers"). Shares in basis points (10000 = 100 %).
 * The three shapes the market uses: a receivables advance (Payability: 50–90 % of what the
 * marketplaces owe), a merchant cash advance (Shopify Capital: a factor on the principal, a fixed
 * share of each payout, early payoff allowed), a fixed-fee term (Clearco: a flat fee by term).
 */
export const CAPITAL_RULES = {
  /** The window the sales history is read over. */
  historyWindowDays: 90,
  /** Below either, no offer: too little sales history. */
  minHistoryDays: 30,
  minOrders: 10,
  /** Returned orders among those shipped in the window above this: no offer. */
  maxReturnRateBp: 1500,
  /** Risk tiers by return rate: below `lowBelowBp` low, below `mediumBelowBp` medium, else high. */
  risk: { lowBelowBp: 500, mediumBelowBp: 1000 },
  /** Open reconciliation problems cap every offer at this share of its amount. */
  reconciliationCapBp: 5000,
  /** No offer below this principal. */
  minPrincipalCents: 10_000,
  receivables: { advanceBp: 8000, feeBp: 200, holdbackBp: 10_000 },
  merchantCash: {
    /** The principal is at most this share of the window's sales. */
    maxOfSalesBp: 5000,
    /** factor 1.10 / 1.115 / 1.13 by risk tier, in basis points of the principal */
    factorBp: { low: 11_000, medium: 11_150, high: 11_300 },
    holdbackBp: { low: 1000, medium: 1200, high: 1500 },
  },
  fixedFee: {
    /** The principal is at most this share of a month's sales (the window's sales / 3). */
    maxOfMonthlySalesBp: 10_000,
    terms: [
      { months: 4, feeBp: 500 },
      { months: 5, feeBp: 625 },
      { months: 6, feeBp: 800 },
    ],
  },
} as const;
export const FIXED_FEE_MONTHS = [4, 5, 6] as const;
export type RiskTier = 'low' | 'medium' | 'high';

// ---- snapshot ------------------------------------------------------------------------------------

export const cashflowDay = z.object({
  date: z.string(),
  /** cash in: payouts and advances disbursed */
  in: z.number().int(),
  /** cash out: supplier cost, labels and advance repayments */
  out: z.number().int(),
  net: z.number().int(),
});
export type CashflowDay = z.infer<typeof cashflowDay>;

export const capitalSnapshot = z.object({
  /** supplier and label cost of the open orders (not yet paid out), cents */
  capital_committed: z.number().int(),
  orders_open_count: z.number().int(),
  /** days until the open orders' money is paid out, weighted by their sales; null without open orders */
  est_days_to_cashout: z.number().nullable(),
  /** what the marketplaces owe for shipped sales and hold back, cents (the receivables and holdback balances) */
  cash_in_transit: z.number().int(),
  /** principal and fee of advances not yet repaid, cents (the advance_principal balance) */
  advances_outstanding: z.number().int(),
  currency: z.string(),
  /** whether this server takes advance requests (FEATURE_CAPITAL_FINANCE) */
  financing_enabled: z.boolean(),
  /** the last 90 days, oldest first, every day present */
  cashflow: z.array(cashflowDay),
  by_marketplace: z.array(z.object({
    marketplace: z.string(),
    orders_open_count: z.number().int(),
    open_sales_cents: z.number().int(),
    cadence_days: z.number().int(),
    est_days_to_cashout: z.number().nullable(),
  })),
});
export type CapitalSnapshot = z.infer<typeof capitalSnapshot>;

/** GET /capital/summary: the dashboard's Advances Outstanding card, two figures of the snapshot without the rest. */
export const capitalSummary = capitalSnapshot.pick({ advances_outstanding: true, orders_open_count: true, currency: true });
export type CapitalSummary = z.infer<typeof capitalSummary>;

// ---- eligibility ---------------------------------------------------------------------------------

export const capitalReason = z.object({
  code: z.enum(['short_history', 'few_orders', 'returns_high', 'reconciliation_open', 'advance_outstanding', 'nothing_receivable', 'below_minimum', 'financing_off']),
  /** deny: no offer of the kinds it names; cap: the amount is lowered; info: nothing changes */
  effect: z.enum(['deny', 'cap', 'info']),
  message: z.string(),
});
export type CapitalReason = z.infer<typeof capitalReason>;

export const capitalOffer = z.object({
  /** `receivables`, `merchant_cash`, `fixed_fee_4m`… */
  id: z.string(),
  kind: z.enum(OFFER_KINDS),
  title: z.string(),
  max_principal_cents: z.number().int(),
  principal_cents: z.number().int(),
  fee_cents: z.number().int(),
  /** principal + fee: what is repaid */
  total_repay_cents: z.number().int(),
  /** the cost of the money: the fee */
  total_cost_cents: z.number().int(),
  holdback_bp: z.number().int(),
  term_months: z.number().int().nullable(),
  factor: z.number().nullable(),
  fee_rate_bp: z.number().int(),
  /** days to repay at the window's payout pace */
  est_repayment_days: z.number().int().nullable(),
  early_payoff: z.boolean(),
  description: z.string(),
  reasons: z.array(z.string()),
});
export type CapitalOffer = z.infer<typeof capitalOffer>;

export const eligibilityBasis = z.object({
  history_days: z.number().int(),
  orders: z.number().int(),
  sales_cents: z.number().int(),
  shipped_orders: z.number().int(),
  returned_orders: z.number().int(),
  return_rate_bp: z.number().int(),
  receivables_cents: z.number().int(),
  open_problems: z.number().int(),
  outstanding_advance: z.string().nullable(),
  risk: z.enum(['low', 'medium', 'high']),
});
export type EligibilityBasis = z.infer<typeof eligibilityBasis>;

export const eligibilityAnswer = z.object({
  eligible: z.boolean(),
  offers: z.array(capitalOffer),
  reasons: z.array(capitalReason),
  basis: eligibilityBasis,
  financing_enabled: z.boolean(),
});
export type EligibilityAnswer = z.infer<typeof eligibilityAnswer>;

// ---- advances ------------------------------------------------------------------------------------

export const advanceRow = z.object({
  id: z.string(),
  number: z.string(),
  offer_kind: z.enum(OFFER_KINDS),
  status: z.enum(ADVANCE_STATUSES),
  principal_cents: z.number().int(),
  fee_cents: z.number().int(),
  total_cents: z.number().int(),
  repaid_cents: z.number().int(),
  outstanding_cents: z.number().int(),
  holdback_bp: z.number().int(),
  term_months: z.number().int().nullable(),
  terms: z.record(z.string(), z.unknown()),
  currency: z.string(),
  order_id: z.string().nullable(),
  reasons: z.array(z.string()),
  requested_by_email: z.string().nullable(),
  requested_at: z.string(),
  decided_by_email: z.string().nullable(),
  decided_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
  disbursed_at: z.string().nullable(),
  repaid_at: z.string().nullable(),
});
export type AdvanceRow = z.infer<typeof advanceRow>;

export const ADVANCE_SORTS = ['requested_at', 'principal_cents', 'status'] as const;
export const advancesQuery = listQuery.extend({
  sort: z.enum(ADVANCE_SORTS).default('requested_at'),
  status: z.enum(ADVANCE_STATUSES).optional(),
  order_id: text({ max: 40 }).optional(),
});
export type AdvancesQuery = z.infer<typeof advancesQuery>;

export const advanceRequest = z.object({
  kind: z.enum(OFFER_KINDS),
  principal_cents: int(1, 100_000_000_00),
  /** a fixed-fee term's months (4, 5 or 6) */
  term_months: z.union([z.literal(4), z.literal(5), z.literal(6)]).optional(),
  /** ties the advance to one order */
  order_id: text({ max: 40 }).optional(),
}).superRefine((b, ctx) => {
  if (b.kind === 'fixed_fee' && b.term_months === undefined) ctx.addIssue({ code: 'custom', path: ['term_months'], message: 'A fixed-fee term needs its months: 4, 5 or 6' });
  if (b.kind !== 'fixed_fee' && b.term_months !== undefined) ctx.addIssue({ code: 'custom', path: ['term_months'], message: 'Only a fixed-fee term has months' });
});
export type AdvanceRequest = z.infer<typeof advanceRequest>;

export const advanceReject = z.object({ reason: reqText(500) });
export const advanceIdParams = z.object({ id: z.uuid() });
