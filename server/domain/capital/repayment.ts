/**
 * Repayment of an advance (docs/capital.md "Repayment"): how much of a payout is held back, what an
 * early payoff pays, and the status that follows. Pure, integer cents (contract/money.ts).
 */
import type { AdvanceStatus } from '../../../contract/capital';
import { pctOfFloor, type Cents } from '../../../contract/money';

/**
 * What a payout of `netCents` repays of an advance holding back `holdbackBp` of each payout with
 * `outstanding` left: the share rounded down (never more than the share), never more than is owed,
 * nothing from a payout of nothing (or a negative one: a payout that took money back).
 */
export function holdbackOf(netCents: Cents, holdbackBp: number, outstanding: Cents): Cents {
  if (netCents <= 0 || outstanding <= 0) return 0;
  return Math.min(outstanding, pctOfFloor(netCents, holdbackBp));
}

/** An early payoff pays everything still owed: the whole fee is owed from the start (a flat fee, not interest). */
export const payoffOf = (outstanding: Cents): Cents => Math.max(0, outstanding);

/** The status of a disbursed advance once `repaid` of its `total` has come back. */
export function statusAfter(total: Cents, repaid: Cents): AdvanceStatus {
  if (repaid >= total) return 'repaid';
  return repaid > 0 ? 'repaying' : 'disbursed';
}

/** The holdbacks of a run of payouts, in order, until the advance is repaid (a schedule, for the page and the tests). */
export function holdbackSchedule(payouts: readonly Cents[], holdbackBp: number, total: Cents): Cents[] {
  let left = total;
  return payouts.map((net) => {
    const x = holdbackOf(net, holdbackBp, left);
    left -= x;
    return x;
  });
}
