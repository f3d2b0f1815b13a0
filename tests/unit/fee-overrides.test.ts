/**
 * Marketplace fee overrides (docs/settings.md "Fee overrides"), the pure parts: the one effective
 * schedule of a kind given its override, the override in force at an order's time (effective-dated,
 * "back to standard" included), the one fee formula and its rounding on a negotiated schedule, the
 * body's per-field messages, the fee book the server loads once per batch, and the places that take
 * the order's schedule (sandbox payout lines, sale posting, refund credit, reconciliation's rule).
 */
import { describe, expect, it } from 'vitest';
import { effectiveSchedule, feeOverridesBody, overrideAt, scheduleAt, type FeeOverrideChange } from '../../contract/fee-overrides';
import { FEE_SCHEDULES, feeCents, refundFeeCreditCents, MARKETPLACE_KINDS } from '../../contract/marketplaces';
import { centsToDecimal, parseCents, percentToBp } from '../../contract/money';
import { feeBookOf, STANDARD_BOOK } from '../../server/domain/fee-book';
import { feeSplit, payoutOf } from '../../server/marketplaces/sandbox/payouts';
import { saleEntry } from '../../server/domain/ledger/journal';
import { payoutEntries } from '../../server/domain/ledger/payout-entries';
import { findProblems, scheduledFeeCents } from '../../server/domain/reconciliation/rules';
import { changedKinds, feeOverridesAnswer } from '../../server/api/settings/fee-overrides';
import { feeOverridesBodyOf } from '../../resources/integrations/fee-override-values';

const EBAY_DEAL = { rate_bp: 1150, fixed_cents: 30 };
const at = (iso: string) => new Date(iso);
const change = (marketplace: FeeOverrideChange['marketplace'], from: string, rate_bp: number | null, fixed_cents: number | null): FeeOverrideChange => ({ marketplace, effective_from: at(from), rate_bp, fixed_cents });

describe('the effective schedule', () => {
  it('is the standard one without an override, the override\'s rate and fixed fee with one, the cadence always the marketplace\'s', () => {
    for (const k of MARKETPLACE_KINDS) expect(effectiveSchedule(k, null)).toBe(FEE_SCHEDULES[k]);
    expect(effectiveSchedule('ebay', EBAY_DEAL)).toEqual({ rate_bp: 1150, rate: 0.115, fixed_cents: 30, payout_every_days: 1 });
    expect(effectiveSchedule('amazon', { rate_bp: 0, fixed_cents: 0 })).toEqual({ rate_bp: 0, rate: 0, fixed_cents: 0, payout_every_days: 14 });
  });

  it('goes through the one fee formula, half a cent up', () => {
    const deal = effectiveSchedule('ebay', EBAY_DEAL);
    expect(feeCents(deal, 10_000)).toBe(1150 + 30);
    expect(feeCents(deal, 2500)).toBe(288 + 30); // 11.5 % of $25.00 = 287.5 ¢ → 288 ¢
    expect(feeCents(deal, 2499)).toBe(287 + 30); // 287.385 ¢ → 287 ¢
    expect(feeCents(effectiveSchedule('shopify', { rate_bp: 1, fixed_cents: 0 }), 5000)).toBe(1); // 0.5 ¢ → 1 ¢
    expect(feeCents(effectiveSchedule('shopify', { rate_bp: 1, fixed_cents: 0 }), 4999)).toBe(0);
    // a kind is its standard schedule: the same formula
    expect(feeCents('ebay', 2500)).toBe(feeCents(FEE_SCHEDULES.ebay, 2500));
    // the refund credit gives back the order's own rate
    expect(refundFeeCreditCents(deal, 2500)).toBe(288 - 58); // referral 287.5 → 288, less 20 % (57.6 → 58)
    expect(refundFeeCreditCents('ebay', 2500)).toBe(331 - 66);
  });
});

