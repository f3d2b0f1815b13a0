/**
 * Capital's rules (docs/capital.md): eligibility and offer terms, the holdback schedule, the
 * cash-out estimate, money rounding, and — property-based — that random runs of advances, payouts
 * with holdback and payoffs keep the books balanced and the advance_principal balance equal to what
 * the advances say is outstanding.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { evaluate, maxPrincipal, price, repaymentDays, riskOf, wholeDollars } from '../../server/domain/capital/offers';
import { holdbackOf, holdbackSchedule, payoffOf, statusAfter } from '../../server/domain/capital/repayment';
import { cashoutEstimate, payoutDay } from '../../server/domain/capital/cashout';
import { disbursedEntries, repaymentEntry, repaymentKey } from '../../server/domain/capital/entries';
import { isBalanced, sumsByCurrency, type JournalEntry } from '../../server/domain/ledger/journal';
import { CAPITAL_RULES, type EligibilityBasis } from '../../contract/capital';
import { PAYOUT_CADENCE_DAYS } from '../../contract/payout-cadence';

const basis = (over: Partial<EligibilityBasis> = {}): EligibilityBasis => ({
  history_days: 200, orders: 300, sales_cents: 9_000_000, shipped_orders: 280, returned_orders: 8, return_rate_bp: 286,
  receivables_cents: 1_234_567, open_problems: 0, outstanding_advance: null, risk: 'low', ...over,
});

describe('eligibility and offers', () => {
  it('offers the three shapes, each with its terms and total cost', () => {
    const e = evaluate(basis());
    expect(e.eligible).toBe(true);
    expect(e.offers.map((o) => o.id)).toEqual(['receivables', 'merchant_cash', 'fixed_fee_4m', 'fixed_fee_5m', 'fixed_fee_6m']);
    const [rec, mca, ff4, ff5, ff6] = e.offers;
    // 80 % of 12,345.67 = 9,876.536 → whole dollars down: 9,876.00; 2 % fee
    expect(rec).toMatchObject({ max_principal_cents: 987_600, fee_cents: 19_752, total_repay_cents: 1_007_352, total_cost_cents: 19_752, holdback_bp: 10_000 });
    // 50 % of the window's sales; low risk: factor 1.10, 10 % holdback
    expect(mca).toMatchObject({ max_principal_cents: 4_500_000, factor: 1.1, fee_cents: 450_000, holdback_bp: 1000, early_payoff: true });
    // a month of sales (9,000,000 / 3) at 5 / 6.25 / 8 %
    expect([ff4, ff5, ff6].map((o) => [o.term_months, o.max_principal_cents, o.fee_cents])).toEqual([[4, 3_000_000, 150_000], [5, 3_000_000, 187_500], [6, 3_000_000, 240_000]]);
    // a fixed-fee term's holdback repays it within its term at the window's pace
    for (const o of [ff4, ff5, ff6]) expect(o.est_repayment_days!).toBeLessThanOrEqual(o.term_months! * 30 + 1);
  });

  it('the factor and holdback follow the risk tier (1.10 – 1.13)', () => {
    expect([riskOf(0), riskOf(499), riskOf(500), riskOf(999), riskOf(1000), riskOf(1500)]).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high']);
    expect(price('merchant_cash', 100_000, basis({ risk: 'medium' }))).toMatchObject({ factor: 1.115, fee_cents: 11_500, holdback_bp: 1200 });
    expect(price('merchant_cash', 100_000, basis({ risk: 'high' }))).toMatchObject({ factor: 1.13, fee_cents: 13_000, holdback_bp: 1500 });
  });

  it.each([
    [{ history_days: 12 }, 'short_history'],
    [{ orders: 3 }, 'few_orders'],
    [{ return_rate_bp: 1501, returned_orders: 50 }, 'returns_high'],
    [{ outstanding_advance: 'ADV-1001' }, 'advance_outstanding'],
  ] as const)('denies with its reason: %o', (over, code) => {
    const e = evaluate(basis(over));
    expect(e.eligible).toBe(false);
    expect(e.offers).toEqual([]);
    expect(e.reasons.find((r) => r.code === code)?.effect).toBe('deny');
  });

  it('open reconciliation problems cap every offer at half, with the reason', () => {
    const e = evaluate(basis({ open_problems: 2 }));
    expect(e.eligible).toBe(true);
    expect(e.reasons[0]).toMatchObject({ code: 'reconciliation_open', effect: 'cap' });
    expect(e.offers.find((o) => o.kind === 'merchant_cash')!.max_principal_cents).toBe(2_250_000);
    expect(e.offers[0].reasons[0]).toMatch(/Capped at 50 %/);
  });

  it('nothing owed: no receivables advance, the others still offered', () => {
    const e = evaluate(basis({ receivables_cents: 0 }));
    expect(e.offers.map((o) => o.kind)).not.toContain('receivables');
    expect(e.reasons.map((r) => r.code)).toContain('nothing_receivable');
    expect(e.eligible).toBe(true);
  });

  it('rounds bounds down to whole dollars and fees half up', () => {
    expect(wholeDollars(12_399)).toBe(12_300);
    expect(maxPrincipal('receivables', basis({ receivables_cents: 15_555 }))).toBe(12_400); // 12,444 → 12,400
    // 2 % of 12,325 = 246.5 → 247 (half up)
    expect(price('receivables', 12_325, basis()).fee_cents).toBe(247);
    expect(repaymentDays(1000, 1000, 999)).toBe(11); // 99 a day → ⌈1000/99⌉
    expect(repaymentDays(1000, 1000, 5)).toBeNull();
  });

  it('uses CAPITAL_RULES, not numbers of its own', () => {
    expect(CAPITAL_RULES.fixedFee.terms.map((t) => t.feeBp)).toEqual([500, 625, 800]);
    expect(CAPITAL_RULES.receivables.advanceBp).toBe(8000);
  });
});

describe('holdback and payoff', () => {
  it('holds back the share of each payout, rounded down, never more than owed, nothing from a negative payout', () => {
    expect(holdbackOf(10_005, 1000, 50_000)).toBe(1000);
    expect(holdbackOf(10_000, 1000, 300)).toBe(300);
    expect(holdbackOf(-5000, 1000, 300)).toBe(0);
    expect(holdbackOf(10_000, 10_000, 7_000)).toBe(7_000);
    expect(holdbackSchedule([10_000, 0, 25_000, 9_999, 50_000], 1500, 6_000)).toEqual([1500, 0, 3750, 750, 0]);
    expect(payoffOf(1234)).toBe(1234);
    expect([statusAfter(100, 0), statusAfter(100, 1), statusAfter(100, 100)]).toEqual(['disbursed', 'repaying', 'repaid']);
  });
});

describe('cash-out estimate', () => {
  const today = 20_000;
  it('the first payout on or after the ship day, on the cadence from the last payout', () => {
    expect(payoutDay(14, today - 3, today - 1, today)).toBe(today + 11);
    expect(payoutDay(14, today - 3, today - 5, today)).toBe(today + 11); // shipped before the last payout and not in it: the next
    expect(payoutDay(1, today - 1, today, today)).toBe(today);
    expect(payoutDay(7, null, today - 2, today)).toBe(today + 5);
    expect(payoutDay(7, null, today - 30, today)).toBe(today);
  });

  it('weights the days by the sales and answers per marketplace; nothing open: null', () => {
    const last = new Map([['amazon', today - 3], ['ebay', today - 1]] as const);
    const e = cashoutEstimate([
      { marketplace: 'amazon', shippedDay: today - 1, salesCents: 3000, count: 2 },
      { marketplace: 'ebay', shippedDay: null, salesCents: 1000, count: 1 },
    ], last, today);
    // amazon: 11 days (weight 3000), ebay: 0 days (weight 1000) → 8.25 → 8.3
    expect(e.days).toBe(8.3);
    expect(e.byMarketplace.get('amazon')).toEqual({ days: 11, count: 2, salesCents: 3000 });
    expect(cashoutEstimate([], last, today).days).toBeNull();
    expect(PAYOUT_CADENCE_DAYS).toEqual({ amazon: 14, ebay: 1, walmart: 7, shopify: 2 });
  });
});

describe('the books of advances (property-based)', () => {
  type Step = { t: 'advance'; principal: number; fee: number; bp: number } | { t: 'payout'; net: number } | { t: 'payoff' };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ t: fc.constant('advance' as const), principal: fc.integer({ min: 10_000, max: 5_000_000 }), fee: fc.integer({ min: 0, max: 500_000 }), bp: fc.integer({ min: 100, max: 10_000 }) }),
    fc.record({ t: fc.constant('payout' as const), net: fc.integer({ min: -50_000, max: 3_000_000 }) }),
    fc.constant({ t: 'payoff' as const }),
  );

  it('random advances, payouts with holdback and payoffs: every entry balances, advance_principal = −outstanding', () => {
    fc.assert(fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
      const balance = new Map<string, number>();
      const keys = new Set<string>();
      const post = (es: JournalEntry[]) => {
        for (const e of es) {
          expect(isBalanced(e.postings)).toBe(true);
          if (keys.has(e.key)) continue; // the database's unique key: a fact posts once
          keys.add(e.key);
          for (const p of e.postings) balance.set(p.account, (balance.get(p.account) ?? 0) + p.amount);
        }
      };
      const advances: { id: string; total: number; repaid: number; bp: number; principal: number; fee: number }[] = [];
      let open: (typeof advances)[number] | null = null;
      let payouts = 0;
      for (const s of steps) {
        if (s.t === 'advance' && !open) {
          open = { id: `A${advances.length}`, total: s.principal + s.fee, repaid: 0, bp: s.bp, principal: s.principal, fee: s.fee };
          advances.push(open);
          post(disbursedEntries({ id: open.id, number: open.id, principal_cents: s.principal, fee_cents: s.fee, currency: 'USD' }));
        } else if (s.t === 'payout') {
          const settlement = `S${++payouts}`;
          balance.set('cash', (balance.get('cash') ?? 0) + s.net);
          balance.set('marketplace_receivable:amazon', (balance.get('marketplace_receivable:amazon') ?? 0) - s.net);
          if (open) {
            const x = holdbackOf(s.net, open.bp, open.total - open.repaid);
            if (x > 0) {
              const key = repaymentKey(open.id, { kind: 'holdback', settlementId: settlement });
              const e = repaymentEntry({ id: open.id, number: open.id, principal_cents: open.principal, fee_cents: open.fee, currency: 'USD' }, key, 'holdback', x);
              post([e, e]); // a redelivery posts nothing more
              open.repaid += x;
            }
            if (statusAfter(open.total, open.repaid) === 'repaid') open = null;
          }
        } else if (s.t === 'payoff' && open) {
          const x = payoffOf(open.total - open.repaid);
          if (x > 0) post([repaymentEntry({ id: open.id, number: open.id, principal_cents: open.principal, fee_cents: open.fee, currency: 'USD' }, repaymentKey(open.id, { kind: 'payoff' }), 'payoff', x)]);
          open.repaid += x;
          open = null;
        }
      }
      const outstanding = advances.reduce((s, a) => s + (a.total - a.repaid), 0);
      expect((balance.get('advance_principal') ?? 0) + outstanding).toBe(0);
      expect([...balance.values()].reduce((a, b) => a + b, 0)).toBe(0);
      expect(balance.get('advance_fees') ?? 0).toBe(advances.reduce((s, a) => s + a.fee, 0));
      expect(advances.every((a) => a.repaid <= a.total)).toBe(true);
      expect(sumsByCurrency([]).size).toBe(0);
    }), { numRuns: 300 });
  });
});
