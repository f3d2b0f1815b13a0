/**
 * The journal entries of an advance (docs/ledger.md "What posts what", docs/capital.md "Advances"):
 * disbursed (cash +principal, advance_principal −principal), its fee owed (advance_fees +fee,
 * advance_principal −fee), each repayment held back from a payout or paid off (advance_principal
 * +x, cash −x). The advance_principal balance is then minus what is still owed. Each key names its
 * fact, so a redelivered event or a retried command posts nothing twice.
 */
import { LEDGER_ACCOUNTS as A } from '../../../contract/ledger';
import { assertBalanced, type JournalEntry } from '../ledger/journal';

export interface AdvanceFacts { id: string; number: string; principal_cents: number; fee_cents: number; currency: string }

const base = (a: AdvanceFacts) => ({ objectType: 'advance' as const, objectId: a.id, eventSeq: null, reversesId: null });

export function disbursedEntries(a: AdvanceFacts): JournalEntry[] {
  const out: JournalEntry[] = [assertBalanced({
    ...base(a), key: `advance:${a.id}:disbursed`, kind: 'advance_disbursed', description: `Advance ${a.number} disbursed`,
    postings: [
      { account: A.cash.code, amount: a.principal_cents, currency: a.currency },
      { account: A.advancePrincipal.code, amount: -a.principal_cents, currency: a.currency },
    ],
  })];
  if (a.fee_cents > 0) out.push(assertBalanced({
    ...base(a), key: `advance:${a.id}:fee`, kind: 'advance_fee', description: `Fee of advance ${a.number}`,
    postings: [
      { account: A.advanceFees.code, amount: a.fee_cents, currency: a.currency },
      { account: A.advancePrincipal.code, amount: -a.fee_cents, currency: a.currency },
    ],
  }));
  return out;
}

/** The ledger key of a repayment: once per payout and advance, once per payoff. */
export const repaymentKey = (advanceId: string, r: { kind: 'holdback'; settlementId: string } | { kind: 'payoff' }) =>
  r.kind === 'holdback' ? `advance:${advanceId}:holdback:${r.settlementId}` : `advance:${advanceId}:payoff`;

export function repaymentEntry(a: AdvanceFacts, key: string, kind: 'holdback' | 'payoff', amount: number, payout?: string): JournalEntry {
  return assertBalanced({
    ...base(a), key, kind: kind === 'holdback' ? 'advance_repayment' : 'advance_payoff',
    description: kind === 'holdback' ? `Advance ${a.number}: held back from payout ${payout ?? ''}`.trim() : `Advance ${a.number} paid off`,
    postings: [
      { account: A.advancePrincipal.code, amount, currency: a.currency },
      { account: A.cash.code, amount: -amount, currency: a.currency },
    ],
  });
}
