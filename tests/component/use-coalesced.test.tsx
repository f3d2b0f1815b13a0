// @vitest-environment jsdom
/**
 * Live refreshes coalesce (resources/shared/use-coalesced.ts over providers/live/coalescer.ts): a burst
 * of events is one refetch with the latest function, the next one keeps the floor, unmount cancels.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useCoalesced } from '../../resources/shared/use-coalesced';
import { ALWAYS_VISIBLE } from '../../providers/live/coalescer';

const O = { windowMs: 400, floorMs: 2500, visibility: ALWAYS_VISIBLE };

describe('useCoalesced', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls once for a burst, with the latest function, and again for the next burst after the floor', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ fn }) => useCoalesced(fn, O), { initialProps: { fn: first } });
    for (let i = 0; i < 50; i++) result.current();
    rerender({ fn: second });
    vi.advanceTimersByTime(399);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    result.current();
    vi.advanceTimersByTime(2499);
    expect(second).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('does not call after unmount', () => {
    const fn = vi.fn();
    const { result, unmount } = renderHook(() => useCoalesced(fn, O));
    result.current();
    unmount();
    vi.advanceTimersByTime(10_000);
    expect(fn).not.toHaveBeenCalled();
  });

  it('waits for a hidden document to show, then calls once', () => {
    const fn = vi.fn();
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { result } = renderHook(() => useCoalesced(fn, { windowMs: 400, floorMs: 2500 }));
    for (let i = 0; i < 20; i++) result.current();
    vi.advanceTimersByTime(10_000);
    expect(fn).not.toHaveBeenCalled();
    state.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(400);
    expect(fn).toHaveBeenCalledTimes(1);
    state.mockRestore();
  });
});
