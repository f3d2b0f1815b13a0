/**
 * One call for a burst: the first call arms a short timer, calls during it fold into that one, and
 * the latest function runs when it fires. For live refreshes: a sandbox tick or a bulk command sends
 * dozens of events at once, and each refetch would cancel the one before it (docs/events.md "Live routing").
 */
import { useCallback, useEffect, useRef } from 'react';

export function useCoalesced(fn: () => void, ms = 400): () => void {
  const latest = useRef(fn);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  return useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, ms);
  }, [ms]);
}
