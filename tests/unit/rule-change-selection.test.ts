/** Which listings a rule change re-evaluates (server/api/pricing/repricer.ts, docs/repricing.md "Repricer"). */
import { describe, expect, it } from 'vitest';
import { ruleChangeSelection } from '../../server/api/pricing/repricer';

const M1 = '00000000-0000-4000-8000-000000000001';
const M2 = '00000000-0000-4000-8000-000000000002';

describe('ruleChangeSelection', () => {
  it('single-listing scopes: the listings before and after the change, once each', () => {
    expect(ruleChangeSelection([{ type: 'listings', listing_ids: ['a', 'b'] }, { type: 'listings', listing_ids: ['b', 'c'] }])).toEqual({ listingIds: ['a', 'b', 'c'] });
  });

  it('one marketplace: its listings', () => {
    expect(ruleChangeSelection([{ type: 'marketplace', marketplace_id: M1 }, { type: 'marketplace', marketplace_id: M1 }])).toEqual({ marketplaceId: M1 });
  });

  it('anything wider or mixed, and an event without scopes: the whole tenant', () => {
    expect(ruleChangeSelection([{ type: 'marketplace', marketplace_id: M1 }, { type: 'marketplace', marketplace_id: M2 }])).toEqual({});
    expect(ruleChangeSelection([{ type: 'listings', listing_ids: ['a'] }, { type: 'marketplace', marketplace_id: M1 }])).toEqual({});
    expect(ruleChangeSelection([{ type: 'tenant' }])).toEqual({});
    expect(ruleChangeSelection([{ type: 'products', tag: 'x' }])).toEqual({});
    expect(ruleChangeSelection(undefined)).toEqual({});
    expect(ruleChangeSelection([])).toEqual({});
  });
});
