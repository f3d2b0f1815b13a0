/**
 * Whether a CSS media query matches now, kept current as it changes (a setting switched, a window
 * resized); false where the browser cannot tell (no matchMedia).
 */
import { useCallback, useSyncExternalStore } from 'react';

function media(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const m = media(query);
      m?.addEventListener?.('change', onChange);
      return () => m?.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => media(query)?.matches ?? false, () => false);
}
