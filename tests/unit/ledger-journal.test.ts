/**
 * What posts what (docs/ledger.md): each business fact's journal entry, its rounding (THE fee
 * schedule, half up), reversals, and — property-based — that any entries these rules build balance,
 * and that the balances they add up to equal the sums of the business rows they came from.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  assertBalanced, isBalanced, labelEntry, labelVoidEntry, refundEntry, reversalEntry, saleEntry, settlementEntry, sumsByCurrency, supplierCostEntry,
  type JournalEntry, type Posting,
} from '../../server/domain/ledger/journal';
import { feeCents } from '../../contract/marketplaces';
import { LEDGER_CHART } from '../../contract/ledger';
import { MARKETPLACES, type Marketplace } from '../../contract/orders';

const postings = (e: JournalEntry | null) => Object.fromEntries((e?.postings ?? []).map((p) => [p.account, p.amount]));
const posted = (e: JournalEntry) => ({ id: 'E1', key: e.key, kind: e.kind, postings: e.postings });

describe('each fact and its postings', () => {
  it('an order shipped: receivable net of the fee, the fee, the sale as revenue (tax excluded)', () => {
    const e = saleEntry({ orderId: 'ORD-1', marketplace: 'ebay', subtotal_cents: 2500, shipping_cents: 499, currency: 'USD', n: 1, eventSeq: 7 });
    // 13.25 % of 29.99 = 3.973675 → 3.97 (half up) + 0.30 fixed
    expect(feeCents('ebay', 2999)).toBe(427);
    expect(postings(e)).toEqual({ 'marketplace_receivable:ebay': 2999 - 427, marketplace_fees: 427, sales_revenue: -2999 });
    expect(e).toMatchObject({ key: 'order:ORD-1:sale:1', kind: 'sale', objectType: 'order', objectId: 'ORD-1', eventSeq: 7, reversesId: null });
  });

  it('rounds the fee half up, as THE fee schedule does', () => {
    // amazon 15 %: 0.15 × 1003 = 150.45 → 150; × 1010 = 151.5 → 152 (a half cent away from zero)
    expect(postings(saleEntry({ orderId: 'A', marketplace: 'amazon', subtotal_cents: 1003, shipping_cents: 0, currency: 'USD', n: 1, eventSeq: null })).marketplace_fees).toBe(150);
    expect(postings(saleEntry({ orderId: 'A', marketplace: 'amazon', subtotal_cents: 1010, shipping_cents: 0, currency: 'USD', n: 1, eventSeq: null })).marketplace_fees).toBe(152);
  });

  it('a sale of nothing posts nothing; a fee larger than the sale leaves a negative receivable, still balanced', () => {
    expect(saleEntry({ orderId: 'R', marketplace: 'ebay', subtotal_cents: 0, shipping_cents: 0, currency: 'USD', n: 1, eventSeq: null })).toBeNull();
    const tiny = saleEntry({ orderId: 'T', marketplace: 'ebay', subtotal_cents: 10, shipping_cents: 0, currency: 'USD', n: 1, eventSeq: null })!;
    expect(postings(tiny)).toEqual({ 'marketplace_receivable:ebay': 10 - 31, marketplace_fees: 31, sales_revenue: -10 });
    expect(isBalanced(tiny.postings)).toBe(true);
  });

  it('a purchase order, a label, its void, a refund and a payout', () => {
    expect(postings(supplierCostEntry({ id: 'P', number: 'PO-1', orderId: 'O', totalCents: 800, eventSeq: 1 }))).toEqual({ cost_of_goods: 800, supplier_payable: -800 });
    expect(supplierCostEntry({ id: 'P', number: 'PO-1', orderId: 'O', totalCents: 0, eventSeq: 1 })).toBeNull();
    const label = { id: 'S', orderId: 'O', direction: 'outbound' as const, trackingNumber: '1Z', cents: 1395, eventSeq: 2 };
    expect(postings(labelEntry(label))).toEqual({ shipping_expense: 1395, shipping_payable: -1395 });
    expect(postings(labelVoidEntry(label, 'E0'))).toEqual({ shipping_payable: 1395, shipping_expense: -1395 });
    expect(labelVoidEntry(label, 'E0')!.reversesId).toBe('E0');
    expect(postings(refundEntry({ returnId: 'R', number: 'RMA-1', orderId: 'O', marketplace: 'walmart', refundCents: 2500, currency: 'USD', eventSeq: 3 })))
      .toEqual({ refunds: 2500, 'marketplace_receivable:walmart': -2500 });
    expect(postings(settlementEntry({ settlementId: 'X', marketplaceId: 'M', marketplace: 'amazon', externalId: 'PAYOUT-3', netCents: 8500, eventSeq: 4 })))
      .toEqual({ cash: 8500, 'marketplace_receivable:amazon': -8500 });
  });

  it('writes a currency as its upper-case code, as the database requires', () => {
    const e = saleEntry({ orderId: 'O', marketplace: 'amazon', subtotal_cents: 1000, shipping_cents: 0, currency: 'eur', n: 1, eventSeq: null })!;
    expect(new Set(e.postings.map((p) => p.currency))).toEqual(new Set(['EUR']));
  });

  it('a reversal is the same postings with the opposite signs, pointing at the original', () => {
    const sale = saleEntry({ orderId: 'O', marketplace: 'shopify', subtotal_cents: 5000, shipping_cents: 0, currency: 'USD', n: 1, eventSeq: 1 })!;
    const r = reversalEntry(posted(sale), { key: 'order:O:sale_reversal:1', kind: 'sale_reversal', description: 'x', objectType: 'order', objectId: 'O', eventSeq: 2 });
    expect(r.reversesId).toBe('E1');
    expect(sumsByCurrency([...sale.postings, ...r.postings]).get('USD')).toBe(0);
    for (const p of r.postings) expect(p.amount).toBe(-postings(sale)[p.account]);
  });

  it('every account an entry uses is in the chart', () => {
    const codes = new Set(LEDGER_CHART.map((a) => a.code));
    for (const m of MARKETPLACES) {
      const e = saleEntry({ orderId: 'O', marketplace: m, subtotal_cents: 100, shipping_cents: 0, currency: 'USD', n: 1, eventSeq: null })!;
      for (const p of e.postings) expect(codes.has(p.account), p.account).toBe(true);
    }
  });

  it('assertBalanced refuses an unbalanced or empty entry', () => {
    const e = labelEntry({ id: 'S', orderId: 'O', direction: 'outbound', trackingNumber: 'T', cents: 100, eventSeq: null })!;
    expect(() => assertBalanced({ ...e, postings: [e.postings[0]] })).toThrow(/unbalanced/);
    expect(() => assertBalanced({ ...e, postings: [] })).toThrow(/no postings/);
  });
});

// ---- properties ------------------------------------------------------------------------------------

const marketplace = fc.constantFrom<Marketplace>(...MARKETPLACES);
const amount = fc.integer({ min: 0, max: 100_000_000 }); // up to $1,000,000

/** A random business history: orders shipped (and some reversed), POs, labels (some voided), refunds, payouts. */
const history = fc.array(
  fc.oneof(
    fc.record({ t: fc.constant('order' as const), m: marketplace, subtotal: amount, shipping: fc.integer({ min: 0, max: 100_000 }), reversed: fc.boolean() }),
    fc.record({ t: fc.constant('po' as const), total: amount, rejected: fc.boolean() }),
    fc.record({ t: fc.constant('label' as const), rate: fc.integer({ min: 0, max: 50_000 }), voided: fc.boolean() }),
    fc.record({ t: fc.constant('refund' as const), m: marketplace, cents: amount }),
    fc.record({ t: fc.constant('payout' as const), m: marketplace, net: fc.integer({ min: -1_000_000, max: 100_000_000 }) }),
  ),
  { maxLength: 60 },
);

