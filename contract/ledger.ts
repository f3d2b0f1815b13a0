/**
 * The double-entry ledger's wire contract (docs/ledger.md): the chart of accounts (named here once),
 * the kinds of journal entries, and the answers of `GET /api/ledger/accounts` and
 * `GET /api/ledger/entries`.
 *
 * **Sign.** A posting's `amount_cents` is signed integer cents (contract/money.ts): a debit is
 * positive, a credit negative. Every entry's postings sum to zero per currency (the database refuses
 * anything else, 0036_ledger.sql), so all balances of a tenant sum to zero: assets and expenses
 * carry positive balances, liabilities, revenue and the contra-revenue's reversal negative ones.
 */
import { z } from 'zod';
import { MARKETPLACES, type Marketplace } from './orders';
import { cursor, isoDateTime, queryInt, text } from './fields';
import { PAGE } from './constants';

export { ledgerPermissions } from './modules/ledger';

export const ACCOUNT_TYPES = ['asset', 'liability', 'revenue', 'contra_revenue', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export interface LedgerAccountSpec {
  readonly code: string;
  readonly type: AccountType;
  readonly name: string;
}

/** The accounts every tenant's chart has (receivables: one per marketplace, below). */
export const LEDGER_ACCOUNTS = {
  cash: { code: 'cash', type: 'asset', name: 'Cash' },
  holdback: { code: 'holdback', type: 'asset', name: 'Holdback' },
  /** What a marketplace withholds from payouts as a reserve until it releases it (docs/payouts.md). */
  marketplaceReserve: { code: 'marketplace_reserve', type: 'asset', name: 'Marketplace reserve' },
  supplierPayable: { code: 'supplier_payable', type: 'liability', name: 'Supplier payable' },
  shippingPayable: { code: 'shipping_payable', type: 'liability', name: 'Shipping payable' },
  advancePrincipal: { code: 'advance_principal', type: 'liability', name: 'Advance principal' },
  salesRevenue: { code: 'sales_revenue', type: 'revenue', name: 'Sales revenue' },
  refunds: { code: 'refunds', type: 'contra_revenue', name: 'Refunds' },
  costOfGoods: { code: 'cost_of_goods', type: 'expense', name: 'Supplier cost (cost of goods)' },
  shippingExpense: { code: 'shipping_expense', type: 'expense', name: 'Shipping (labels)' },
  marketplaceFees: { code: 'marketplace_fees', type: 'expense', name: 'Marketplace fees' },
  advanceFees: { code: 'advance_fees', type: 'expense', name: 'Advance fees' },
  /** What payouts' adjustment lines took (positive) or gave back (negative): reversals, reimbursements (docs/payouts.md). */
  marketplaceAdjustments: { code: 'marketplace_adjustments', type: 'expense', name: 'Marketplace adjustments' },
} as const satisfies Record<string, LedgerAccountSpec>;

const MARKETPLACE_NAMES: Record<Marketplace, string> = { amazon: 'Amazon', ebay: 'eBay', walmart: 'Walmart', shopify: 'Shopify' };

/** What a marketplace owes the tenant for its sales until it pays out: `marketplace_receivable:<marketplace>`. */
export function receivableAccount(m: Marketplace): LedgerAccountSpec {
  return { code: `marketplace_receivable:${m}`, type: 'asset', name: `Receivable from ${MARKETPLACE_NAMES[m]}` };
}

/** The whole chart, in the order the accounts are listed. */
export const LEDGER_CHART: readonly LedgerAccountSpec[] = [
  LEDGER_ACCOUNTS.cash,
  ...MARKETPLACES.map(receivableAccount),
  LEDGER_ACCOUNTS.holdback,
  LEDGER_ACCOUNTS.marketplaceReserve,
  LEDGER_ACCOUNTS.supplierPayable,
  LEDGER_ACCOUNTS.shippingPayable,
  LEDGER_ACCOUNTS.advancePrincipal,
  LEDGER_ACCOUNTS.salesRevenue,
  LEDGER_ACCOUNTS.refunds,
  LEDGER_ACCOUNTS.costOfGoods,
  LEDGER_ACCOUNTS.shippingExpense,
  LEDGER_ACCOUNTS.marketplaceFees,
  LEDGER_ACCOUNTS.advanceFees,
  LEDGER_ACCOUNTS.marketplaceAdjustments,
];

export const LEDGER_ACCOUNT_BY_CODE: ReadonlyMap<string, LedgerAccountSpec> = new Map(LEDGER_CHART.map((a) => [a.code, a]));

/** What caused an entry (the database checks the same list, 0046_payout_reversal.sql). */
export const ENTRY_KINDS = [
  'sale', 'sale_reversal', 'supplier_cost', 'supplier_cost_reversal', 'label', 'label_void', 'refund', 'settlement', 'opening', 'adjustment',
  'refund_fee_clawback', 'payout_adjustment', 'reserve_held', 'reserve_released', 'payout_reversal',
  'supplier_payment', 'carrier_payment', 'reconciliation_writeoff',
  'advance_disbursed', 'advance_fee', 'advance_repayment', 'advance_payoff',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** The business objects an entry comes from. */
export const OBJECT_TYPES = ['order', 'purchase_order', 'shipment', 'return', 'settlement', 'payout_line', 'reconciliation_problem', 'advance', 'tenant'] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];

// ---- answers -------------------------------------------------------------------------------------

export const ledgerBalance = z.object({ currency: z.string(), balance_cents: z.number().int() });

/** A row of GET /api/ledger/accounts: an account of the chart and its balance from the postings. */
export const ledgerAccountRow = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  /** The balance in the default currency (USD): debits positive, credits negative. */
  balance_cents: z.number().int(),
  /** The balance in each currency the account has postings in. */
  balances: z.array(ledgerBalance),
});
export type LedgerAccountRow = z.infer<typeof ledgerAccountRow>;

export const ledgerPosting = z.object({ account: z.string(), amount_cents: z.number().int(), currency: z.string() });
export type LedgerPosting = z.infer<typeof ledgerPosting>;

/** A row of GET /api/ledger/entries: a journal entry with its postings and where it came from. */
export const ledgerEntryRow = z.object({
  id: z.string(),
  occurred_at: z.string(),
  kind: z.enum(ENTRY_KINDS),
  description: z.string(),
  object: z.object({ type: z.enum(OBJECT_TYPES), id: z.string() }),
  /** The tenant's number of the event that caused it (the events API's `id`), when one did. */
  event_seq: z.number().int().nullable(),
  /** The entry this one reverses. */
  reverses_id: z.string().nullable(),
  postings: z.array(ledgerPosting),
});
export type LedgerEntryRow = z.infer<typeof ledgerEntryRow>;

/** GET /api/ledger/entries: newest first, keyset pages (`cursor` from the previous page's `next_cursor`). */
export const ledgerEntriesQuery = z.object({
  account: text({ max: 64 }).optional(),
  from: isoDateTime().optional(),
  to: isoDateTime().optional(),
  limit: queryInt(1, PAGE.maxSize).default(PAGE.defaultSize),
  cursor: cursor.optional(),
});
export type LedgerEntriesQuery = z.infer<typeof ledgerEntriesQuery>;
