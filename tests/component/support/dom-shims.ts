/**
 * What antd needs from the browser that jsdom lacks, for the component tests that render whole pages:
 * matchMedia (grid, responsive helpers; nothing matches), ResizeObserver (tables, overflow) and
 * getComputedStyle called with a pseudo-element (answered with the element's style). Also gives
 * Testing Library's async queries at least 5 s: role queries walk antd's large trees slowly in jsdom.
 *
 * Safe to call again (beforeAll, beforeEach, or after `vi.unstubAllGlobals()` / `vi.restoreAllMocks()`
 * in afterEach): it only adds what is missing and never lowers a longer timeout a test file configured.
 */
import { configure } from '@testing-library/react';
import { vi } from 'vitest';

export function installDomShims(): void {
  configure((c) => ({ asyncUtilTimeout: Math.max(c.asyncUtilTimeout, 5_000) }));
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    class RO {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', RO);
  }
  // jsdom does not implement getComputedStyle(elt, pseudoElt) (antd asks for ::before/::after): the element's own style
  // (a spy, so vi.restoreAllMocks() puts the setup file's version back; called again, it forgets the calls recorded so far)
  if (vi.isMockFunction(window.getComputedStyle)) {
    window.getComputedStyle.mockClear();
  } else {
    const computed = window.getComputedStyle.bind(window);
    vi.spyOn(window, 'getComputedStyle').mockImplementation((elt) => computed(elt));
  }
}