type Step = typeof history extends fc.Arbitrary<(infer S)[]> ? S : never;

function journal(steps: Step[]): JournalEntry[] {
  const out: JournalEntry[] = [];
  const add = (e: JournalEntry | null) => (e ? (out.push(e), e) : null);
  steps.forEach((s, i) => {
    const r = { description: 'reversed', eventSeq: i, objectId: String(i) };
    if (s.t === 'order') {
      const e = add(saleEntry({ orderId: `O${i}`, marketplace: s.m, subtotal_cents: s.subtotal, shipping_cents: s.shipping, currency: 'USD', n: 1, eventSeq: i }));
      if (e && s.reversed) add(reversalEntry(posted(e), { ...r, key: `r${i}`, kind: 'sale_reversal', objectType: 'order' }));
    } else if (s.t === 'po') {
      const e = add(supplierCostEntry({ id: `P${i}`, number: `PO-${i}`, orderId: 'O', totalCents: s.total, eventSeq: i }));
      if (e && s.rejected) add(reversalEntry(posted(e), { ...r, key: `r${i}`, kind: 'supplier_cost_reversal', objectType: 'purchase_order' }));
    } else if (s.t === 'label') {
      const l = { id: `S${i}`, orderId: 'O', direction: 'outbound' as const, trackingNumber: 'T', cents: s.rate, eventSeq: i };
      add(labelEntry(l));
      if (s.voided) add(labelVoidEntry(l, null));
    } else if (s.t === 'refund') {
      add(refundEntry({ returnId: `R${i}`, number: 'RMA', orderId: 'O', marketplace: s.m, refundCents: s.cents, currency: 'USD', eventSeq: i }));
    } else {
      add(settlementEntry({ settlementId: `X${i}`, marketplaceId: 'M', marketplace: s.m, externalId: `P${i}`, netCents: s.net, eventSeq: i }));
    }
  });
  return out;
}

