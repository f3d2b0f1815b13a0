/**
 * The ledger write-off of an accepted problem (docs/reconciliation.md "Resolving"; docs/ledger.md
 * "What posts what"): the money the receivable still holds for it will not come, so it leaves the
 * receivable. A fee above the schedule becomes a marketplace fee; an order the marketplace never paid
 * becomes a marketplace adjustment (what payouts took). Other kinds move no money of the books.
 */
import { LEDGER_ACCOUNTS as A, receivableAccount } from '../../../contract/ledger';
import type { Marketplace } from '../../../contract/orders';
import type { ProblemKind } from '../../../contract/reconciliation';
import { cents } from '../../../contract/money';
import { assertBalanced, type JournalEntry } from '../ledger/journal';

export interface WriteOffFacts { problemId: string; kind: ProblemKind; marketplace: Marketplace; amountCents: number; currency: string; orderId: string | null }

export function writeOffEntry(p: WriteOffFacts): JournalEntry | null {
  if (p.amountCents <= 0) return null;
  const expense = p.kind === 'fee_above_schedule' ? A.marketplaceFees.code : p.kind === 'shipped_unpaid' ? A.marketplaceAdjustments.code : null;
  if (!expense) return null;
  const what = p.kind === 'fee_above_schedule' ? 'fee above schedule accepted' : 'unpaid order written off';
  return assertBalanced({
    key: `reconciliation:${p.problemId}:writeoff`,
    kind: 'reconciliation_writeoff',
    description: `${p.orderId ?? p.problemId}: ${what}`,
    objectType: 'reconciliation_problem',
    objectId: p.problemId,
    eventSeq: null,
    reversesId: null,
    postings: [
      { account: expense, amount: cents(p.amountCents), currency: p.currency },
      { account: receivableAccount(p.marketplace).code, amount: cents(-p.amountCents), currency: p.currency },
    ],
  });
}
