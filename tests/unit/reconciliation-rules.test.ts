/** The reconciliation rules (docs/reconciliation.md "Rules"): expected payout day per cadence, the scheduled fee, and the problems a set of facts shows. */
import { describe, expect, it } from 'vitest';
import { FEE_SCHEDULES } from '../../contract/marketplaces';
import { MARKETPLACES } from '../../contract/orders';
import { expectedPayoutDate, findProblems, scheduledFeeCents, TRANSIT_DAYS, type LineFacts, type OrderFacts, type PayoutFacts } from '../../server/domain/reconciliation/rules';
import { writeOffEntry } from '../../server/domain/reconciliation/write-off';
import { isBalanced } from '../../server/domain/ledger/journal';
import { problemExplanation, PROBLEM_KINDS, PROBLEM_ADVICE } from '../../contract/reconciliation';

const day = (s: string) => new Date(`${s}T12:00:00Z`);
const addDays = (s: string, n: number) => new Date(Date.parse(`${s}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('expected payout date', () => {
  it.each(MARKETPLACES.map((m) => [m, FEE_SCHEDULES[m].payout_every_days] as const))('%s: the end of its %i-day period, then the transit days', (m, every) => {
    for (const shipped of ['2024-03-01', '2024-03-05', '2024-03-14', '2024-12-31']) {
      const expected = expectedPayoutDate(m, day(shipped));
      const lag = (Date.parse(expected) - Date.parse(shipped)) / 86_400_000;
      // paid by the first period end after the ship day: never sooner than 1 day, never later than one period, plus transit
      expect(lag).toBeGreaterThanOrEqual(1 + TRANSIT_DAYS);
      expect(lag).toBeLessThanOrEqual(every + TRANSIT_DAYS);
      // period ends are multiples of the cadence counted from 1970-01-01
      expect((Date.parse(addDays(expected, -TRANSIT_DAYS)) / 86_400_000) % every).toBe(0);
    }
  });

  it('pins the days: Amazon every 14, eBay daily', () => {
    // 2024-03-01 is day 19783 since 1970-01-01; Amazon's period ends on day 19796 (a multiple of 14) = 2024-03-14
    expect(expectedPayoutDate('amazon', day('2024-03-01'))).toBe('2024-03-17');
    expect(expectedPayoutDate('ebay', day('2024-03-01'))).toBe(addDays('2024-03-02', TRANSIT_DAYS));
  });
});

describe('scheduled fee', () => {
  it('is the one fee schedule of the items and the shipping', () => {
    expect(scheduledFeeCents('amazon', { subtotal_cents: 100000, shipping_cents: 0 })).toBe(15000);
    expect(scheduledFeeCents('shopify', { subtotal_cents: 10000, shipping_cents: 0 })).toBe(320);
    expect(scheduledFeeCents('ebay', { subtotal_cents: 999, shipping_cents: 1 })).toBe(Math.round(1000 * 0.1325) + 30);
  });
});

describe('findProblems', () => {
  const now = day('2024-04-30');
  const order = (id: string, o: Partial<OrderFacts> = {}): OrderFacts => ({
    id, marketplace: 'amazon', status: 'shipped', subtotal_cents: 10000, shipping_cents: 0, shipped_at: day('2024-03-01'), external_order_id: `X-${id}`, ...o,
  });
  const payout = (id: string, net: number, created = day('2024-03-20')): PayoutFacts => ({ id, kind: 'amazon', net_cents: net, created_at: created });
  let n = 0;
  const line = (payoutId: string, kind: string, amount: number, orderId: string | null, fee_type: string | null = null, ext: string | null = orderId && `X-${orderId}`): LineFacts =>
    ({ id: `L${++n}`, payout_id: payoutId, kind, fee_type, order_id: orderId, external_order_id: ext, amount_cents: amount });

  it('finds nothing when every shipped order was paid at the schedule and the payout adds up', () => {
    const lines = [line('P1', 'sale', 10000, 'A'), line('P1', 'fee', -1500, 'A', 'referral'), line('P1', 'fee', -300, 'A', 'fulfillment')];
    expect(findProblems([order('A')], [payout('P1', 8200)], lines, new Set(), now)).toEqual([]);
  });

  it('finds each kind once, with its amount', () => {
    const orders = [order('PAID'), order('UNPAID', { subtotal_cents: 20000 }), order('RECENT', { shipped_at: day('2024-04-29') }), order('PENDING', { status: 'routed' }), order('REFUNDED'), order('RETURNED')];
    const lines = [
      line('P1', 'sale', 10000, 'PAID'), line('P1', 'fee', -1600, 'PAID', 'referral'), // 1 above the 15 % schedule… by 100
      line('P1', 'sale', 10000, 'REFUNDED'), line('P1', 'fee', -1500, 'REFUNDED', 'referral'), line('P1', 'refund', -4000, 'REFUNDED'),
      line('P1', 'sale', 10000, 'RETURNED'), line('P1', 'fee', -1500, 'RETURNED', 'referral'), line('P1', 'refund', -10000, 'RETURNED'),
      line('P1', 'sale', 5000, null, null, 'NOT-OURS'),
    ];
    const net = lines.reduce((s, l) => s + l.amount_cents, 0) - 700; // the deposit is short of its lines by 7.00
    const found = findProblems(orders, [payout('P1', net)], lines, new Set(['RETURNED']), now);
    expect(found.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'fee_above_schedule', object_key: 'PAID', amount_cents: 100 },
      { kind: 'order_not_found', object_key: lines[8].id, amount_cents: 5000 },
      { kind: 'payout_lines_mismatch', object_key: 'P1', amount_cents: 700 },
      { kind: 'refund_without_return', object_key: 'REFUNDED', amount_cents: 4000 },
      { kind: 'shipped_unpaid', object_key: 'UNPAID', amount_cents: 20000 - 3000 },
    ]);
  });

  it('an order is unpaid once two later payouts left it out, whatever the calendar says', () => {
    const o = order('A', { shipped_at: day('2024-04-28') });
    const one = findProblems([o], [payout('P1', 0, day('2024-04-29'))], [], new Set(), now);
    expect(one).toEqual([]);
    const two = findProblems([o], [payout('P1', 0, day('2024-04-29')), payout('P2', 0, day('2024-04-30'))], [], new Set(), now);
    expect(two.map((p) => p.kind)).toEqual(['shipped_unpaid']);
  });
});

describe('write-off of an accepted problem', () => {
  const base = { currency: 'USD', label: 'ORD-1', facts: {} };
  it('takes an unpaid sale off the receivable, balanced', () => {
    const unpaid = writeOffEntry({ ...base, problemId: 'p2', kind: 'shipped_unpaid', marketplace: 'ebay', amountCents: 8500 })!;
    expect(unpaid.postings).toEqual([
      { account: 'marketplace_adjustments', amount: 8500, currency: 'USD' }, { account: 'marketplace_receivable:ebay', amount: -8500, currency: 'USD' },
    ]);
    expect(unpaid).toMatchObject({ kind: 'reconciliation_writeoff', objectType: 'reconciliation_problem', key: 'reconciliation:p2:writeoff' });
    expect(isBalanced(unpaid.postings)).toBe(true);
  });

  it('a deposit short of its lines leaves the difference; one above them the other way', () => {
    const short = writeOffEntry({ ...base, problemId: 'p3', kind: 'payout_lines_mismatch', marketplace: 'amazon', amountCents: 133, facts: { deposit_cents: 93000, lines_cents: 93133 } })!;
    expect(short.postings.map((p) => p.amount)).toEqual([133, -133]);
    const above = writeOffEntry({ ...base, problemId: 'p4', kind: 'payout_lines_mismatch', marketplace: 'amazon', amountCents: 133, facts: { deposit_cents: 93000, lines_cents: 92867 } })!;
    expect(above.postings.map((p) => [p.account, p.amount])).toEqual([['marketplace_adjustments', -133], ['marketplace_receivable:amazon', 133]]);
  });

  it('a fee above the schedule and a refund without return were posted with their payout: nothing', () => {
    expect(writeOffEntry({ ...base, problemId: 'p5', kind: 'fee_above_schedule', marketplace: 'amazon', amountCents: 100 })).toBeNull();
    expect(writeOffEntry({ ...base, problemId: 'p6', kind: 'refund_without_return', marketplace: 'amazon', amountCents: 100 })).toBeNull();
  });
});

describe('words', () => {
  it('every kind has an explanation and what to do', () => {
    for (const k of PROBLEM_KINDS) {
      expect(PROBLEM_ADVICE[k].length).toBeGreaterThan(20);
      expect(problemExplanation(k, { charged_cents: 1600, expected_cents: 1500, deposit_cents: 1, lines_cents: 2, refund_cents: 3 }, 'amazon')).not.toMatch(/undefined|NaN/);
    }
    expect(problemExplanation('fee_above_schedule', { charged_cents: 1600, expected_cents: 1500 }, 'amazon')).toBe('Amazon charged $16.00 in fees; the fee schedule says $15.00.');
  });
});
