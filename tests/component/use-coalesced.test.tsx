// @vitest-environment jsdom
/** Live refreshes coalesce: a burst of events is one refetch, and a later burst another. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useCoalesced } from '../../resources/shared/use-coalesced';

describe('useCoalesced', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls once for a burst, with the latest function, and again for the next burst', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ fn }) => useCoalesced(fn, 400), { initialProps: { fn: first } });
    for (let i = 0; i < 50; i++) result.current();
    rerender({ fn: second });
    vi.advanceTimersByTime(399);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    result.current();
    vi.advanceTimersByTime(400);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('does not call after unmount', () => {
    const fn = vi.fn();
    const { result, unmount } = renderHook(() => useCoalesced(fn, 400));
    result.current();
    unmount();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});
