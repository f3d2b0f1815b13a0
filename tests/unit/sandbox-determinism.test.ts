/** The sandbox marketplace's rules are deterministic: the same account, item and tick give the same offers, buy box and orders. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buyBoxOf, initialOffers, moveOffers, ordersOfTick, rngOf, type SimOffer } from '../../server/marketplaces/sandbox/simulate';
import { FEE_SCHEDULES, feeCents } from '../../contract/marketplaces';
import { graceCents, quantityOf, violatesMap } from '../../contract/listings';

const ACC = '3f0d5c1e-1111-4111-8111-000000000001';

afterEach(() => vi.restoreAllMocks());

describe('sandbox simulation', () => {
  it('never asks Math.random', () => {
    vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random used');
    });
    const offers = initialOffers(ACC, 'ASIN-SBX-1', 2599);
    moveOffers(ACC, 1, 'ASIN-SBX-1', offers);
    ordersOfTick(ACC, 'amazon', 1, [{ external_id: 'ASIN-SBX-1', price_cents: 2599, quantity: 5, has_buy_box: true }], 0.5);
  });

  it('seeds from its parts: same parts same stream, other parts another', () => {
    const a = rngOf(ACC, 7);
    const b = rngOf(ACC, 7);
    const c = rngOf(ACC, 8);
    const xs = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(xs);
    expect([c(), c(), c()]).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('gives each item 0–8 competitors, the same ones every time, and all counts occur', () => {
    const counts = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const o = initialOffers(ACC, `ITEM-${i}`, 5000);
      expect(o.length).toBeGreaterThanOrEqual(0);
      expect(o.length).toBeLessThanOrEqual(8);
      expect(initialOffers(ACC, `ITEM-${i}`, 5000)).toEqual(o);
      expect(new Set(o.map((x) => x.seller)).size).toBe(o.length);
      counts.add(o.length);
    }
    expect(counts.size).toBe(9);
  });

  it('moves prices per tick around the base: same tick same prices, another tick other prices', () => {
    const offers = initialOffers(ACC, 'ITEM-X', 10_000).concat(initialOffers(ACC, 'ITEM-Y', 10_000));
    expect(offers.length).toBeGreaterThan(0);
    const t5 = moveOffers(ACC, 5, 'ITEM-X', offers);
    expect(moveOffers(ACC, 5, 'ITEM-X', offers)).toEqual(t5);
    expect(moveOffers(ACC, 6, 'ITEM-X', offers).map((o) => o.price_cents)).not.toEqual(t5.map((o) => o.price_cents));
    for (const o of t5) {
      expect(o.price_cents).toBeGreaterThanOrEqual(Math.floor(o.base_price_cents * 0.94));
      expect(o.price_cents).toBeLessThanOrEqual(Math.ceil(o.base_price_cents * 1.06));
    }
    // the walk does not compound: tick 6 from tick 5's prices equals tick 6 from the start
    expect(moveOffers(ACC, 6, 'ITEM-X', t5)).toEqual(moveOffers(ACC, 6, 'ITEM-X', offers));
  });

  it('gives the buy box to the lowest landed price among sellers rated 70+, ties to the better rating and to us', () => {
    const o = (seller: string, price: number, ship: number, rating: number): SimOffer => ({ seller, base_price_cents: price, price_cents: price, shipping_cents: ship, rating });
    expect(buyBoxOf(1000, [o('A', 900, 0, 90)])).toEqual({ owner: 'A', priceCents: 900 });
    expect(buyBoxOf(1000, [o('A', 900, 200, 90)])).toEqual({ owner: 'you', priceCents: 1000 });
    expect(buyBoxOf(1000, [o('Cheap', 500, 0, 60)])).toEqual({ owner: 'you', priceCents: 1000 });
    expect(buyBoxOf(1000, [o('A', 1000, 0, 99)])).toEqual({ owner: 'you', priceCents: 1000 });
    expect(buyBoxOf(null, [o('A', 800, 0, 80), o('B', 800, 0, 95)])).toEqual({ owner: 'B', priceCents: 800 });
    expect(buyBoxOf(null, [])).toEqual({ owner: null, priceCents: null });
  });

  it('generates the same orders for the same tick, at the configured rate, never beyond the quantity', () => {
    const items = Array.from({ length: 400 }, (_, i) => ({ external_id: `I-${String(i).padStart(3, '0')}`, price_cents: 1000 + i, quantity: i % 10 === 0 ? 0 : 3, has_buy_box: true }));
    const a = ordersOfTick(ACC, 'ebay', 12, items, 0.25);
    expect(ordersOfTick(ACC, 'ebay', 12, [...items].reverse(), 0.25)).toEqual(a);
    expect(ordersOfTick(ACC, 'ebay', 13, items, 0.25)).not.toEqual(a);
    // 360 buyable items at 25 %: about 90 orders
    expect(a.length).toBeGreaterThan(55);
    expect(a.length).toBeLessThan(125);
    expect(a.every((o) => !o.item_external_id.endsWith('0') || Number(o.item_external_id.slice(2)) % 10 !== 0)).toBe(true);
    expect(new Set(a.map((o) => o.external_id)).size).toBe(a.length);
    expect(a[0].external_id).toMatch(/^EBAY-SBX-3f0d5c1e-12-1$/);
    expect(ordersOfTick(ACC, 'ebay', 12, items, 0)).toEqual([]);
  });
});

describe('fee schedules and MAP grace (contract)', () => {
  it('each marketplace has its fee rate, fixed fee and payout cadence', () => {
    expect(Object.keys(FEE_SCHEDULES).sort()).toEqual(['amazon', 'ebay', 'shopify', 'walmart']);
    expect(feeCents('amazon', 10_000)).toBe(1500);
    expect(feeCents('ebay', 10_000)).toBe(1325 + 30);
    expect(feeCents('shopify', 10_000)).toBe(290 + 30);
    expect(new Set(Object.values(FEE_SCHEDULES).map((s) => s.payout_every_days)).size).toBeGreaterThan(1);
  });

  it('tolerates a gap up to the larger of the percent and the cents grace', () => {
    expect(graceCents(10_000, { grace_pct: 1, grace_cents: 50 })).toBe(100);
    expect(graceCents(2_000, { grace_pct: 1, grace_cents: 50 })).toBe(50);
    expect(violatesMap(9_900, 10_000, { grace_pct: 1, grace_cents: 0 })).toBe(false);
    expect(violatesMap(9_899, 10_000, { grace_pct: 1, grace_cents: 0 })).toBe(true);
    expect(violatesMap(9_999, 10_000, { grace_pct: 0, grace_cents: 0 })).toBe(true);
    expect(violatesMap(10_000, 10_000, { grace_pct: 0, grace_cents: 0 })).toBe(false);
    expect(violatesMap(1, null, { grace_pct: 0, grace_cents: 0 })).toBe(false);
  });

  it('quantity rules: stock minus buffer (never negative) or fixed', () => {
    expect(quantityOf({ mode: 'stock_minus_buffer', buffer: 2 }, 10)).toBe(8);
    expect(quantityOf({ mode: 'stock_minus_buffer', buffer: 20 }, 10)).toBe(0);
    expect(quantityOf({ mode: 'fixed', quantity: 4 }, 100)).toBe(4);
  });
});
