/**
 * What antd needs from the browser that jsdom lacks, for the component tests: matchMedia (grid,
 * responsive helpers), ResizeObserver (tables, overflow) and getComputedStyle called with a
 * pseudo-element (answered with the element's style). Also gives Testing Library's async queries at
 * least 5 s: role queries walk antd's large trees slowly in jsdom.
 *
 * matchMedia: with no `width`, no query matches (antd lays out for the smallest screen); with
 * `installDomShims({ width: 1440 })` a `min-width`/`max-width` query matches as on a screen that wide
 * (a query that names no width matches).
 *
 * Safe to call again (beforeAll, beforeEach, or after `vi.unstubAllGlobals()` / `vi.restoreAllMocks()`
 * in afterEach): it only adds what is missing and never lowers a longer timeout a test file configured.
 */
import { configure } from '@testing-library/react';
import { vi } from 'vitest';

export interface DomShimOptions {
  /** The screen's width in CSS pixels that matchMedia answers for; none: no query matches. */
  width?: number;
}

/** The matchMedia this helper installed, and for which width. */
let installed: { matchMedia: typeof window.matchMedia; width: number | undefined } | null = null;

function matchMediaFor(width: number | undefined): typeof window.matchMedia {
  return (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = width !== undefined && (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
}

/**
 * No parameter in the implementation on purpose: Vitest reads the first parameter of a function handed
 * to a hook (`beforeAll(installDomShims)`) as its fixtures and refuses any that is not `{ … }`, so the
 * options are taken from `arguments` (a hook's own argument has no `width`).
 */
export function installDomShims(options?: DomShimOptions): void;
export function installDomShims(): void {
  // eslint-disable-next-line prefer-rest-params -- a rest parameter is a parameter to Vitest (above)
  const { width } = (arguments[0] ?? {}) as DomShimOptions;
  configure((c) => ({ asyncUtilTimeout: Math.max(c.asyncUtilTimeout, 5_000) }));
  const ours = installed !== null && window.matchMedia === installed.matchMedia;
  if (typeof window.matchMedia !== 'function' || (ours && installed?.width !== width)) {
    const matchMedia = matchMediaFor(width);
    Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
    installed = { matchMedia, width };
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
