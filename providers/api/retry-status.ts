/**
 * Which calls are between retries right now — docs/product/errors.md "Service temporarily unavailable. Retrying..."
 * is shown while the client's retries run (docs/api-client.md). The client marks a call when it backs
 * off after a retryable answer and clears it when the call ends; pages ask by API path.
 */
export interface RetryStatus {
  begin(callId: string, endpoint: string): void;
  end(callId: string): void;
  /** True while a call to `endpoint` (path without query) waits for its next attempt. */
  isRetrying(endpoint: string): boolean;
  /** A number that changes with every begin/end (for useSyncExternalStore). */
  version(): number;
  subscribe(listener: () => void): () => void;
}

export function createRetryStatus(): RetryStatus {
  const calls = new Map<string, string>();
  const listeners = new Set<() => void>();
  let v = 0;
  const changed = () => {
    v += 1;
    for (const l of listeners) l();
  };
  return {
    begin(callId, endpoint) {
      if (calls.get(callId) === endpoint) return;
      calls.set(callId, endpoint);
      changed();
    },
    end(callId) {
      if (calls.delete(callId)) changed();
    },
    isRetrying: (endpoint) => [...calls.values()].includes(endpoint),
    version: () => v,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's one status, shared by every client instance (tests build their own clients). */
export const retryStatus = createRetryStatus();
