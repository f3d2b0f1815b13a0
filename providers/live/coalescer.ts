/**
 * One call for many triggers (docs/events.md "Live routing"): the primitive behind every live refetch —
 * the live provider's Refine data-hook subscriptions (live-provider.ts) and `useCoalesced`
 * (resources/shared/use-coalesced.ts). Pure TypeScript, no React, no DOM unless given one.
 * - Trailing: the first trigger arms a `windowMs` timer; triggers meanwhile fold into it.
 * - Floor: a call comes at least `floorMs` after the one before, however long events keep coming.
 * - Hidden: while `visibility.isHidden()`, nothing is called; the triggers of that time become one
 *   call when the tab is visible again (through the same window and floor).
 * - `cancel()` drops a pending call and any later trigger (an unsubscribe, an unmount).
 */
import { STREAMS } from '../../contract/constants';

export interface Visibility {
  isHidden(): boolean;
  /** Calls `cb` whenever the tab becomes visible; returns the function that stops it. */
  onVisible(cb: () => void): () => void;
}

export interface CoalescerOptions {
  windowMs?: number;
  floorMs?: number;
  visibility?: Visibility;
  now?: () => number;
}

export interface Coalescer {
  trigger(): void;
  cancel(): void;
}

/** Never hidden: outside a browser (the server, a unit test that gives none). */
export const ALWAYS_VISIBLE: Visibility = { isHidden: () => false, onVisible: () => () => undefined };

/** The document's visibility (document.visibilityState), or ALWAYS_VISIBLE where there is no document. */
export function documentVisibility(): Visibility {
  if (typeof document === 'undefined') return ALWAYS_VISIBLE;
  return {
    isHidden: () => document.visibilityState === 'hidden',
    onVisible(cb) {
      const on = () => {
        if (document.visibilityState !== 'hidden') cb();
      };
      document.addEventListener('visibilitychange', on);
      return () => document.removeEventListener('visibilitychange', on);
    },
  };
}

export function coalescer(fn: () => void, o: CoalescerOptions = {}): Coalescer {
  const windowMs = o.windowMs ?? STREAMS.liveRefresh.windowMs;
  const floorMs = o.floorMs ?? STREAMS.liveRefresh.floorMs;
  const visibility = o.visibility ?? documentVisibility();
  const now = o.now ?? (() => Date.now());
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastCall = -Infinity;
  let stopWatching: (() => void) | null = null;
  let cancelled = false;

  // hidden: one call owed, paid when the tab shows again
  const owe = () => {
    stopWatching ??= visibility.onVisible(() => {
      stopWatching?.();
      stopWatching = null;
      arm();
    });
  };
  const fire = () => {
    timer = null;
    if (cancelled) return;
    if (visibility.isHidden()) return owe();
    lastCall = now();
    fn();
  };
  const arm = () => {
    if (cancelled || timer) return;
    timer = setTimeout(fire, Math.max(windowMs, lastCall + floorMs - now()));
  };
  return {
    trigger() {
      if (cancelled) return;
      if (visibility.isHidden()) owe();
      else arm();
    },
    cancel() {
      cancelled = true;
      if (timer) clearTimeout(timer);
      timer = null;
      stopWatching?.();
      stopWatching = null;
    },
  };
}
