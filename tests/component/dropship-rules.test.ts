// @vitest-environment jsdom
/** Rules the dropshipping console applies before asking the server: which RMA buttons show, when a label can be voided, moving a supplier in a ranking. */
import { describe, expect, it } from 'vitest';
import { RMA_STATUSES } from '../../contract/fulfillment';
import { rmaActions } from '../../server/domain/dropship/rma';
import { canVoid } from '../../server/domain/dropship/purchase-order';
import { RMA_NEXT } from '../../resources/returns/return-actions';
import { voidRefusal } from '../../resources/fulfillment/label-actions';
import { moveItem } from '../../resources/products/supplier-ranking';
import { automationSummary } from '../../resources/fulfillment/automation-settings';

describe('the console offers what the server allows', () => {
  it.each(RMA_STATUSES.map((s) => [s]))('a %s return shows the commands of the state machine (the carrier moves it in transit)', (s) => {
    expect([...RMA_NEXT[s]].sort()).toEqual(rmaActions(s).filter((a) => a !== 'ship').sort());
  });

  const now = Date.parse('2026-11-23T12:00:00Z');
  it.each([
    ['label_created', 1],
    ['label_created', 13],
    ['label_created', 15],
    ['in_transit', 1],
    ['voided', 1],
  ] as const)('void of a %s label bought %i days ago', (status, days) => {
    const bought = new Date(now - days * 86_400_000);
    expect(voidRefusal({ status, bought_at: bought.toISOString() }, now) === null).toBe(canVoid(bought, new Date(now), status).ok);
  });
});

describe('moving a supplier in the ranking', () => {
  it('up, down, to the top; out of range changes nothing', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 3)).toEqual(['a', 'b', 'c']);
  });
});

describe('the automation summary on /fulfillment', () => {
  const base = { automation_enabled: true, hold_min_supplier_stock: null, hold_max_handling_days: null, hold_min_margin_percent: null, return_default_resolution: 'refund', return_country: 'US' } as const;
  it('says when orders wait for a person', () => {
    expect(automationSummary({ ...base, automation_enabled: false, hold_min_margin_percent: 15 })).toBe('Off: marketplace orders wait for you to route them and buy their labels.');
  });
  it('names every hold rule that is on, and none that is off', () => {
    expect(automationSummary(base)).toBe('On: marketplace orders are routed to suppliers, ordered and labelled without a click.');
    expect(automationSummary({ ...base, hold_min_supplier_stock: 5, hold_min_margin_percent: 12.5 })).toBe(
      'On: marketplace orders are routed to suppliers, ordered and labelled without a click; held when supplier stock below 5, margin below 12.5%.',
    );
    expect(automationSummary({ ...base, hold_max_handling_days: 0 })).toContain('held when handling above 0 days');
  });
});
