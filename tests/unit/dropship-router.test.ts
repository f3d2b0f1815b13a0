import { describe, expect, it } from 'vitest';
import { routeItem, type SupplierOption } from '../../server/domain/dropship/router';
import { expectedMarginPercent, holdReasons, orderHoldReasons, UNMAPPED_SKU, type HoldSettings, type RoutedLine } from '../../server/domain/dropship/holds';

const opt = (o: Partial<SupplierOption> & { supplierId: string }): SupplierOption => ({
  supplierName: o.supplierId.toUpperCase(),
  supplierSku: `S-${o.supplierId}`,
  costCents: 1000,
  shippingCents: 0,
  stock: 100,
  handlingDays: 2,
  shipFrom: 'US',
  countriesServed: ['US'],
  priority: 1,
  score: 80,
  ...o,
});
const item = { sku: 'TEE-1', quantity: 2 };

describe('router: which supplier takes the item', () => {
  const cases: { name: string; options: SupplierOption[]; shipTo?: string; exclude?: string[]; primary: string | null; backup?: string | null; reason?: RegExp }[] = [
    { name: 'only one serves the ship-to country', options: [opt({ supplierId: 'a', countriesServed: ['DE'], score: 99 }), opt({ supplierId: 'b', score: 10 })], primary: 'b', backup: null },
    { name: 'empty countries served ships everywhere', options: [opt({ supplierId: 'a', countriesServed: [] })], shipTo: 'JP', primary: 'a' },
    { name: 'country codes compare case-insensitively', options: [opt({ supplierId: 'a', countriesServed: ['us'] })], primary: 'a' },
    { name: 'a supplier without enough stock is skipped', options: [opt({ supplierId: 'a', stock: 1, score: 99 }), opt({ supplierId: 'b', score: 50 })], primary: 'b', reason: /1 out of stock/ },
    { name: 'highest score wins over cheaper', options: [opt({ supplierId: 'a', score: 70, costCents: 500 }), opt({ supplierId: 'b', score: 90, costCents: 900 })], primary: 'b', backup: 'a' },
    { name: 'same score: lowest landed cost (cost × qty + shipping)', options: [opt({ supplierId: 'a', costCents: 900, shippingCents: 500 }), opt({ supplierId: 'b', costCents: 1000, shippingCents: 0 })], primary: 'b', backup: 'a' },
    { name: 'unscored suppliers rank after scored ones', options: [opt({ supplierId: 'a', score: null, costCents: 1 }), opt({ supplierId: 'b', score: 5 })], primary: 'b', backup: 'a' },
    { name: 'same score and cost: mapping priority', options: [opt({ supplierId: 'a', priority: 3 }), opt({ supplierId: 'b', priority: 1 })], primary: 'b', backup: 'a' },
    { name: 'full tie: supplier id keeps it deterministic', options: [opt({ supplierId: 'b' }), opt({ supplierId: 'a' })], primary: 'a', backup: 'b' },
    { name: 'a rejected supplier is excluded and the backup takes it', options: [opt({ supplierId: 'a', score: 99 }), opt({ supplierId: 'b' })], exclude: ['a'], primary: 'b', backup: null },
    { name: 'no mappings: unmapped SKU', options: [], primary: null, reason: /^unmapped SKU$/ },
    { name: 'nobody ships there', options: [opt({ supplierId: 'a' })], shipTo: 'FR', primary: null, reason: /ships to FR/ },
    { name: 'out of stock everywhere', options: [opt({ supplierId: 'a', stock: 0 }), opt({ supplierId: 'b', stock: 1 })], primary: null, reason: /out of stock at every supplier/ },
    { name: 'every supplier already tried', options: [opt({ supplierId: 'a' })], exclude: ['a'], primary: null, reason: /every supplier/ },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const d = routeItem(item, c.options, c.shipTo ?? 'US', new Set(c.exclude ?? []));
      if (c.primary === null) {
        expect(d.kind).toBe('unroutable');
      } else {
        expect(d.kind).toBe('routed');
        if (d.kind !== 'routed') return;
        expect(d.primary.supplierId).toBe(c.primary);
        if (c.backup !== undefined) expect(d.backup?.supplierId ?? null).toBe(c.backup);
      }
      if (c.reason) expect(d.reason).toMatch(c.reason);
    });
  }

  it('explains the choice with score, stock and landed cost', () => {
    const d = routeItem(item, [opt({ supplierId: 'a', costCents: 1250, shippingCents: 300 }), opt({ supplierId: 'b', score: 10 })], 'US');
    expect(d.reason).toBe('routed to A because it ships to US, 100 in stock, score 80, landed $28.00; backup B');
  });
});

