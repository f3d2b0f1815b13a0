/**
 * What a payout posts beyond its settlement entry (docs/ledger.md "What posts what", docs/payouts.md
 * "In the ledger"): pure functions from a payout's lines to the entries that bring the marketplace's
 * receivable back to what it truly still owes. The settlement entry (journal.ts `settlementEntry`:
 * cash +net, receivable −net) stays; when an order shipped, the sale entry recognized
 * receivable +(sale − the schedule's fee). What the payout's lines paid differently posts here:
 *
 *   fees above (below) the schedule   payout_adjustment    marketplace_fees +x, receivable −x
 *   refunds no return recognized      refund               refunds +x, receivable −x
 *   their fee credits                 refund_fee_clawback  receivable +x, marketplace_fees −x
 *   reserve held                      reserve_held         marketplace_reserve +x, receivable −x
 *   reserve released                  reserve_released     receivable +x, marketplace_reserve −x
 *   adjustments (signed, + paid more) payout_adjustment    receivable +x, marketplace_adjustments −x
 *
 * A deposit that differs from its lines posts nothing more: the settlement entry moved the deposit,
 * so the receivable keeps what the marketplace still owes (reconciliation flags it). Integer cents
 * through contract/money.ts; every entry balanced (`assertBalanced`).
 */
import { LEDGER_ACCOUNTS as A, receivableAccount } from '../../../contract/ledger';
import { feeCents, refundFeeCreditCents, type ScheduleOf } from '../../../contract/marketplaces';
import { addCents, cents, subtractCents, sumCents } from '../../../contract/money';
import type { Marketplace } from '../../../contract/orders';
import { assertBalanced, type JournalEntry } from './journal';

/** A refunded order's lines in a payout and what the console already recognized of its refund. */
export interface PayoutRefund {
  orderId: string | null;
  /** The refund lines' total, a positive amount. */
  refundCents: number;
  /** The fee it gave back (positive fee lines of that order), a positive amount. */
  feeCreditCents: number;
  /** What the order's refunded returns already recognized (refund entries), a positive amount. */
  returnedCents: number;
  /** The order's fee schedule (docs/settings.md "Fee overrides"); the marketplace's standard one when absent. */
  schedule?: ScheduleOf;
}

/** What a payout's lines say, summed by what the ledger needs. */
export interface PayoutFacts {
  payoutId: string;
  marketplace: Marketplace;
  externalId: string;
  currency: string;
  eventSeq: number | null;
  /** The amount of each sale line (the fee's base of what it paid). */
  saleCents: readonly number[];
  /**
   * The fee schedule of each sale (its order's: the tenant's effective one at the order's time,
   * docs/settings.md "Fee overrides"), beside `saleCents`; the marketplace's standard one when absent.
   */
  saleSchedules?: readonly (ScheduleOf | undefined)[];
  /** The fees charged: the negative fee lines' total (≤ 0). */
  feesChargedCents: number;
  /** Fee credits not tied to a refunded order (positive fee lines without an order). */
  otherFeeCreditsCents: number;
  refunds: readonly PayoutRefund[];
  /** Reserve held (positive) and released (positive). */
  reserveHeldCents: number;
  reserveReleasedCents: number;
  /** The adjustment lines' total, signed (positive: the marketplace paid more). */
  adjustmentsCents: number;
}

/** The entries of a payout beyond its settlement (none when it paid exactly what the ledger recognized). */
export function payoutEntries(f: PayoutFacts): JournalEntry[] {
  const receivable = receivableAccount(f.marketplace).code;
  const cur = f.currency.toUpperCase();
  const out: JournalEntry[] = [];
  const entry = (suffix: string, kind: JournalEntry['kind'], description: string, debit: string, credit: string, amount: number) => {
    if (amount === 0) return;
    // a negative amount swaps the sides
    const [d, c, x] = amount > 0 ? [debit, credit, amount] : [credit, debit, -amount];
    out.push(assertBalanced({
      key: `payout:${f.payoutId}:${suffix}`,
      kind,
      description: `Payout ${f.externalId} from ${f.marketplace}: ${description}`,
      objectType: 'settlement',
      objectId: f.payoutId,
      eventSeq: f.eventSeq,
      reversesId: null,
      postings: [
        { account: d, amount: cents(x), currency: cur },
        { account: c, amount: cents(-x), currency: cur },
      ],
    }));
  };
  // fees: what the schedule recognized for the sales it paid against what it charged
  const scheduled = sumCents(f.saleCents.map((s, i) => (s > 0 ? feeCents(f.saleSchedules?.[i] ?? f.marketplace, s) : 0)));
  const over = subtractCents(-f.feesChargedCents, scheduled);
  entry('fees', 'payout_adjustment', over >= 0 ? 'fees above the schedule' : 'fees below the schedule', A.marketplaceFees.code, receivable, over);
  // refunds the console did not recognize through a return, and their fee credits
  let refunds = 0;
  let credits = f.otherFeeCreditsCents;
  for (const r of f.refunds) {
    refunds = addCents(refunds, Math.max(0, subtractCents(r.refundCents, r.returnedCents)));
    const recognizedCredit = r.returnedCents > 0 ? refundFeeCreditCents(r.schedule ?? f.marketplace, r.returnedCents) : 0;
    credits = addCents(credits, Math.max(0, subtractCents(r.feeCreditCents, recognizedCredit)));
  }
  entry('refunds', 'refund', 'refunds with no return', A.refunds.code, receivable, refunds);
  entry('fee_credits', 'refund_fee_clawback', 'fees given back on refunds', receivable, A.marketplaceFees.code, credits);
  entry('reserve_held', 'reserve_held', 'reserve held', A.marketplaceReserve.code, receivable, f.reserveHeldCents);
  entry('reserve_released', 'reserve_released', 'reserve released', receivable, A.marketplaceReserve.code, f.reserveReleasedCents);
  entry('adjustments', 'payout_adjustment', 'adjustments', receivable, A.marketplaceAdjustments.code, f.adjustmentsCents);
  return out;
}
