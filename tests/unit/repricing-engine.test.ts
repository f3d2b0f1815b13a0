/**
 * The repricing engine as a pure function over a table of cases (docs/repricing.md): floor from
 * fees and MAP, floor above ceiling, each strategy and scenario, maximum change per run, minimum
 * interval, competitor filters, and integer rounding with no float drift.
 */
import { describe, expect, it } from 'vitest';
import { computeFloor, decide, FloorUnreachable, formatCents, type Decision, type EngineInput, type EngineOffer, type EngineRule } from '../../server/domain/repricing';

const NOW = new Date('2026-01-10T12:00:00Z');
const rule = (r: Partial<EngineRule> = {}): EngineRule => ({
  strategy: 'beat_lowest',
  step_unit: 'cents',
  step_value: 1,
  min_margin_bp: 1000,
  ceiling_cents: null,
  no_competition: 'hold',
  below_floor: 'floor',
  own_buy_box: 'strategy',
  raise_step_cents: 1,
  max_change_bp: null,
  min_interval_seconds: null,
  filters: { fulfilment: null, min_rating: null, exclude_own: true },
  ...r,
});
const offer = (seller: string, price_cents: number, o: Partial<EngineOffer> = {}): EngineOffer => ({
  seller,
  price_cents,
  fulfilment: 'merchant',
  rating: 95,
  own: false,
  ...o,
});
/** Amazon fees (15 %, no fixed fee), cost $10 + shipping $2, margin 10 % → cost floor exactly $16.00. */
const input = (o: { listing?: Partial<EngineInput['listing']>; offers?: EngineOffer[]; rule?: Partial<EngineRule>; owner?: string | null; ownerPrice?: number | null } = {}): EngineInput => ({
  listing: { price_cents: 2000, cost_cents: 1000, shipping_cents: 200, map_cents: null, fee_rate_bp: 1500, fee_fixed_cents: 0, last_change_at: null, ...o.listing },
  offers: o.offers ?? [offer('Acme', 1949)],
  buy_box_owner: o.owner === undefined ? 'Acme' : o.owner,
  buy_box_price_cents: o.ownerPrice === undefined ? 1949 : o.ownerPrice,
  rule: rule(o.rule),
  now: NOW,
});

describe('floor = max(MAP, ⌈(cost + shipping + fixed fee) / (1 − fee rate − margin)⌉)', () => {
  const cases: [string, Parameters<typeof computeFloor>[0], number, 'map' | 'cost'][] = [
    ['Amazon 15 %, margin 10 %: 1200 / 0.75 is exactly 1600 (a float 1 − 0.15 − 0.1 would drift)', { cost_cents: 1000, shipping_cents: 200, map_cents: null, fee_rate_bp: 1500, fee_fixed_cents: 0, min_margin_bp: 1000 }, 1600, 'cost'],
    ['rounds UP to the cent: 1201 / 0.75 = 1601.33 → 1602', { cost_cents: 1001, shipping_cents: 200, map_cents: null, fee_rate_bp: 1500, fee_fixed_cents: 0, min_margin_bp: 1000 }, 1602, 'cost'],
    ['eBay 13.25 % + $0.30 fixed: 1230 / 0.7675 = 1602.6 → 1603', { cost_cents: 1000, shipping_cents: 200, map_cents: null, fee_rate_bp: 1325, fee_fixed_cents: 30, min_margin_bp: 1000 }, 1603, 'cost'],
    ['MAP above the cost floor wins', { cost_cents: 1000, shipping_cents: 200, map_cents: 1780, fee_rate_bp: 1500, fee_fixed_cents: 0, min_margin_bp: 1000 }, 1780, 'map'],
    ['cost floor above MAP wins', { cost_cents: 1000, shipping_cents: 200, map_cents: 1500, fee_rate_bp: 1500, fee_fixed_cents: 0, min_margin_bp: 1000 }, 1600, 'cost'],
    ['no cost on file: MAP alone', { cost_cents: null, shipping_cents: 200, map_cents: 900, fee_rate_bp: 1500, fee_fixed_cents: 0, min_margin_bp: 1000 }, 900, 'map'],
    ['no cost and no MAP: 0', { cost_cents: null, shipping_cents: 0, map_cents: null, fee_rate_bp: 1500, fee_fixed_cents: 0, min_margin_bp: 1000 }, 0, 'cost'],
  ];
  it.each(cases)('%s', (_name, f, floor, source) => {
    expect(computeFloor(f)).toMatchObject({ floor_cents: floor, source });
  });
  it('refuses a fee rate plus margin of 100 % or more', () => {
    expect(() => computeFloor({ cost_cents: 1, shipping_cents: 0, map_cents: null, fee_rate_bp: 1500, fee_fixed_cents: 0, min_margin_bp: 8500 })).toThrow(FloorUnreachable);
  });
});

