import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_STATUS_COLOR, ORDER_STATUS_LABEL, ORDER_TRANSITIONS, canFollow, canTransition, isReturnable, isTerminal, leftToReturn, pathTo, unitsLeftToReturn } from '../../contract/orders';

describe('order status transitions (docs/product/business-rules.md)', () => {
  it('walks the happy path pending → routed → ordered_from_supplier → shipped → delivered', () => {
    const path = pathTo('delivered');
    expect(path).toEqual(['pending', 'routed', 'ordered_from_supplier', 'shipped', 'delivered']);
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1], path[i])).toBe(true);
  });

  it('allows cancelling only before the parcel ships, and returns only after', () => {
    expect(canTransition('pending', 'cancelled')).toBe(true);
    expect(canTransition('routed', 'cancelled')).toBe(true);
    expect(canTransition('ordered_from_supplier', 'cancelled')).toBe(true);
    expect(canTransition('shipped', 'cancelled')).toBe(false);
    expect(canTransition('delivered', 'cancelled')).toBe(false);
    expect(canTransition('pending', 'returned')).toBe(false);
    expect(canTransition('shipped', 'returned')).toBe(true);
    expect(canTransition('delivered', 'returned')).toBe(true);
  });

  it('refuses skipping steps, going back and leaving a terminal status', () => {
    expect(canTransition('pending', 'shipped')).toBe(false);
    expect(canTransition('shipped', 'pending')).toBe(false);
    expect(canTransition('delivered', 'shipped')).toBe(false);
    for (const s of ORDER_STATUSES) expect(canTransition(s, s)).toBe(false);
    expect(isTerminal('cancelled')).toBe(true);
    expect(isTerminal('returned')).toBe(true);
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
  });

  it('gives every status a valid path from pending', () => {
    for (const s of ORDER_STATUSES) {
      const p = pathTo(s);
      expect(p[0]).toBe('pending');
      expect(p[p.length - 1]).toBe(s);
      for (let i = 1; i < p.length; i++) expect(canTransition(p[i - 1], p[i])).toBe(true);
    }
  });

  it('a partial return leaves the order returnable; returned is final (docs/dropshipping.md "Returns")', () => {
    expect(canTransition('shipped', 'partially_returned')).toBe(true);
    expect(canTransition('delivered', 'partially_returned')).toBe(true);
    expect(canTransition('partially_returned', 'returned')).toBe(true);
    expect(canTransition('partially_returned', 'delivered')).toBe(false);
    expect(ORDER_STATUSES.filter(isReturnable)).toEqual(['shipped', 'delivered', 'partially_returned']);
    expect(leftToReturn({ quantity: 2, returned_quantity: 1 })).toBe(1);
    expect(leftToReturn({ quantity: 2 })).toBe(2);
    expect(unitsLeftToReturn([{ quantity: 2, returned_quantity: 2 }, { quantity: 1, returned_quantity: 0 }])).toBe(1);
    for (const s of ORDER_STATUSES) expect([ORDER_STATUS_LABEL[s], ORDER_STATUS_COLOR[s]].every(Boolean)).toBe(true);
  });

  it('only the server steps a shipped order back, when its last live label is voided (docs/dropshipping.md "Labels")', () => {
    expect(canTransition('shipped', 'ordered_from_supplier')).toBe(false);
    expect(canFollow('shipped', 'ordered_from_supplier')).toBe(true);
    expect(canFollow('delivered', 'shipped')).toBe(false);
  });
});
