import { describe, expect, it } from 'vitest';
import { addDays, quoteRates, RATE_TABLE, shopRates, zoneFor, type Rate } from '../../server/domain/dropship/rates';

describe('rate table', () => {
  it('has 3 carriers with 3 services each', () => {
    expect(new Set(RATE_TABLE.map((r) => r.carrier))).toEqual(new Set(['usps', 'ups', 'fedex']));
    expect(RATE_TABLE).toHaveLength(9);
  });

  it.each([
    ['US', 'US', 1], ['us', 'US', 1], ['US', 'CA', 2], ['DE', 'FR', 2], ['US', 'DE', 3], ['CN', 'US', 3],
  ] as const)('zone %s → %s is %i', (f, t, z) => expect(zoneFor(f, t)).toBe(z));

  it.each([
    [400, 1, 'usps', 'ground_advantage', 495, 5],
    [500, 1, 'usps', 'ground_advantage', 495, 5], // the bracket bound is inclusive
    [501, 1, 'usps', 'ground_advantage', 645, 5],
    [1500, 2, 'ups', 'ground', 2093, 6], // 1395 × 150 % = 2092.5 → 2093
    [9000, 3, 'fedex', 'priority_overnight', 20738, 3],
  ] as const)('%i g zone %i: %s %s costs %i cents, %i days', (w, z, carrier, service, cents, days) => {
    const r = quoteRates(w, z).find((q) => q.carrier === carrier && q.service === service)!;
    expect(r).toMatchObject({ rateCents: cents, transitDays: days, zone: z });
  });

  it('quotes nothing over 30 kg or for a negative weight', () => {
    expect(quoteRates(30001, 1)).toEqual([]);
    expect(quoteRates(-1, 1)).toEqual([]);
    expect(quoteRates(30000, 1)).toHaveLength(9);
  });
});

describe('rate shopping', () => {
  const rates = quoteRates(800, 1);
  const ship = '2026-03-02';
  const cases: { name: string; promised: string | null; pick: string; meets: boolean; rates?: Rate[] }[] = [
    { name: 'no promise: the cheapest', promised: null, pick: 'usps/ground_advantage', meets: true },
    { name: 'a loose promise: still the cheapest', promised: '2026-03-20', pick: 'usps/ground_advantage', meets: true },
    { name: '4 days: cheapest 4-day service', promised: '2026-03-06', pick: 'usps/priority', meets: true }, // 1045 < ups ground 1195
    { name: '2 days: cheapest 2-day service', promised: '2026-03-04', pick: 'ups/2nd_day_air', meets: true },
    { name: 'next day: the cheaper overnight', promised: '2026-03-03', pick: 'usps/priority_express', meets: true },
    { name: 'impossible promise: the fastest, flagged late', promised: '2026-03-02', pick: 'usps/priority_express', meets: false },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = shopRates(c.rates ?? rates, ship, c.promised)!;
      expect(`${r.rate.carrier}/${r.rate.service}`).toBe(c.pick);
      expect(r.meetsPromise).toBe(c.meets);
      expect(r.deliveryDate).toBe(addDays(ship, r.rate.transitDays));
    });
  }

  it('ties on price go to the faster service', () => {
    const a: Rate = { carrier: 'ups', service: 'slow', zone: 1, rateCents: 500, transitDays: 5 };
    const b: Rate = { carrier: 'fedex', service: 'fast', zone: 1, rateCents: 500, transitDays: 2 };
    expect(shopRates([a, b], ship, null)!.rate.service).toBe('fast');
  });

  it('no rates: nothing to buy', () => expect(shopRates([], ship, null)).toBeNull());
  it('adds days across a month end', () => expect(addDays('2026-02-27', 3)).toBe('2026-03-02'));
});