type Expect = Partial<Omit<Decision, 'flags'>> & { flags?: Partial<Decision['flags']> };
const table: [string, EngineInput, Expect][] = [
  // strategies
  ['beat lowest by an amount (the documented sentence)', input({ listing: { price_cents: 1998, map_cents: 1780 } }), { new_price_cents: 1948, scenario: 'strategy', reason: 'Lowered $0.50 to beat Acme at $19.49; floor $17.80 (MAP)' }],
  ['beat lowest by 5 %: 1949 − ⌈97.45⌉ = 1851', input({ rule: { step_unit: 'bp', step_value: 500 } }), { new_price_cents: 1851 }],
  ['match lowest', input({ rule: { strategy: 'match_lowest' } }), { new_price_cents: 1949, reason: 'Lowered $0.51 to match Acme at $19.49; floor $16.00 (cost, fees and margin)' }],
  ['stay above lowest by an amount', input({ rule: { strategy: 'stay_above', step_value: 100 } }), { new_price_cents: 2049, reason: 'Raised $0.49 to stay above Acme at $19.49; floor $16.00 (cost, fees and margin)' }],
  ['stay above by 7 % with exact integer math (a float 100 × 1.07 would round up to 108)', input({ listing: { price_cents: 100, cost_cents: 1, shipping_cents: 0 }, offers: [offer('Acme', 100)], rule: { strategy: 'stay_above', step_unit: 'bp', step_value: 700 } }), { new_price_cents: 107 }],
  ['target the buy box: beat its holder, not the lowest offer', input({ listing: { price_cents: 2100 }, offers: [offer('Acme', 1949), offer('Beta', 1999)], owner: 'Beta', ownerPrice: 1999, rule: { strategy: 'buy_box' } }), { new_price_cents: 1998, competitor: { seller: 'Beta', price_cents: 1999 }, reason: 'Lowered $1.02 to take the buy box from Beta at $19.99; floor $16.00 (cost, fees and margin)' }],
  ['hold strategy changes nothing', input({ rule: { strategy: 'hold' } }), { new_price_cents: null, scenario: 'hold', reason: 'Held at $20.00 (strategy: hold); floor $16.00 (cost, fees and margin)' }],
  ['already at the target: unchanged', input({ listing: { price_cents: 1948 } }), { new_price_cents: null, scenario: 'strategy', reason: 'Held at $19.48 (already priced to beat Acme at $19.49); floor $16.00 (cost, fees and margin)' }],
  // scenarios
  ['no competition → ceiling', input({ offers: [], owner: null, rule: { no_competition: 'ceiling', ceiling_cents: 2500 } }), { new_price_cents: 2500, scenario: 'no_competition', flags: { at_ceiling: true }, reason: 'Raised $5.00 to the ceiling: no competing offers; floor $16.00 (cost, fees and margin)' }],
  ['no competition → hold', input({ offers: [], owner: null, rule: { no_competition: 'hold', ceiling_cents: 2500 } }), { new_price_cents: null, scenario: 'no_competition', reason: 'Held at $20.00: no competing offers; floor $16.00 (cost, fees and margin)' }],
  ['no competition → ceiling without a ceiling holds', input({ offers: [], owner: null, rule: { no_competition: 'ceiling' } }), { new_price_cents: null, scenario: 'no_competition' }],
  ['competitor below floor → floor', input({ offers: [offer('Acme', 1500)] }), { new_price_cents: 1600, scenario: 'below_floor', flags: { at_floor: true }, reason: 'Lowered $4.00 to the floor: Acme at $15.00 is below it; floor $16.00 (cost, fees and margin)' }],
  ['competitor below floor → hold', input({ offers: [offer('Acme', 1500)], rule: { below_floor: 'hold' } }), { new_price_cents: null, scenario: 'below_floor', reason: 'Held at $20.00: Acme at $15.00 is below the floor; floor $16.00 (cost, fees and margin)' }],
  ['own the buy box → raise toward the next competitor minus a step', input({ listing: { price_cents: 1800 }, owner: 'you', ownerPrice: 1800, rule: { own_buy_box: 'raise', raise_step_cents: 5 } }), { new_price_cents: 1944, scenario: 'own_buy_box', reason: 'Raised $1.44 toward Acme at $19.49 while owning the buy box; floor $16.00 (cost, fees and margin)' }],
  ['own the buy box → never chases downwards', input({ listing: { price_cents: 1960 }, owner: 'you', ownerPrice: 1960, rule: { own_buy_box: 'raise' } }), { new_price_cents: null, scenario: 'own_buy_box' }],
  ['own the buy box → hold', input({ listing: { price_cents: 1800 }, owner: 'you', rule: { own_buy_box: 'hold' } }), { new_price_cents: null, scenario: 'own_buy_box' }],
  ['own the buy box → apply the strategy anyway', input({ listing: { price_cents: 1800 }, owner: 'you', rule: { own_buy_box: 'strategy' } }), { new_price_cents: 1948, scenario: 'strategy' }],
  // bounds
  ['ceiling caps the target', input({ rule: { strategy: 'stay_above', step_value: 1000, ceiling_cents: 2200 } }), { new_price_cents: 2200, flags: { at_ceiling: true } }],
  ['floor above ceiling: the floor wins and the listing is flagged', input({ rule: { ceiling_cents: 1500 } }), { new_price_cents: 1600, floor_cents: 1600, ceiling_cents: 1500, flags: { floor_above_ceiling: true, at_floor: true }, reason: 'Lowered $4.00 to beat Acme at $19.49; floor $16.00 (cost, fees and margin); above the ceiling $15.00: the floor wins' }],
  ['maximum change per run (10 % of $20.00 = $2.00)', input({ offers: [offer('Acme', 1500)], rule: { max_change_bp: 1000 } }), { new_price_cents: 1800, flags: { max_change_limited: true, at_floor: false }, reason: 'Lowered $2.00 to the floor: Acme at $15.00 is below it; floor $16.00 (cost, fees and margin); limited to 10 % per run' }],
  ['maximum change also limits a raise', input({ listing: { price_cents: 1000 }, rule: { strategy: 'match_lowest', max_change_bp: 250 } }), { new_price_cents: 1025, flags: { max_change_limited: true } }],
  ['minimum interval: too soon after the last change', input({ listing: { last_change_at: new Date(NOW.getTime() - 10 * 60_000) }, rule: { min_interval_seconds: 3600 } }), { new_price_cents: null, scenario: 'too_soon', flags: { too_soon: true }, reason: 'Held at $20.00: last change 10 min ago, minimum interval 60 min (would move to $19.48); floor $16.00 (cost, fees and margin)' }],
  ['minimum interval: long enough ago', input({ listing: { last_change_at: new Date(NOW.getTime() - 2 * 3600_000) }, rule: { min_interval_seconds: 3600 } }), { new_price_cents: 1948, scenario: 'strategy' }],
  // competitor filters
  ['filter: minimum seller rating skips a low-rated cheap seller', input({ offers: [offer('Cheap', 1700, { rating: 50 }), offer('Good', 1949)], rule: { filters: { fulfilment: null, min_rating: 90, exclude_own: true } } }), { new_price_cents: 1948, competitor: { seller: 'Good', price_cents: 1949 }, competitors_counted: 1 }],
  ['filter: own accounts excluded', input({ offers: [offer('My other store', 1700, { own: true }), offer('Acme', 1949)] }), { new_price_cents: 1948, competitors_counted: 1 }],
  ['filter: own accounts counted when asked', input({ offers: [offer('My other store', 1700, { own: true }), offer('Acme', 1949)], rule: { filters: { fulfilment: null, min_rating: null, exclude_own: false } } }), { new_price_cents: 1699 }],
  ['filter: fulfilment type', input({ offers: [offer('Merchant', 1700), offer('Prime', 1949, { fulfilment: 'marketplace' })], rule: { filters: { fulfilment: ['marketplace'], min_rating: null, exclude_own: true } } }), { new_price_cents: 1948, competitor: { seller: 'Prime', price_cents: 1949 } }],
  ['filters leave nobody: no competition', input({ offers: [offer('Cheap', 1700, { rating: 10 })], rule: { filters: { fulfilment: null, min_rating: 90, exclude_own: true } } }), { new_price_cents: null, scenario: 'no_competition', competitors_counted: 0 }],
  ['missing cost is flagged', input({ listing: { cost_cents: null } }), { new_price_cents: 1948, flags: { missing_cost: true } }],
];