describe('hold rules', () => {
  const off: HoldSettings = { minSupplierStock: null, maxHandlingDays: null, minMarginPercent: null };
  const route = { ...opt({ supplierId: 'a', stock: 10, handlingDays: 4 }), landedCostCents: 2000 };
  const line: RoutedLine = { sku: 'TEE-1', quantity: 2, saleCents: 5000, route };
  const cases: { name: string; s: Partial<HoldSettings>; line?: Partial<RoutedLine>; expect: RegExp[] }[] = [
    { name: 'all rules off: no hold', s: {}, expect: [] },
    { name: 'stock left under N holds', s: { minSupplierStock: 9 }, expect: [/^supplier stock below 9 \(A has 10 for 2\)$/] },
    { name: 'stock left at N passes', s: { minSupplierStock: 8 }, expect: [] },
    { name: 'handling days above N holds', s: { maxHandlingDays: 3 }, expect: [/^handling days above 3 \(A needs 4\)$/] },
    { name: 'handling days at N passes', s: { maxHandlingDays: 4 }, expect: [] },
    { name: 'an unknown SKU holds whatever the rules', s: {}, line: { route: null }, expect: [new RegExp(`^${UNMAPPED_SKU}$`)] },
    { name: 'several rules give several reasons', s: { minSupplierStock: 50, maxHandlingDays: 1 }, expect: [/supplier stock/, /handling days/] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = holdReasons({ ...line, ...c.line }, { ...off, ...c.s });
      expect(r).toHaveLength(c.expect.length);
      c.expect.forEach((re, i) => expect(r[i]).toMatch(re));
    });
  }

  it('the margin rule is the order\'s: the gross markup without fees and postage only when they are not given', () => {
    expect(orderHoldReasons([line], { ...off, minMarginPercent: 65 })).toEqual(['margin below 65% (60% after supplier cost)']);
    expect(orderHoldReasons([line], { ...off, minMarginPercent: 60 })).toEqual([]);
    expect(expectedMarginPercent([{ ...line, route: { ...route, landedCostCents: 1500 } }], { saleCents: 1000, feesCents: 0, otherSupplierCents: 0, postageCents: null })).toBe(-50);
  });

  it('"39.3 %" gross is −2.5 % after the 15 % fee and a $13.95 label: held with the true margin (docs/dropshipping.md "Hold rules")', () => {
    const l: RoutedLine = { sku: 'LAMP', quantity: 1, saleCents: 5206, route: { ...route, landedCostCents: 3160 } };
    const money = { saleCents: 5206, feesCents: 781, otherSupplierCents: 0, postageCents: 1395 };
    expect(orderHoldReasons([l], { ...off, minMarginPercent: 40 }, money)).toEqual(['margin below 40% (-2.5% after fees, supplier cost and postage)']);
    expect(orderHoldReasons([l], { ...off, minMarginPercent: 40 }, { ...money, postageCents: null })).toEqual(['margin below 40% (24.3% after fees and supplier cost)']);
    // a line already on a live purchase order still costs
    expect(expectedMarginPercent([l], { ...money, postageCents: 0, otherSupplierCents: 1265 })).toBe(0);
    expect(orderHoldReasons([l], { ...off, minMarginPercent: -5 }, money)).toEqual([]);
  });

  it('an order lists each reason once', () => {
    expect(orderHoldReasons([{ ...line, route: null }, { ...line, sku: 'X', route: null }], off)).toEqual([UNMAPPED_SKU]);
  });
});