describe('the override in force at an order\'s time', () => {
  const changes = [
    change('ebay', '2026-03-01T00:00:00Z', 1150, 30),
    change('amazon', '2026-04-01T00:00:00Z', 1200, 0),
    change('ebay', '2026-05-01T00:00:00Z', null, null), // back to standard
    change('ebay', '2026-06-01T12:00:00Z', 1000, 20),
    change('ebay', '2026-06-01T12:00:00Z', 1100, 25), // two at the same instant: the later wins
  ];

  it('is the latest change of its kind not after the order, none before the first, none after a return to standard', () => {
    expect(overrideAt(changes, 'ebay', at('2026-02-28T23:59:59Z'))).toBeNull();
    expect(overrideAt(changes, 'ebay', at('2026-03-01T00:00:00Z'))).toEqual(EBAY_DEAL);
    expect(overrideAt(changes, 'ebay', '2026-04-15T00:00:00Z')).toEqual(EBAY_DEAL);
    expect(overrideAt(changes, 'ebay', at('2026-05-01T00:00:00Z'))).toBeNull();
    expect(overrideAt(changes, 'ebay', at('2026-06-01T11:59:59.999Z'))).toBeNull();
    expect(overrideAt(changes, 'ebay', at('2026-06-01T12:00:00Z'))).toEqual({ rate_bp: 1100, fixed_cents: 25 });
    expect(overrideAt(changes, 'amazon', at('2026-03-15T00:00:00Z'))).toBeNull();
    expect(overrideAt(changes, 'amazon', at('2027-01-01T00:00:00Z'))).toEqual({ rate_bp: 1200, fixed_cents: 0 });
    expect(overrideAt(changes, 'walmart', at('2027-01-01T00:00:00Z'))).toBeNull();
    expect(scheduleAt(changes, 'ebay', at('2026-05-02T00:00:00Z'))).toBe(FEE_SCHEDULES.ebay);
  });

  it('gives an order before a change the fee of its time and one after the new fee (the fee book the server loads once)', () => {
    const book = feeBookOf(changes, () => at('2026-07-01T00:00:00Z'));
    expect(feeCents(book.at('ebay', at('2026-02-01T00:00:00Z')), 2500)).toBe(331 + 30);
    expect(feeCents(book.at('ebay', at('2026-03-02T00:00:00Z')), 2500)).toBe(288 + 30);
    expect(book.now('ebay')).toMatchObject({ rate_bp: 1100, fixed_cents: 25 });
    expect(book.empty).toBe(false);
    expect(feeBookOf([])).toBe(STANDARD_BOOK);
    expect(STANDARD_BOOK.at('walmart', new Date())).toBe(FEE_SCHEDULES.walmart);
  });
});

describe('PUT /settings/fees body', () => {
  it('takes integer basis points 0–10,000 and integer cents 0–$100.00, null for the standard schedule, and names each bad field', () => {
    expect(feeOverridesBody.parse({ overrides: { ebay: EBAY_DEAL, amazon: null } })).toEqual({ overrides: { ebay: EBAY_DEAL, amazon: null } });
    expect(feeOverridesBody.safeParse({ overrides: { ebay: { rate_bp: 10_000, fixed_cents: 10_000 } } }).success).toBe(true);
    const r = feeOverridesBody.safeParse({ overrides: { ebay: { rate_bp: 10_001, fixed_cents: 10.5 }, shopify: { rate_bp: -1, fixed_cents: 10_001 }, amazon: {} } });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toMatchObject({
      'overrides.ebay.rate_bp': 'The rate is at most 100 %',
      'overrides.ebay.fixed_cents': 'The fixed fee is a whole number of cents',
      'overrides.shopify.rate_bp': 'The rate cannot be negative',
      'overrides.shopify.fixed_cents': 'The fixed fee is at most $100.00 per order',
      'overrides.amazon.rate_bp': 'Enter the rate',
      'overrides.amazon.fixed_cents': 'Enter the fixed fee',
    });
    expect(feeOverridesBody.safeParse({ overrides: { ebay: { ...EBAY_DEAL, extra: 1 } } }).success).toBe(false);
  });

  it('is what the section sends: percent with two decimals and dollars through contract/money.ts, both empty for the standard schedule', () => {
    expect(percentToBp('11.50')).toBe(1150);
    expect(centsToDecimal(1150)).toBe('11.50');
    expect(parseCents('0.30')).toBe(30);
    const body = feeOverridesBodyOf({ overrides: { ebay: { rate_bp: '11.5', fixed_cents: '$0.30' }, amazon: { rate_bp: '', fixed_cents: ' ' }, walmart: { rate_bp: '0', fixed_cents: '0' } } }, ['amazon', 'ebay', 'walmart', 'shopify']);
    expect(body).toEqual({ overrides: { amazon: null, ebay: EBAY_DEAL, walmart: { rate_bp: 0, fixed_cents: 0 }, shopify: null } });
    expect(feeOverridesBody.safeParse(body).success).toBe(true);
  });
});

describe('the server\'s change rule and answer', () => {
  const now = at('2026-06-01T00:00:00Z');
  const changes = [change('ebay', '2026-03-01T00:00:00Z', 1150, 30)];

  it('changes only the kinds whose value differs from the one in force (a double submit changes nothing)', () => {
    expect(changedKinds(changes, { ebay: EBAY_DEAL }, now)).toEqual([]);
    expect(changedKinds(changes, { ebay: EBAY_DEAL, amazon: null }, now)).toEqual([]);
    expect(changedKinds(changes, { ebay: null, amazon: { rate_bp: 1200, fixed_cents: 0 } }, now)).toEqual([
      { kind: 'amazon', before: null, after: { rate_bp: 1200, fixed_cents: 0 } },
      { kind: 'ebay', before: EBAY_DEAL, after: null },
    ]);
    expect(changedKinds(changes, { ebay: { rate_bp: 1150, fixed_cents: 31 } }, now)).toHaveLength(1);
  });

  it('answers each kind with its standard schedule, the override in force since when, and its last change', () => {
    const rows = [{ ...changes[0], effective_from: at('2026-03-01T00:00:00Z'), created_at: at('2026-03-01T00:00:00Z'), created_by: 'admin@demo.local' }];
    const a = feeOverridesAnswer(rows, now);
    expect(a.marketplaces.find((m) => m.kind === 'ebay')).toEqual({
      kind: 'ebay', label: 'eBay', standard: { rate_bp: 1325, fixed_cents: 30, payout_every_days: 1 }, override: EBAY_DEAL,
      in_force_since: '2026-03-01T00:00:00.000Z', changed_at: '2026-03-01T00:00:00.000Z', changed_by: 'admin@demo.local',
    });
    expect(a.marketplaces.find((m) => m.kind === 'amazon')).toMatchObject({ override: null, in_force_since: null, changed_at: null });
    expect([a.updated_at, a.updated_by]).toEqual(['2026-03-01T00:00:00.000Z', 'admin@demo.local']);
  });
});

