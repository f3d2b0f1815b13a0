/**
 * The repricer's integer arithmetic and fingerprint (docs/repricing.md "Rounding"): the number fast
 * path gives exactly what bigint gives, at every size and sign; the inputs fingerprint ignores the
 * order offers come in and matches the fingerprints stored before it was made faster.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mulDivCeil, mulDivFloor, mulDivRound } from '../../contract/money';
import { inputsHash, type ListingInputs } from '../../server/api/pricing/inputs';
import { plainArray, textArray } from '../../server/db/arrays';

// the exact answers, in bigint: floor toward −∞, ceil toward +∞, round half away from zero (contract/money.ts)
const exact = (a: number, b: number, d: number) => {
  const n = BigInt(a) * BigInt(b);
  const D = BigInt(d);
  const q = n / D;
  const r = n % D;
  return { n, D, q, r };
};
const big = {
  floor: (a: number, b: number, d: number) => { const { q, r } = exact(a, b, d); return Number(r < 0n ? q - 1n : q); },
  ceil: (a: number, b: number, d: number) => { const { q, r } = exact(a, b, d); return Number(r > 0n ? q + 1n : q); },
  round: (a: number, b: number, d: number) => {
    const { n, D } = exact(a, b, d);
    const abs = n < 0n ? -n : n;
    const q = abs / D + (2n * (abs % D) >= D ? 1n : 0n);
    return Number(n < 0n ? -q : q);
  },
};

describe('integer multiply-divide', () => {
  const cases: [number, number, number][] = [
    [0, 1325, 10_000], [1, 1, 10_000], [9_999, 1, 10_000], [10_000, 1, 10_000], [2599, 1500, 10_000], [2599, 50, 10_000],
    [5_000, 1, 10_000], [15_000, 1, 10_000], [1_234_567, 8_500, 7_500], [Number.MAX_SAFE_INTEGER, 1, 10_000],
    [2 ** 40, 2 ** 13, 10_000], [2 ** 40 + 7, 9_999, 10_000], [2 ** 52, 3, 10_000], [-15_000, 1, 10_000], [-5, 1, 10_000], [-2599, 1500, 10_000],
  ];
  let seed = 7;
  const rnd = (n: number) => ((seed = (seed * 48271) % 2147483647), seed % n);
  for (let i = 0; i < 2_000; i++) cases.push([rnd(10_000_000) - (i % 10 === 0 ? 5_000_000 : 0), rnd(20_000), 1 + rnd(10_000)]);

  it('floor, ceil and half-up rounding (a half away from zero) agree with bigint', () => {
    for (const [a, b, d] of cases) {
      expect([a, b, d, mulDivFloor(a, b, d)]).toEqual([a, b, d, big.floor(a, b, d)]);
      expect([a, b, d, mulDivCeil(a, b, d)]).toEqual([a, b, d, big.ceil(a, b, d)]);
      expect([a, b, d, mulDivRound(a, b, d)]).toEqual([a, b, d, big.round(a, b, d)]);
    }
  });

  it('refuses a fractional amount instead of rounding it', () => {
    expect(() => mulDivFloor(10.5, 3, 10_000)).toThrow(RangeError);
    expect(() => mulDivCeil(10.5, 3, 10_000)).toThrow(RangeError);
  });
});

describe('inputs fingerprint', () => {
  const rule = { id: 'r1', updated_at: '2026-11-01T00:00:00.000Z' };
  const listing = (offers: ListingInputs['offers']) => ({
    id: 'l1', marketplace_id: 'm1', kind: 'amazon', marketplace_name: 'A', sku: 'S', title: 'T', price_cents: 2599, cost_cents: 1000, map_cents: null,
    offers, buy_box_owner: 'Acme', buy_box_price_cents: 2400, tags: null, supplier_id: null, last_change_at: null, last_hash: null, last_scenario: null, pending_proposal_id: null,
  }) as ListingInputs;
  const offers = [
    { seller: 'Beta', price_cents: 2450, shipping_cents: 299, rating: 88 },
    { seller: 'Acme', price_cents: 2400, shipping_cents: 0, rating: 95 },
    { seller: 'Acme', price_cents: 10_000, shipping_cents: 0, rating: 95 },
    { seller: 'Cheapo', price_cents: 900, rating: 40 },
  ] as ListingInputs['offers'];
  // the fingerprint as first written: tuples sorted by Array#sort's default order
  const original = (l: ListingInputs) => createHash('sha1')
    .update(JSON.stringify([l.price_cents, l.cost_cents, l.map_cents, l.offers.map((o) => [o.seller, o.price_cents, o.shipping_cents, o.rating]).sort(), l.buy_box_owner, l.buy_box_price_cents, rule.id, rule.updated_at]))
    .digest('base64url');

  it('is the stored fingerprint, whatever the order of the offers', () => {
    const a = inputsHash(listing(offers), rule);
    expect(a).toBe(original(listing(offers)));
    expect(inputsHash(listing([...offers].reverse()), rule)).toBe(a);
    expect(inputsHash(listing([offers[2], offers[0], offers[3], offers[1]]), rule)).toBe(a);
  });

  it('is the stored fingerprint for odd values: quotes, unicode, missing and null fields, no offers, null rule time', () => {
    const sellers = ['Acme', 'O"Brien\\s', 'Zoë 🛒', '', 'a,b', '10', '9'];
    const pick = <T,>(xs: readonly T[], i: number) => xs[i % xs.length];
    for (let i = 0; i < 300; i++) {
      const n = i % 5;
      const some = Array.from({ length: n }, (_, k) => {
        const o: Record<string, unknown> = { seller: pick(sellers, i * 7 + k * 3), price_cents: pick([900, 1000, 99, 10_000, 0, -5], i + k) };
        if ((i + k) % 3) o.shipping_cents = pick([0, 299, null, 1000], i + 2 * k);
        if ((i + k) % 4) o.rating = pick([88, 95, null, 9, 100], i * 3 + k);
        return o;
      }) as ListingInputs['offers'];
      const l = { ...listing(some), cost_cents: pick([1000, null, 0], i), map_cents: pick([null, 1780], i), buy_box_owner: pick(['Acme', null, 'Zoë 🛒'], i), buy_box_price_cents: pick([2400, null], i) };
      const r = { id: pick(['r1', 'r"2'], i), updated_at: pick(['2026-11-01T00:00:00.000Z', null as unknown as string], i) };
      const expected = createHash('sha1')
        .update(JSON.stringify([l.price_cents, l.cost_cents, l.map_cents, l.offers.map((o) => [o.seller, o.price_cents, o.shipping_cents, o.rating]).sort(), l.buy_box_owner, l.buy_box_price_cents, r.id, r.updated_at]))
        .digest('base64url');
      expect(inputsHash(l, r)).toBe(expected);
    }
  });

  it('changes when an offer does', () => {
    const moved = offers.map((o, i) => (i === 3 ? { ...o, price_cents: 899 } : o));
    expect(inputsHash(listing(moved), rule)).not.toBe(inputsHash(listing(offers), rule));
  });
});

describe('array literals', () => {
  it('joins bare values and quotes anything else', () => {
    expect(plainArray(['9b2c1f0e-0000-4000-8000-000000000001', null, 12, -3, true])).toBe('{9b2c1f0e-0000-4000-8000-000000000001,NULL,12,-3,true}');
    expect(plainArray(['null', 'a,b', 'x"y'])).toBe('{"null","a,b","x\\"y"}');
    expect(textArray(['to beat Acme at $24.00', null, '{"a":"b\\\\c"}'])).toBe('{"to beat Acme at $24.00",NULL,"{\\"a\\":\\"b\\\\\\\\c\\"}"}');
  });
});