const neg = (x: number) => (x === 0 ? 0 : -x);

const balances = (ps: Posting[]) => {
  const m = new Map<string, number>();
  for (const p of ps) m.set(p.account, (m.get(p.account) ?? 0) + p.amount);
  return m;
};

describe('properties', () => {
  it('every entry balances, and so all balances together sum to zero', () => {
    fc.assert(fc.property(history, (steps) => {
      const entries = journal(steps);
      for (const e of entries) {
        expect(isBalanced(e.postings)).toBe(true);
        expect(e.postings.every((p) => p.amount !== 0 && Number.isSafeInteger(p.amount))).toBe(true);
      }
      const all = [...balances(entries.flatMap((e) => e.postings)).values()];
      expect(all.reduce((s, b) => s + b, 0)).toBe(0);
    }), { numRuns: 300 });
  });

  it('the balances equal the sums of the business rows they came from', () => {
    fc.assert(fc.property(history, (steps) => {
      const b = balances(journal(steps).flatMap((e) => e.postings));
      const get = (k: string) => b.get(k) ?? 0;
      const live = <T extends Step['t']>(t: T) => steps.filter((s): s is Extract<Step, { t: T }> => s.t === t);
      const sales = live('order').filter((o) => !o.reversed);
      expect(get('sales_revenue')).toBe(neg(sales.reduce((s, o) => s + o.subtotal + o.shipping, 0)));
      expect(get('marketplace_fees')).toBe(sales.reduce((s, o) => s + (o.subtotal + o.shipping === 0 ? 0 : feeCents(o.m, o.subtotal + o.shipping)), 0));
      expect(get('cost_of_goods')).toBe(live('po').filter((p) => !p.rejected).reduce((s, p) => s + p.total, 0));
      expect(get('supplier_payable')).toBe(neg(get('cost_of_goods')));
      expect(get('shipping_expense')).toBe(live('label').filter((l) => !l.voided).reduce((s, l) => s + l.rate, 0));
      expect(get('refunds')).toBe(live('refund').reduce((s, r) => s + r.cents, 0));
      expect(get('cash')).toBe(live('payout').reduce((s, p) => s + p.net, 0));
      for (const m of MARKETPLACES) {
        const owed = sales.filter((o) => o.m === m).reduce((s, o) => s + (o.subtotal + o.shipping === 0 ? 0 : o.subtotal + o.shipping - feeCents(m, o.subtotal + o.shipping)), 0)
          - live('refund').filter((r) => r.m === m).reduce((s, r) => s + r.cents, 0)
          - live('payout').filter((p) => p.m === m).reduce((s, p) => s + p.net, 0);
        expect(get(`marketplace_receivable:${m}`)).toBe(owed);
      }
    }), { numRuns: 300 });
  });
});
