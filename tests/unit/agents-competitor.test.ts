/**
 * What the competitor monitor calls a change (docs/agents.md "Competitor monitor"): new sellers,
 * price drops beyond the threshold (not at it), the buy box lost and won, offers below MAP; a first
 * look only remembers.
 */
import { describe, expect, it } from 'vitest';
import { changeWords, diffOffers } from '../../server/agents/competitor/diff';

const o = { dropPct: 10, mapCents: 1000 };

describe('competitor changes', () => {
  it('a first look raises nothing but the offers below MAP', () => {
    expect(diffOffers(null, { offers: [{ seller: 'A', price_cents: 1200 }, { seller: 'B', price_cents: 900 }], buy_box_owner: 'you' }, o)).toEqual([
      { change: 'map_violator', seller: 'B', price_cents: 900, before_cents: null },
    ]);
  });
  it('a new seller, a drop beyond 10 % (not one of exactly 10 %), and the buy box lost', () => {
    const before = { offers: [{ seller: 'A', price_cents: 2000 }, { seller: 'B', price_cents: 2000 }], buy_box_owner: 'you' };
    const now = { offers: [{ seller: 'A', price_cents: 1799 }, { seller: 'B', price_cents: 1800 }, { seller: 'C', price_cents: 1500 }], buy_box_owner: 'C' };
    expect(diffOffers(before, now, o).map((c) => [c.change, c.seller])).toEqual([['price_drop', 'A'], ['new_entrant', 'C'], ['buy_box_lost', 'C']]);
  });
  it('the buy box won back', () => {
    const c = diffOffers({ offers: [], buy_box_owner: 'A' }, { offers: [], buy_box_owner: 'you' }, { dropPct: 10, mapCents: null });
    expect(c).toEqual([{ change: 'buy_box_won', seller: 'A', price_cents: null, before_cents: null }]);
  });
  it('says each change in plain words', () => {
    expect(changeWords('SKU-1', { change: 'price_drop', seller: 'A', price_cents: 1799, before_cents: 2000 })).toBe('SKU-1: A dropped its price from $20.00 to $17.99.');
    expect(changeWords('SKU-1', { change: 'buy_box_lost', seller: 'C', price_cents: 1500, before_cents: null })).toBe('SKU-1: you lost the buy box to C at $15.00.');
  });
});
