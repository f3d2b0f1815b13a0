/** The numbers of docs/product/constants.md (and the flag defaults of docs/product/data.md), written out, against contract/constants.ts. */
import { describe, expect, it } from 'vitest';
import {
  CACHE,
  CLIENT_NAME,
  CSRF_TTL_MS,
  DEFAULT_FLAGS,
  HEALTH,
  MESSAGES,
  REQUEST_LOG,
  RETRY,
  TENANT_REQUIRED_MESSAGE,
} from '../../contract/constants';
import { MAX_PAGE } from '../../providers/api/list-query';
import { queryClientConfig, RESOURCE_STALE_MS, STALE_PRESETS, createQueryClient } from '../../providers/data-provider';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('docs/product/constants.md numbers', () => {
  it('retries: 3, base 1000 ms, doubling, ±12.5 %, cap 30 s', () => {
    expect(RETRY).toEqual({ maxRetries: 3, baseDelayMs: 1000, factor: 2, jitter: 0.125, capMs: 30 * SECOND });
  });
  it('CSRF lifetime 24 h', () => expect(CSRF_TTL_MS).toBe(24 * 60 * MINUTE));
  it('request log 100, stats 60 s refreshed every 5 s, correlation map 100', () => {
    expect(REQUEST_LOG).toEqual({ size: 100, statsWindowMs: 60 * SECOND, statsRefreshMs: 5 * SECOND, correlationMapSize: 100 });
  });
  it('health poll 30 s, timeout 5 s, degraded at 500 ms, error rate red above 5 %', () => {
    expect(HEALTH).toEqual({ pollMs: 30 * SECOND, timeoutMs: 5 * SECOND, degradedAtMs: 500, errorRateRedAbove: 0.05 });
  });
  it('cache freshness', () => {
    expect(CACHE).toMatchObject({
      productsStaleMs: 5 * MINUTE,
      ordersStaleMs: 30 * SECOND,
      realtimeMs: 10 * SECOND,
      semiRealtimeMs: 30 * SECOND,
      referenceMs: 5 * MINUTE,
      defaultStaleMs: 5 * MINUTE,
      queryRetries: 2,
      mutationRetries: 0,
    });
    expect(STALE_PRESETS).toEqual({ realtime: 10 * SECOND, semiRealtime: 30 * SECOND, reference: 5 * MINUTE });
    expect(RESOURCE_STALE_MS).toEqual({ products: 5 * MINUTE, orders: 30 * SECOND });
  });
  it('flag defaults (docs/product/data.md)', () => {
    expect(DEFAULT_FLAGS).toEqual({
      enableOrchestrator: true,
      enableListingPoster: true,
      enableAdvancedAnalytics: false,
      enableBetaFeatures: false,
    });
  });
  it('texts of docs/product/errors.md', () => {
    expect(MESSAGES).toEqual({
      auth: 'Authentication failed. Please sign in again.',
      forbidden: 'You do not have permission to perform this action',
      retryable: 'Service temporarily unavailable. Retrying...',
      network: 'Network connection lost. Please check your internet connection.',
      unknown: 'An unexpected error occurred.',
      requestFailed: 'Request failed with unknown error',
      authUrlFallback: 'Authentication failed. Please try again.',
    });
    expect(TENANT_REQUIRED_MESSAGE).toBe('Tenant isolation required: No tenant_id available');
    expect(CLIENT_NAME).toBe('seller-console');
  });
  it('the list page maximum matches the API schema', () => expect(MAX_PAGE).toBe(500));
});

describe('react-query client (docs/product/constants.md cache freshness)', () => {
  it('defaults: stale 5 min, no mutation retries, up to 2 query retries for transient errors only', () => {
    const q = queryClientConfig.defaultOptions!.queries!;
    expect(q.staleTime).toBe(5 * MINUTE);
    expect(queryClientConfig.defaultOptions!.mutations!.retry).toBe(0);
    const retry = q.retry as (n: number, e: unknown) => boolean;
    const transient = new TypeError('Failed to fetch');
    expect([0, 1, 2].map((n) => retry(n, transient))).toEqual([true, true, false]);
    expect(retry(0, Object.assign(new Error('x'), {}))).toBe(false);
  });
  it("per-resource stale times apply to Refine's data keys", () => {
    const client = createQueryClient();
    expect(client.getQueryDefaults(['data', 'default', 'orders', 'list', {}]).staleTime).toBe(30 * SECOND);
    expect(client.getQueryDefaults(['data', 'default', 'products', 'one', '1']).staleTime).toBe(5 * MINUTE);
    expect(client.getQueryDefaults(['data', 'default', 'suppliers', 'list', {}]).staleTime).toBeUndefined();
    expect(client.getDefaultOptions().queries?.staleTime).toBe(5 * MINUTE);
  });
});
