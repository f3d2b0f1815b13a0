/**
 * Reconciliation on the wire (docs/reconciliation.md): the problems found between what was shipped
 * and what the marketplaces paid, `GET /api/payouts/reconciliation` and
 * `POST /api/payouts/reconciliation/{id}/resolve`. Amounts are integer cents (contract/money.ts).
 * Browser-safe: zod only.
 */
import { z } from 'zod';
import { listQuery } from './api';
import { text } from './fields';
import { MARKETPLACES, type Marketplace } from './orders';
import { formatCents } from './money';

export { reconciliationLive, reconciliationPermissions } from './modules/reconciliation';

export const PROBLEM_KINDS = ['shipped_unpaid', 'fee_above_schedule', 'payout_lines_mismatch', 'refund_without_return', 'order_not_found'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export const PROBLEM_STATUSES = ['open', 'accepted', 'disputed', 'resolved'] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];

export const PROBLEM_KIND_LABEL: Record<ProblemKind, string> = {
  shipped_unpaid: 'Shipped, not paid',
  fee_above_schedule: 'Fee above schedule',
  payout_lines_mismatch: "Lines don't add up",
  refund_without_return: 'Refund without a return',
  order_not_found: 'Order not found',
};
export const PROBLEM_STATUS_LABEL: Record<ProblemStatus, string> = { open: 'Open', accepted: 'Accepted', disputed: 'Disputed', resolved: 'Resolved' };

/**
 * Kinds whose acceptance writes the receivable off: what the books still expect for them will not come
 * (a fee above the schedule and a refund without a return were posted with their payout already).
 */
export const WRITE_OFF_KINDS: ReadonlySet<ProblemKind> = new Set(['shipped_unpaid', 'payout_lines_mismatch']);

/** The figures a problem was computed from (all optional: each kind fills its own). */
export const problemFacts = z.object({
  shipped_at: z.string().optional(),
  expected_date: z.string().optional(),
  expected_cents: z.number().int().optional(),
  charged_cents: z.number().int().optional(),
  deposit_cents: z.number().int().optional(),
  lines_cents: z.number().int().optional(),
  refund_cents: z.number().int().optional(),
  external_order_id: z.string().nullable().optional(),
  external_payout_id: z.string().optional(),
});
export type ProblemFacts = z.infer<typeof problemFacts>;

const money = (c: number | undefined) => formatCents(c ?? 0);

/** What the problem is, in words, from its figures. */
export function problemExplanation(kind: ProblemKind, f: ProblemFacts, marketplace: Marketplace): string {
  const m = marketplace === 'ebay' ? 'eBay' : marketplace[0].toUpperCase() + marketplace.slice(1);
  switch (kind) {
    case 'shipped_unpaid':
      return `Shipped ${f.shipped_at?.slice(0, 10) ?? ''}; ${m} should have paid it by ${f.expected_date ?? ''} and no payout line pays it.`;
    case 'fee_above_schedule':
      return `${m} charged ${money(f.charged_cents)} in fees; the fee schedule says ${money(f.expected_cents)}.`;
    case 'payout_lines_mismatch':
      return `Payout ${f.external_payout_id ?? ''} deposited ${money(f.deposit_cents)} but its lines add up to ${money(f.lines_cents)}.`;
    case 'refund_without_return':
      return `${m} refunded ${money(f.refund_cents)} for this order, and it has no return.`;
    case 'order_not_found':
      return `A payout line pays ${m} order ${f.external_order_id ?? ''}, which is not among your orders.`;
  }
}

/** What to do about it, in words. */
export const PROBLEM_ADVICE: Record<ProblemKind, string> = {
  shipped_unpaid: 'Check the order on the marketplace. If it was paid in a payout you have not imported, upload that settlement; if the marketplace owes it, dispute it with them; if it will never be paid, accept the loss (it is written off the receivable).',
  fee_above_schedule: 'Open a case with the marketplace asking for the difference back and mark it disputed; accept it if the fee is right (a fee the schedule does not know): the books already count it as a fee.',
  payout_lines_mismatch: 'Compare the deposit on your bank statement with the payout; ask the marketplace for the missing lines and dispute it, or accept the difference (it is written off the receivable).',
  refund_without_return: 'Ask the buyer to return the item or the marketplace to reverse the refund; accept it if you agreed to refund without a return.',
  order_not_found: 'Import the order from the marketplace (its order report) so the payment is matched; dispute it if the order is not yours.',
};

// ---- queries and bodies ---------------------------------------------------------------------

const csvEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string().max(500), z.array(z.string().max(100)).max(values.length * 2)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).min(1).max(values.length));

export const PROBLEM_SORTS = ['found_at', 'amount_cents', 'kind', 'status'] as const;

/** GET /api/payouts/reconciliation: filters (kind, status, marketplace), sort, search by order or payout id, offset pages. */
export const problemListQuery = listQuery.extend({
  sort: z.enum(PROBLEM_SORTS).default('found_at'),
  kind: csvEnum(PROBLEM_KINDS).optional(),
  status: csvEnum(PROBLEM_STATUSES).optional(),
  marketplace: csvEnum(MARKETPLACES).optional(),
});
export type ProblemListQuery = z.infer<typeof problemListQuery>;

export const problemParams = z.object({ id: z.uuid() });

export const RESOLVE_ACTIONS = ['accept', 'dispute'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

/** POST /api/payouts/reconciliation/{id}/resolve: accept, or dispute with a note saying why. */
export const resolveBody = z
  .object({ action: z.enum(RESOLVE_ACTIONS), note: text({ max: 2000 }).optional() })
  .refine((b) => b.action !== 'dispute' || (b.note ?? '').length > 0, { path: ['note'], message: 'Say why you dispute it (the note goes with the case)' });
export type ResolveBody = z.infer<typeof resolveBody>;

// ---- answers --------------------------------------------------------------------------------

export const problemRow = z.object({
  id: z.string(),
  kind: z.enum(PROBLEM_KINDS),
  status: z.enum(PROBLEM_STATUSES),
  marketplace: z.enum(MARKETPLACES),
  marketplace_id: z.string().nullable(),
  order_id: z.string().nullable(),
  payout_id: z.string().nullable(),
  payout_line_id: z.string().nullable(),
  amount_cents: z.number().int(),
  currency: z.string(),
  facts: problemFacts,
  /** What the problem is, in words. */
  explanation: z.string(),
  /** What to do about it, in words. */
  what_to_do: z.string(),
  note: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
  found_at: z.string(),
});
export type ProblemRow = z.infer<typeof problemRow>;
