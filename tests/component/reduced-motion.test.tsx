// @vitest-environment jsdom
/** "Reduce motion" follows the system setting, and a change of it while the page is open. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useReducedMotion } from '../../src/shell/use-reduced-motion';

function fakeMedia(initial: boolean) {
  const listeners = new Set<() => void>();
  const m = {
    matches: initial,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.stubGlobal('matchMedia', vi.fn((q: string) => (q === '(prefers-reduced-motion: reduce)' ? m : { matches: false, addEventListener() {}, removeEventListener() {} })));
  return {
    set(v: boolean) {
      m.matches = v;
      listeners.forEach((fn) => fn());
    },
    listeners,
  };
}

describe('useReducedMotion', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is off without the setting and on with it', () => {
    fakeMedia(false);
    expect(renderHook(() => useReducedMotion()).result.current).toBe(false);
    fakeMedia(true);
    expect(renderHook(() => useReducedMotion()).result.current).toBe(true);
  });

  it('follows a change of the setting, and stops listening when unmounted', () => {
    const media = fakeMedia(false);
    const { result, unmount } = renderHook(() => useReducedMotion());
    act(() => media.set(true));
    expect(result.current).toBe(true);
    unmount();
    expect(media.listeners.size).toBe(0);
  });
});
