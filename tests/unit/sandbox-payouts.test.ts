/**
 * The sandbox marketplace's payouts with lines (server/marketplaces/sandbox/payouts.ts, docs/payouts.md
 * "Sandbox payouts"): lines add up to the deposit (but for the rare deliberate mismatch), fee lines
 * split by type sum to THE schedule's fee, the cadence per kind, and the deliberate errors are
 * deterministic (seeded by account and tick) and rare.
 */
import { describe, expect, it } from 'vitest';
import { feeCents, FEE_SCHEDULES, refundFeeCreditCents, MARKETPLACE_KINDS, type MarketplaceKind } from '../../contract/marketplaces';
import {
  ERROR_RATES, feeSplit, payoutErrorOf, payoutOf, payoutsOf, RESERVE_BP, SANDBOX_PAYOUT_ERRORS, type SettledOrder,
} from '../../server/marketplaces/sandbox/payouts';
import { percentOf } from '../../contract/money';

const ACC = '2f1c7a52-8d7e-4a43-9c1b-5d0e9e7f3a10';
const at = new Date('2026-11-01T12:00:00Z');
const ordersOf = (tick: number, n: number, kind = 'amazon'): SettledOrder[] =>
  Array.from({ length: n }, (_, i) => ({ external_id: `${kind.toUpperCase()}-SBX-${tick}-${i + 1}`, amount_cents: 999 + i * 1373, created_at: at, settled_tick: tick, settled_at: at }));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('fee lines', () => {
  it.each(MARKETPLACE_KINDS.map((k) => [k]))('%s: split by type, summing to the schedule fee', (kind: MarketplaceKind) => {
    for (const amount of [1, 10, 200, 500, 1999, 100_000, 4 * 1250]) {
      for (const promoted of [false, true]) {
        const split = feeSplit(kind, amount, promoted);
        expect(sum(split.map((s) => s.cents))).toBe(feeCents(kind, amount));
        expect(split.every((s) => s.cents > 0)).toBe(true);
      }
    }
    expect(new Set(feeSplit('amazon', 10_000, false).map((s) => s.type))).toEqual(new Set(['referral', 'fulfillment']));
    expect(feeSplit('shopify', 10_000, false).map((s) => s.type)).toEqual(['payment_processing']);
  });
});

describe('a payout', () => {
  it("an account's first payout is plain: one sale and its schedule fees per order, net = gross − fees", () => {
    const orders = ordersOf(14, 6);
    const p = payoutOf({ accountId: ACC, kind: 'amazon', tick: 14, orders, previousHeldCents: 0, first: true, status: 'paid' });
    expect(p.error).toBeNull();
    expect(p.ordersCount).toBe(6);
    expect(p.grossCents).toBe(sum(orders.map((o) => o.amount_cents)));
    expect(p.feesCents).toBe(sum(orders.map((o) => feeCents('amazon', o.amount_cents))));
    expect(p.netCents).toBe(p.grossCents - p.feesCents);
    expect(sum(p.lines.map((l) => l.amountCents))).toBe(p.netCents);
    expect(p.lines.filter((l) => l.kind === 'sale')).toHaveLength(6);
    expect(p.expectedDate).toBe('2026-11-01');
    expect(p.receivedDate).toBe('2026-11-01');
  });

  it('lines add up to the deposit and to the totals, except the deliberate mismatch; the same inputs give the same payout', () => {
    let mismatches = 0;
    for (let t = 1; t <= 400; t++) {
      const p = payoutOf({ accountId: ACC, kind: 'ebay', tick: t, orders: ordersOf(t, 1 + (t % 5), 'ebay'), previousHeldCents: t % 3 === 0 ? 250 : 0, first: false, status: 'paid' });
      const lines = sum(p.lines.map((l) => l.amountCents));
      expect(p.grossCents - p.feesCents - p.refundsCents - p.reserveCents + p.adjustmentsCents).toBe(lines);
      if (p.error === 'deposit_mismatch') {
        mismatches += 1;
        expect(p.netCents).toBeLessThan(lines);
      } else expect(p.netCents).toBe(lines);
      for (const l of p.lines) expect(l.kind === 'fee').toBe(l.feeType !== null);
      expect(payoutOf({ accountId: ACC, kind: 'ebay', tick: t, orders: ordersOf(t, 1 + (t % 5), 'ebay'), previousHeldCents: t % 3 === 0 ? 250 : 0, first: false, status: 'paid' })).toEqual(p);
    }
    expect(mismatches).toBeGreaterThan(0);
    expect(mismatches).toBeLessThan(20);
  });

  it('fees match the schedule per order except the overcharged one; a refund gives back the fee credit of the one rule', () => {
    let over = 0;
    let refunds = 0;
    for (let t = 1; t <= 300; t++) {
      const orders = ordersOf(t, 4);
      const p = payoutOf({ accountId: ACC, kind: 'amazon', tick: t, orders, previousHeldCents: 0, first: false, status: 'paid' });
      for (const o of orders) {
        const charged = -sum(p.lines.filter((l) => l.kind === 'fee' && l.externalOrderId === o.external_id && l.amountCents < 0).map((l) => l.amountCents));
        if (p.missingOrder === o.external_id) {
          expect(p.lines.some((l) => l.externalOrderId === o.external_id)).toBe(false);
          continue;
        }
        if (charged !== feeCents('amazon', o.amount_cents)) {
          over += 1;
          expect(p.error).toBe('overcharged_fee');
          expect(charged).toBeGreaterThan(feeCents('amazon', o.amount_cents));
        }
        const refund = p.lines.find((l) => l.kind === 'refund' && l.externalOrderId === o.external_id);
        if (refund) {
          refunds += 1;
          expect(refund.amountCents).toBe(-o.amount_cents);
          const credit = sum(p.lines.filter((l) => l.kind === 'fee' && l.externalOrderId === o.external_id && l.amountCents > 0).map((l) => l.amountCents));
          expect(credit).toBe(refundFeeCreditCents('amazon', o.amount_cents));
        }
      }
    }
    expect(over).toBeGreaterThan(0);
    expect(refunds).toBeGreaterThan(0);
  });
});

