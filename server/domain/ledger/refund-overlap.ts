/**
 * A return refunded in the console after a payout already carried the marketplace's refund of that
 * order (docs/ledger.md "What posts what"): the payout's entries recognized its refund lines and fee
 * credits that no refunded return covered then, so the return recognizes only what goes beyond them.
 * What the order's refunds come to is the larger of what the payouts refunded and what its returns
 * refunded, never their sum; the same for the fee the marketplace gives back. Integer cents.
 */
import { refundFeeCreditCents, type ScheduleOf } from '../../../contract/marketplaces';
import type { Marketplace } from '../../../contract/orders';

export interface RefundOverlap {
  marketplace: Marketplace;
  /** The order's fee schedule (docs/settings.md "Fee overrides"); the marketplace's standard one when absent. */
  schedule?: ScheduleOf;
  /** This return's refund. */
  refundCents: number;
  /** The order's other returns refunded before it. */
  otherReturnedCents: number;
  /** The refund lines of the order in payouts sent (a positive amount). */
  payoutRefundCents: number;
  /** The fee given back with them (the order's positive fee lines in payouts sent). */
  payoutFeeCreditCents: number;
}

/** What this return posts: its refund and fee credit beyond what the payouts already recognized. */
export function refundBeyondPayouts(o: RefundOverlap): { refundCents: number; feeCreditCents: number } {
  const before = o.otherReturnedCents;
  const after = o.otherReturnedCents + o.refundCents;
  const refundCents = Math.max(o.payoutRefundCents, after) - Math.max(o.payoutRefundCents, before);
  const credit = (c: number) => refundFeeCreditCents(o.schedule ?? o.marketplace, c);
  const feeCreditCents = Math.max(o.payoutFeeCreditCents, credit(after)) - Math.max(o.payoutFeeCreditCents, credit(before));
  return { refundCents, feeCreditCents };
}