describe('decide()', () => {
  it.each(table)('%s', (_name, i, want) => {
    const d = decide(i);
    const { flags, ...rest } = want;
    expect(d).toMatchObject(rest);
    if (flags) expect(d.flags).toMatchObject(flags);
    if (d.new_price_cents != null) expect(Number.isInteger(d.new_price_cents)).toBe(true);
  });

  it('is pure: the same input gives the same decision and is not mutated', () => {
    const i = input({ offers: [offer('B', 1960), offer('A', 1949)] });
    const copy = structuredClone(i);
    expect(decide(i)).toEqual(decide(i));
    expect(i).toEqual(copy);
  });

  it('stays in integer cents over a sweep of prices and percentages', () => {
    for (let p = 1; p < 5000; p += 37) {
      for (const bp of [1, 33, 250, 700, 1000, 3333]) {
        const d = decide(input({ listing: { price_cents: p * 3, cost_cents: 1, shipping_cents: 0 }, offers: [offer('A', p)], rule: { step_unit: 'bp', step_value: bp, max_change_bp: bp } }));
        if (d.new_price_cents != null) expect(Number.isInteger(d.new_price_cents)).toBe(true);
        expect(Number.isInteger(d.floor_cents)).toBe(true);
      }
    }
  });

  it('formats cents without floats', () => {
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(5)).toBe('$0.05');
  });
});
