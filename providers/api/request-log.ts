/**
 * Request log for diagnostics — docs/product/data.md (Request event), docs/product/constants.md (request log): the last 100 events, stats over the
 * last 60 s, and the correlation map of the last 100 correlation ids.
 */
import { REQUEST_LOG } from '../../contract/constants';

export interface RequestEvent {
  endpoint: string;
  method: string;
  /** HTTP status of the last answer; 0 when no answer arrived (network error). */
  status: number;
  duration: number;
  mocked: boolean;
  error?: string;
  requestId?: string;
  correlationId: string;
  causationId?: string;
  timestamp: number;
}

export interface RequestStats {
  total: number;
  mocked: number;
  /** 0–100 */
  mockedPercent: number;
  /** 0–1; the diagnostics drawer shows it red above HEALTH.errorRateRedAbove. */
  errorRate: number;
}

export interface CorrelationEntry { endpoint: string; method: string; timestamp: number }

export interface RequestLog {
  record(event: RequestEvent): void;
  /** Oldest first. */
  events(): readonly RequestEvent[];
  stats(): RequestStats;
  correlation(id: string): CorrelationEntry | undefined;
  correlations(): ReadonlyMap<string, CorrelationEntry>;
  subscribe(listener: (event: RequestEvent) => void): () => void;
}

export function createRequestLog(now: () => number): RequestLog {
  let events: RequestEvent[] = [];
  const correlations = new Map<string, CorrelationEntry>();
  const listeners = new Set<(event: RequestEvent) => void>();

  return {
    record(event) {
      events = [...events, event].slice(-REQUEST_LOG.size);
      // Map keeps insertion order: delete + set moves a reused id to the newest position
      correlations.delete(event.correlationId);
      correlations.set(event.correlationId, { endpoint: event.endpoint, method: event.method, timestamp: event.timestamp });
      while (correlations.size > REQUEST_LOG.correlationMapSize) {
        correlations.delete(correlations.keys().next().value as string);
      }
      for (const l of listeners) l(event);
    },
    events: () => events,
    stats() {
      const since = now() - REQUEST_LOG.statsWindowMs;
      const recent = events.filter((e) => e.timestamp >= since);
      const total = recent.length;
      const mocked = recent.filter((e) => e.mocked).length;
      const errors = recent.filter((e) => e.error !== undefined).length;
      return {
        total,
        mocked,
        mockedPercent: total ? (mocked / total) * 100 : 0,
        errorRate: total ? errors / total : 0,
      };
    },
    correlation: (id) => correlations.get(id),
    correlations: () => correlations,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
