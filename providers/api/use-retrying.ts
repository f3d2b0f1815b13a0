/** React view of the retry status: true while a call to `endpoint` waits for its next attempt. */
import { useSyncExternalStore } from 'react';
import { retryStatus, type RetryStatus } from './retry-status';

export function useRetrying(endpoint: string | undefined, status: RetryStatus = retryStatus): boolean {
  useSyncExternalStore(status.subscribe, status.version, status.version);
  return endpoint ? status.isRetrying(endpoint) : false;
}
