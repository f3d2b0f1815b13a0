import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_TRANSITIONS, canTransition, isTerminal, pathTo } from '../../contract/orders';

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
});