describe('deliberate errors', () => {
  it('are seeded by the account and the tick, and rare (about one payout in ten)', () => {
    const counts = new Map<string, number>();
    const N = 4000;
    for (let t = 1; t <= N; t++) {
      const e = payoutErrorOf(ACC, t);
      expect(payoutErrorOf(ACC, t)).toBe(e);
      if (e) counts.set(e, (counts.get(e) ?? 0) + 1);
    }
    const all = sum([...counts.values()]);
    const expected = sum(Object.values(ERROR_RATES));
    expect(all / N).toBeGreaterThan(expected * 0.7);
    expect(all / N).toBeLessThan(expected * 1.3);
    for (const e of SANDBOX_PAYOUT_ERRORS) expect(counts.get(e) ?? 0).toBeGreaterThan(0);
    // another account errs on other ticks
    const other = Array.from({ length: 200 }, (_, i) => payoutErrorOf('another-account', i + 1));
    const mine = Array.from({ length: 200 }, (_, i) => payoutErrorOf(ACC, i + 1));
    expect(other).not.toEqual(mine);
  });
});

describe('payouts of an account', () => {
  it.each(MARKETPLACE_KINDS.map((k) => [k]))('%s: a reserve held is released by the next payout; in transit on the day it is sent', (kind: MarketplaceKind) => {
    const every = FEE_SCHEDULES[kind].payout_every_days;
    const orders = Array.from({ length: 40 }, (_, i) => ordersOf((i + 1) * every, 3, kind)).flat();
    const ps = payoutsOf({ accountId: ACC, kind, orders, firstTick: every, after: 0, currentTick: 40 * every });
    expect(ps.map((p) => p.tick)).toEqual(Array.from({ length: 40 }, (_, i) => (i + 1) * every));
    expect(ps.map((p) => p.status)).toEqual([...Array(39).fill('paid'), 'in_transit']);
    expect(ps[ps.length - 1].receivedDate).toBeNull();
    let held = 0;
    let heldCount = 0;
    for (const p of ps) {
      const released = sum(p.lines.filter((l) => l.kind === 'reserve_released').map((l) => l.amountCents));
      expect(released).toBe(held);
      held = 0 - sum(p.lines.filter((l) => l.kind === 'reserve_held').map((l) => l.amountCents));
      if (held) {
        heldCount += 1;
        expect(held).toBe(percentOf(p.grossCents, RESERVE_BP));
      }
    }
    expect(heldCount).toBeGreaterThan(0);
    expect(heldCount).toBeLessThan(30);
    // a pull after a cursor builds the same payouts (the previous payout's reserve included)
    const later = payoutsOf({ accountId: ACC, kind, orders: orders.filter((o) => o.settled_tick >= 20 * every), firstTick: every, after: 20 * every, currentTick: 40 * every });
    expect(later).toEqual(ps.slice(20));
  });

  it('the cadence: Amazon every 14 days, eBay daily, Walmart weekly, Shopify every 2 days', () => {
    expect(Object.fromEntries(MARKETPLACE_KINDS.map((k) => [k, FEE_SCHEDULES[k].payout_every_days]))).toEqual({ amazon: 14, ebay: 1, walmart: 7, shopify: 2 });
  });
});
