/**
 * react-query cache freshness — docs/product/constants.md "Cache freshness": default stale time 5 min, 2 query
 * retries, no mutation retries; products 5 min, orders 30 s; presets realtime/semi-realtime/reference.
 * Refine 5 takes the client through `<Refine options={{ reactQuery: { clientConfig } }}>`
 * (QueryClientConfig or a QueryClient instance); its data keys are `["data", provider, resource, ...]`.
 */
import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { CACHE } from '../../contract/constants';
import { categorize } from './errors';

export const STALE_PRESETS = {
  realtime: CACHE.realtimeMs,
  semiRealtime: CACHE.semiRealtimeMs,
  reference: CACHE.referenceMs,
} as const;

export const RESOURCE_STALE_MS: Record<string, number> = {
  products: CACHE.productsStaleMs,
  orders: CACHE.ordersStaleMs,
};

/**
 * One retry layer per kind of failure: the API client already retried a retryable answer (≥500, 429)
 * 3 times with backoff, so react-query repeats only what the client never retries — a call that got
 * no answer at all (network). Repeating both multiplied the wait (about 26 s before an error showed).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < CACHE.queryRetries && categorize(error) === 'network';
}

export const queryClientConfig: QueryClientConfig = {
  defaultOptions: {
    queries: { staleTime: CACHE.defaultStaleMs, retry: shouldRetryQuery },
    mutations: { retry: CACHE.mutationRetries },
  },
};

/** A QueryClient with the defaults above and the per-resource stale times (keyed by Refine's data keys). */
export function createQueryClient(dataProviderName = 'default'): QueryClient {
  const client = new QueryClient(queryClientConfig);
  for (const [resource, staleTime] of Object.entries(RESOURCE_STALE_MS)) {
    client.setQueryDefaults(['data', dataProviderName, resource], { staleTime });
  }
  return client;
}
