import { describe, expect, it } from 'vitest';
import { refundBeyondPayouts } from '../../server/domain/ledger/refund-overlap';
import { refundFeeCreditCents } from '../../contract/marketplaces';

describe('a return refunded after a payout refunded its order (docs/ledger.md "What posts what")', () => {
  const base = { marketplace: 'ebay' as const, otherReturnedCents: 0, payoutRefundCents: 0, payoutFeeCreditCents: 0 };

  it('posts the whole refund and credit when no payout refunded the order', () => {
    expect(refundBeyondPayouts({ ...base, refundCents: 2500 })).toEqual({ refundCents: 2500, feeCreditCents: refundFeeCreditCents('ebay', 2500) });
  });

  it('posts nothing when the payout already refunded as much, and only the rest when it refunded less', () => {
    const credit = refundFeeCreditCents('ebay', 2500);
    expect(refundBeyondPayouts({ ...base, refundCents: 2500, payoutRefundCents: 2500, payoutFeeCreditCents: credit })).toEqual({ refundCents: 0, feeCreditCents: 0 });
    const part = refundFeeCreditCents('ebay', 1000);
    expect(refundBeyondPayouts({ ...base, refundCents: 2500, payoutRefundCents: 1000, payoutFeeCreditCents: part })).toEqual({ refundCents: 1500, feeCreditCents: credit - part });
  });

  it("counts the order's earlier returns: the refunds come to the larger of payouts and returns, never their sum", () => {
    // payout refunded 2,000; a first return 1,500 posted nothing beyond it; a second of 1,000 brings the order to 2,500
    expect(refundBeyondPayouts({ ...base, refundCents: 1500, payoutRefundCents: 2000 }).refundCents).toBe(0);
    expect(refundBeyondPayouts({ ...base, refundCents: 1000, otherReturnedCents: 1500, payoutRefundCents: 2000 }).refundCents).toBe(500);
  });
});
