/**
 * The ledger write-off of an accepted problem (docs/reconciliation.md "Resolving"; docs/ledger.md
 * "What posts what"): what the marketplace's receivable still carries for it will not come, so it
 * leaves the receivable for `marketplace_adjustments` (what payouts took):
 * - an order shipped and never paid: its sale as recognized (items + shipping − the scheduled fee);
 * - a payout whose deposit is short of its lines: the difference (a deposit above its lines, the
 *   other way round), since the settlement moved only the deposit.
 * A fee above the schedule and a refund without a return were posted when their payout was
 * (server/domain/ledger/payout-entries.ts): the receivable no longer carries them, nothing is written.
 */
import { LEDGER_ACCOUNTS as A, receivableAccount } from '../../../contract/ledger';
import type { Marketplace } from '../../../contract/orders';
import type { ProblemFacts, ProblemKind } from '../../../contract/reconciliation';
import { cents, subtractCents } from '../../../contract/money';
import { assertBalanced, type JournalEntry } from '../ledger/journal';

export interface WriteOffFacts { problemId: string; kind: ProblemKind; marketplace: Marketplace; amountCents: number; currency: string; label: string; facts: ProblemFacts }

/** What the receivable still carries for the problem (signed: positive = owed to the seller), 0 when nothing. */
export function carriedCents(p: Pick<WriteOffFacts, 'kind' | 'amountCents' | 'facts'>): number {
  if (p.kind === 'shipped_unpaid') return p.amountCents;
  if (p.kind === 'payout_lines_mismatch') return subtractCents(p.facts.lines_cents ?? 0, p.facts.deposit_cents ?? 0);
  return 0;
}

export function writeOffEntry(p: WriteOffFacts): JournalEntry | null {
  const x = carriedCents(p);
  if (x === 0) return null;
  const what = p.kind === 'shipped_unpaid' ? 'unpaid order written off' : "payout's deposit differing from its lines written off";
  return assertBalanced({
    key: `reconciliation:${p.problemId}:writeoff`,
    kind: 'reconciliation_writeoff',
    description: `${p.label}: ${what}`,
    objectType: 'reconciliation_problem',
    objectId: p.problemId,
    eventSeq: null,
    reversesId: null,
    postings: [
      { account: A.marketplaceAdjustments.code, amount: cents(x), currency: p.currency },
      { account: receivableAccount(p.marketplace).code, amount: cents(-x), currency: p.currency },
    ],
  });
}