describe('every fee of an order takes its schedule', () => {
  const deal = effectiveSchedule('ebay', EBAY_DEAL);

  it('the sandbox marketplace charges it: fee lines sum to the fee, the fixed part is the negotiated one', () => {
    for (const amount of [1, 200, 2500, 99_999]) {
      for (const promoted of [false, true]) {
        const split = feeSplit('ebay', amount, promoted, deal);
        expect(split.reduce((s, p) => s + p.cents, 0)).toBe(feeCents(deal, amount));
      }
    }
    expect(feeSplit('ebay', 10_000, false, effectiveSchedule('ebay', { rate_bp: 1000, fixed_cents: 99 })).find((p) => p.type === 'payment_processing')!.cents).toBe(99);
    const before = at('2026-01-01T00:00:00Z');
    const after = at('2026-04-01T00:00:00Z');
    const book = feeBookOf([change('ebay', '2026-03-01T00:00:00Z', 1150, 30)]);
    const p = payoutOf({
      accountId: 'acc', kind: 'ebay', tick: 1, previousHeldCents: 0, first: true, status: 'paid', scheduleAt: (t) => book.at('ebay', t),
      orders: [
        { external_id: 'OLD', amount_cents: 2500, created_at: before, settled_tick: 1, settled_at: after },
        { external_id: 'NEW', amount_cents: 2500, created_at: after, settled_tick: 1, settled_at: after },
      ],
    });
    const charged = (ext: string) => -p.lines.filter((l) => l.kind === 'fee' && l.externalOrderId === ext).reduce((s, l) => s + l.amountCents, 0);
    expect([charged('OLD'), charged('NEW')]).toEqual([361, 318]);
    expect(p.feesCents).toBe(361 + 318);
  });

  it('the sale posts it, and a payout that charged it posts no fee adjustment', () => {
    const e = saleEntry({ orderId: 'ORD-1', marketplace: 'ebay', subtotal_cents: 2500, shipping_cents: 0, currency: 'USD', n: 1, eventSeq: null, schedule: deal })!;
    expect(e.postings.find((p) => p.account === 'marketplace_fees')!.amount).toBe(318);
    const base = { payoutId: 'P', marketplace: 'ebay' as const, externalId: 'X', currency: 'USD', eventSeq: null, otherFeeCreditsCents: 0, refunds: [], reserveHeldCents: 0, reserveReleasedCents: 0, adjustmentsCents: 0 };
    expect(payoutEntries({ ...base, saleCents: [2500, 2500], saleSchedules: [FEE_SCHEDULES.ebay, deal], feesChargedCents: -(361 + 318) })).toEqual([]);
    // the same payout read with the standard schedule for both would call the difference a fee below the schedule
    expect(payoutEntries({ ...base, saleCents: [2500, 2500], feesChargedCents: -(361 + 318) }).map((x) => x.key)).toEqual(['payout:P:fees']);
  });

  it('reconciliation expects it', () => {
    const o = { id: 'ORD-1', marketplace: 'ebay' as const, status: 'shipped', subtotal_cents: 2500, shipping_cents: 0, shipped_at: at('2026-04-01T00:00:00Z'), external_order_id: 'E1' };
    expect(scheduledFeeCents('ebay', { ...o, schedule: deal })).toBe(318);
    const lines = [
      { id: 'l1', payout_id: 'p', kind: 'sale', fee_type: null, order_id: 'ORD-1', external_order_id: 'E1', amount_cents: 2500 },
      { id: 'l2', payout_id: 'p', kind: 'fee', fee_type: 'referral', order_id: 'ORD-1', external_order_id: 'E1', amount_cents: -361 },
    ];
    const payouts = [{ id: 'p', kind: 'ebay' as const, net_cents: 2500 - 361, created_at: at('2026-04-02T00:00:00Z') }];
    expect(findProblems([o], payouts, lines, new Set(), at('2026-04-03T00:00:00Z'))).toEqual([]);
    expect(findProblems([{ ...o, schedule: deal }], payouts, lines, new Set(), at('2026-04-03T00:00:00Z'))).toEqual([{ kind: 'fee_above_schedule', object_key: 'ORD-1', amount_cents: 361 - 318 }]);
  });
});
