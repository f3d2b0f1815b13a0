/**
 * contract/money.ts — the one money module (docs/commerce.md "Money"): integer cents, one rounding
 * rule (half up, a half away from zero), en-US text. Examples first, then properties (fast-check)
 * checked against an independent computation in BigInt: sums of random orders, fees and refunds
 * never drift by a cent, and text round-trips.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add, addCents, addPercent, allocate, allocateCents, centsToDecimal, centsToDollars, compare, compareCents, equals, format, formatBp, formatCents,
  fromDecimal, money, multiply, multiplyCents, mulDivRound, parseCents, percent, percentOf, percentToBp, rateToBp, subtract, subtractCents, sum, sumCents, toCents,
} from '../../contract/money';

/** Half away from zero of n / d, in BigInt: the reference the module is held to. */
const roundBig = (n: bigint, d: bigint) => {
  const abs = n < 0n ? -n : n;
  const q = abs / d + (2n * (abs % d) >= d ? 1n : 0n);
  return n < 0n ? -q : q;
};

describe('money: examples', () => {
  it('formats en-US, negatives with the sign before the symbol', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-5)).toBe('-$0.05');
    expect(formatCents(-123456789)).toBe('-$1,234,567.89');
    expect(formatCents(100_000_000_000)).toBe('$1,000,000,000.00');
    expect(formatCents(1200, 'EUR')).toBe('€12.00');
    expect(formatCents(1200, 'chf')).toBe('CHF 12.00');
    expect(format(money(-250))).toBe('-$2.50');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(123400)).toBe('1234.00');
    expect(formatBp(1325)).toBe('13.25 %');
    expect(formatBp(250)).toBe('2.5 %');
    expect(formatBp(1000)).toBe('10 %');
  });

  it('reads decimal text exactly, never through x * 100 on a float', () => {
    expect(parseCents('12.30')).toBe(1230);
    expect(parseCents('12.3')).toBe(1230);
    expect(parseCents('12')).toBe(1200);
    expect(parseCents('.5')).toBe(50);
    expect(parseCents('-0.05')).toBe(-5);
    expect(parseCents('$1,234.56')).toBe(123456);
    expect(parseCents('-$1,234.56')).toBe(-123456);
    expect(parseCents(' 7.1 ')).toBe(710);
    expect(parseCents('1e3')).toBe(100_000);
    expect(parseCents('1.5E-1')).toBe(15);
    // 1.005 * 100 is 100.49999999999999 as a float: Math.round gives 100, the decimal is 100.5 → 101
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(parseCents(1.005)).toBe(101);
    expect(parseCents('1.005')).toBe(101);
    expect(parseCents(0.1 + 0.2)).toBe(30);
    expect(parseCents(19.99)).toBe(1999);
    // the one rule: a half cent away from zero
    expect(parseCents('0.125')).toBe(13);
    expect(parseCents('-0.125')).toBe(-13);
    expect(parseCents('0.1249999')).toBe(12);
    expect(parseCents('0.004')).toBe(0);
    expect(parseCents('-0.004')).toBe(0);
    for (const bad of ['', '.', 'abc', '1,23', '12,34.5', '1.2.3', '--1', '$', '1 000', 'NaN', 'Infinity', '1e999']) expect([bad, parseCents(bad)]).toEqual([bad, null]);
    expect(parseCents(Number.NaN)).toBeNull();
    expect(parseCents(null)).toBeNull();
    expect(() => toCents('x')).toThrow(RangeError);
    expect(fromDecimal('19.99')).toEqual({ cents: 1999, currency: 'USD' });
  });

  it('applies rates in basis points with the one rule', () => {
    expect(percentOf(10_000, 1325)).toBe(1325);
    expect(percentOf(2599, 1500)).toBe(390); // 389.85
    expect(percentOf(50, 100)).toBe(1); // 0.5 → 1
    expect(percentOf(-50, 100)).toBe(-1); // −0.5 → −1
    expect(percentOf(149, 100)).toBe(1); // 1.49
    expect(mulDivRound(5, 1, 10)).toBe(1);
    expect(mulDivRound(-5, 1, 10)).toBe(-1);
    expect(rateToBp(0.1325)).toBe(1325);
    expect(rateToBp(0.029)).toBe(290);
    expect(() => rateToBp(0.12345)).toThrow(RangeError);
  });

  it('moves an amount by a percentage with the one rule, never below zero', () => {
    expect(percentToBp(12.5)).toBe(1250);
    expect(percentToBp('-20')).toBe(-2000);
    expect(percentToBp('12.345')).toBe(1235);
    expect(percentToBp('x')).toBeNull();
    expect(addPercent(1999, 10)).toBe(2199); // +199.9 ¢ → +200 ¢
    expect(addPercent(1000, -12.5)).toBe(875);
    expect(addPercent(1, 50)).toBe(2); // +0.5 ¢ → +1 ¢
    expect(addPercent(3, -50)).toBe(1); // −1.5 ¢ → −2 ¢
    expect(addPercent(500, -100)).toBe(0);
    expect(addPercent(500, -150)).toBe(0);
    expect(() => addPercent(500, Number.NaN)).toThrow(RangeError);
  });

  it('sums, subtracts, multiplies and compares in checked integers', () => {
    expect(sumCents([1999, 1, 0, -500])).toBe(1500);
    expect(sumCents([])).toBe(0);
    expect(addCents(1, 2)).toBe(3);
    expect(subtractCents(1, 2)).toBe(-1);
    expect(multiplyCents(1999, 3)).toBe(5997);
    expect(compareCents(1, 2)).toBe(-1);
    expect([3, 1, 2].sort(compareCents)).toEqual([1, 2, 3]);
    expect(() => addCents(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
    expect(() => multiplyCents(10.5, 2)).toThrow(RangeError);
    expect(() => multiplyCents(1000, 1.5)).toThrow(RangeError);
    expect(() => money(0.5)).toThrow(RangeError);
    expect(add(money(100), money(250))).toEqual(money(350));
    expect(subtract(money(100), money(250))).toEqual(money(-150));
    expect(multiply(money(1999), 2)).toEqual(money(3998));
    expect(percent(money(10_000), 290)).toEqual(money(290));
    expect(sum([money(1), money(2)])).toEqual(money(3));
    expect(compare(money(5), money(4))).toBe(1);
    expect(equals(money(5, 'usd'), money(5))).toBe(true);
    expect(() => add(money(1), money(1, 'EUR'))).toThrow(/currency mismatch/);
  });

  it('allocates a total into parts that add up exactly', () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocateCents(1000, [3, 0, 1])).toEqual([750, 0, 250]);
    expect(allocateCents(5, [0, 0])).toEqual([3, 2]);
    expect(allocate(money(1001), [1, 1]).map((m) => m.cents)).toEqual([501, 500]);
  });
});

