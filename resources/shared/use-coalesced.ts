/**
 * One call for a burst, for live refreshes of explicit subscriptions: a thin hook over the live
 * coalescer (providers/live/coalescer.ts, docs/events.md "Live routing") — trailing after a short
 * window, a floor between calls while events keep coming, nothing while the tab is hidden and one call
 * when it shows again. The latest function runs; unmounting cancels a pending call.
 */
import { useCallback, useEffect, useRef } from 'react';
import { coalescer, type Coalescer, type CoalescerOptions } from '../../providers/live/coalescer';

export function useCoalesced(fn: () => void, options?: CoalescerOptions): () => void {
  const latest = useRef(fn);
  const c = useRef<Coalescer | null>(null);
  useEffect(() => {
    latest.current = fn;
  });
  const windowMs = options?.windowMs;
  const floorMs = options?.floorMs;
  const visibility = options?.visibility;
  useEffect(() => {
    const made = coalescer(() => latest.current(), { windowMs, floorMs, visibility });
    c.current = made;
    return () => {
      made.cancel();
      if (c.current === made) c.current = null;
    };
  }, [windowMs, floorMs, visibility]);
  return useCallback(() => c.current?.trigger(), []);
}
