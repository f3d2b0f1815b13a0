/** providers/live/coalescer.ts: the one primitive behind live refetches (docs/events.md "Live routing"). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescer, type Visibility } from '../../providers/live/coalescer';

/** A tab whose visibility the test sets. */
function fakeVisibility() {
  let hidden = false;
  const listeners = new Set<() => void>();
  const v: Visibility = {
    isHidden: () => hidden,
    onVisible(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
  };
  return {
    v,
    listeners,
    set(h: boolean) {
      hidden = h;
      if (!h) for (const cb of [...listeners]) cb();
    },
  };
}

const O = { windowMs: 400, floorMs: 2500 };

describe('coalescer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a burst of 50 triggers is one call, after the window', () => {
    const fn = vi.fn();
    const c = coalescer(fn, { ...O, visibility: fakeVisibility().v });
    for (let i = 0; i < 50; i++) c.trigger();
    vi.advanceTimersByTime(399);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('continuous triggers: at most one call per floor, and the last trigger is never lost', () => {
    const fn = vi.fn();
    const c = coalescer(fn, { ...O, visibility: fakeVisibility().v });
    // an event every 50 ms for 20 s
    for (let t = 0; t < 20_000; t += 50) {
      c.trigger();
      vi.advanceTimersByTime(50);
    }
    const during = fn.mock.calls.length;
    // the first after 400 ms, then one per 2.5 s: 0.4, 2.9, 5.4, ... 17.9 s
    expect(during).toBeLessThanOrEqual(Math.ceil(20_000 / O.floorMs));
    expect(during).toBeGreaterThanOrEqual(7);
    vi.advanceTimersByTime(O.floorMs);
    // trailing: the triggers after the last call get theirs
    expect(fn.mock.calls.length).toBe(during + 1);
  });

  it('keeps the floor between calls of separate bursts', () => {
    const fn = vi.fn();
    const c = coalescer(fn, { ...O, visibility: fakeVisibility().v });
    c.trigger();
    vi.advanceTimersByTime(400);
    expect(fn).toHaveBeenCalledTimes(1);
    c.trigger(); // right after the call: waits until 2.5 s after it
    vi.advanceTimersByTime(2499);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    c.trigger(); // long after: only the window
    vi.advanceTimersByTime(400);
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('hidden: no call, then exactly one when the tab is visible again', () => {
    const fn = vi.fn();
    const tab = fakeVisibility();
    const c = coalescer(fn, { ...O, visibility: tab.v });
    tab.set(true);
    for (let i = 0; i < 100; i++) {
      c.trigger();
      vi.advanceTimersByTime(100);
    }
    expect(fn).not.toHaveBeenCalled();
    tab.set(false);
    vi.advanceTimersByTime(400);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(fn).toHaveBeenCalledTimes(1);
    // shown again without anything owed: no call
    tab.set(true);
    tab.set(false);
    vi.advanceTimersByTime(10_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a call due while the tab went hidden waits for it to show', () => {
    const fn = vi.fn();
    const tab = fakeVisibility();
    const c = coalescer(fn, { ...O, visibility: tab.v });
    c.trigger();
    tab.set(true);
    vi.advanceTimersByTime(5_000);
    expect(fn).not.toHaveBeenCalled();
    tab.set(false);
    vi.advanceTimersByTime(400);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('cancel drops a pending call, later triggers and the visibility listener', () => {
    const fn = vi.fn();
    const tab = fakeVisibility();
    const c = coalescer(fn, { ...O, visibility: tab.v });
    c.trigger();
    c.cancel();
    vi.advanceTimersByTime(10_000);
    expect(fn).not.toHaveBeenCalled();
    const d = coalescer(fn, { ...O, visibility: tab.v });
    tab.set(true);
    d.trigger();
    expect(tab.listeners.size).toBe(1);
    d.cancel();
    expect(tab.listeners.size).toBe(0);
    tab.set(false);
    d.trigger();
    vi.advanceTimersByTime(10_000);
    expect(fn).not.toHaveBeenCalled();
  });
});
