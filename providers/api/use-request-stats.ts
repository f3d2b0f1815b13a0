/**
 * React hooks over the request log for the Diagnostics drawer — docs/product/shell.md, docs/product/constants.md: stats over the
 * last 60 s, recomputed every 5 s (the window moves even when no request happens).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { REQUEST_LOG } from '../../contract/constants';
import type { RequestEvent, RequestLog, RequestStats } from './request-log';

export function useRequestLogStats(log: RequestLog, refreshMs: number = REQUEST_LOG.statsRefreshMs): RequestStats {
  const [stats, setStats] = useState(() => log.stats());
  useEffect(() => {
    setStats(log.stats());
    const timer = setInterval(() => setStats(log.stats()), refreshMs);
    return () => clearInterval(timer);
  }, [log, refreshMs]);
  return stats;
}

/** The last 100 events, re-rendered on every new event. */
export function useRequestLogEvents(log: RequestLog): readonly RequestEvent[] {
  return useSyncExternalStore(log.subscribe, log.events, log.events);
}