describe('money: properties', () => {
  const price = fc.integer({ min: 0, max: 10_000_000 }); // up to $100,000.00 a unit
  const line = fc.record({ unit: price, quantity: fc.integer({ min: 1, max: 1_000 }) });
  const order = fc.record({
    lines: fc.array(line, { minLength: 1, maxLength: 30 }),
    shipping: fc.integer({ min: 0, max: 100_000 }),
    taxBp: fc.constantFrom(0, 625, 700, 825, 1025),
  });

  it('an order total is the exact sum of its parts (BigInt, independently), from cents and from decimal text', () => {
    fc.assert(
      fc.property(order, ({ lines, shipping, taxBp }) => {
        const subtotal = sumCents(lines.map((l) => multiplyCents(l.unit, l.quantity)));
        const tax = percentOf(subtotal, taxBp);
        const total = sumCents([subtotal, shipping, tax]);
        const bigSub = lines.reduce((s, l) => s + BigInt(l.unit) * BigInt(l.quantity), 0n);
        const bigTax = roundBig(bigSub * BigInt(taxBp), 10_000n);
        expect(BigInt(subtotal)).toBe(bigSub);
        expect(BigInt(tax)).toBe(bigTax);
        expect(BigInt(total)).toBe(bigSub + BigInt(shipping) + bigTax);
        // the same order written as dollars text (as a CSV or a form sends it) gives the same cents
        const fromText = sumCents(lines.map((l) => multiplyCents(toCents(centsToDecimal(l.unit)), l.quantity)));
        expect(fromText).toBe(subtotal);
        // and as JSON dollars (the wire's numbers)
        const fromWire = sumCents(lines.map((l) => multiplyCents(toCents(centsToDollars(l.unit)), l.quantity)));
        expect(fromWire).toBe(subtotal);
      }),
      { numRuns: 500 },
    );
  });

  const bp = fc.integer({ min: 0, max: 10_000 });
  const fixed = fc.integer({ min: 0, max: 100 });

  it('a fee is round-half-up(base × bp) + fixed, and the net plus the fee is the gross to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), bp, fixed, (gross, rate, fix) => {
        const fee = percentOf(gross, rate) + fix;
        expect(BigInt(fee)).toBe(roundBig(BigInt(gross) * BigInt(rate), 10_000n) + BigInt(fix));
        expect(subtractCents(gross, fee) + fee).toBe(gross);
      }),
    );
  });

  it('fees per order vs the fee of the summed orders: they differ by rounding only, at most half a cent per order', () => {
    // A settlement deducts each order's own fee (docs/marketplaces.md "Fee schedules"): the sum of
    // per-order fees is what is charged. Recomputing the fee on the summed gross is NOT the same
    // number — each order rounds on its own — and differs by at most n / 2 cents (plus the fixed
    // fee counted once instead of n times, which the comparison leaves out).
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 200 }), bp, (grosses, rate) => {
        const perOrder = sumCents(grosses.map((g) => percentOf(g, rate)));
        const ofSum = percentOf(sumCents(grosses), rate);
        expect(Math.abs(perOrder - ofSum)).toBeLessThanOrEqual(Math.ceil(grosses.length / 2));
      }),
    );
    // a case where they really differ: three orders of $0.50 at 1 % — each fee rounds 0.5 ¢ up
    expect(sumCents([50, 50, 50].map((g) => percentOf(g, 100)))).toBe(3);
    expect(percentOf(150, 100)).toBe(2);
  });

  it('a refund allocated across lines adds up to the refund, each part within a cent of its share and never above its line', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 30 }), fc.double({ min: 0, max: 1, noNaN: true }), (lineTotals, share) => {
        const total = sumCents(lineTotals);
        const refund = Math.floor(total * share);
        const parts = allocateCents(refund, lineTotals);
        expect(BigInt(sumCents(parts))).toBe(BigInt(refund));
        const W = lineTotals.reduce((s, w) => s + BigInt(w), 0n);
        parts.forEach((p, i) => {
          if (W > 0n) {
            const exact = BigInt(refund) * BigInt(lineTotals[i]);
            expect(BigInt(p) * W - exact).toBeLessThan(W);
            expect(exact - BigInt(p) * W).toBeLessThan(W);
            expect(p).toBeLessThanOrEqual(lineTotals[i]);
          }
          expect(p).toBeGreaterThanOrEqual(0);
        });
      }),
    );
  });

  const anyCents = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
  // the wire's JSON dollars are exact up to $10 trillion (the database holds up to $1 billion)
  const wireCents = fc.integer({ min: -1_000_000_000_000_000, max: 1_000_000_000_000_000 });

  it('format and parse round-trip, for every safe amount', () => {
    fc.assert(
      fc.property(anyCents, (c) => {
        expect(parseCents(formatCents(c))).toBe(c);
        expect(parseCents(centsToDecimal(c))).toBe(c);
      }),
      { numRuns: 2_000 },
    );
    fc.assert(fc.property(wireCents, (c) => { expect(parseCents(centsToDollars(c))).toBe(c); }), { numRuns: 2_000 });
    fc.assert(fc.property(wireCents, (c) => { expect(parseCents(JSON.parse(JSON.stringify({ v: centsToDollars(c) })).v)).toBe(c); }), { numRuns: 500 });
  });

  it('decimal text with more places rounds half away from zero (BigInt reference)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }), fc.integer({ min: 0, max: 6 }), (n, places) => {
        // n / 10^places dollars = n × 100 / 10^places cents
        const abs = n < 0n ? -n : n;
        const digits = abs.toString().padStart(places + 1, '0');
        const text = `${n < 0n ? '-' : ''}${places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits}`;
        const expected = roundBig(n * 100n, 10n ** BigInt(places));
        expect(parseCents(text)).toBe(Number(expected));
      }),
      { numRuns: 1_000 },
    );
  });
});
