/** API client — docs/product/api-calls.md, docs/product/errors.md, docs/product/constants.md. See docs/api-client.md. */
export { createApiClient, type ApiClient } from './client';
export { ApiError, categorize, userMessage, isRetryableStatus, type ErrorCategory } from './errors';
export { buildQuery, type Query } from './query-string';
export { backoffDelay, retryAfterMs } from './backoff';
export { createCsrfStore, CSRF_STORAGE_KEY, type CsrfStore, type KeyValueStorage } from './csrf';
export { createRequestLog, type RequestLog, type RequestEvent, type RequestStats } from './request-log';
export { useRequestLogStats, useRequestLogEvents } from './use-request-stats';
export type { ApiClientDeps, RequestOptions, HttpMethod } from './types';
export { uuidV4 } from './uuid';
export type { WithMeta } from './meta';
export { retryStatus, createRetryStatus, type RetryStatus } from './retry-status';
export { useRetrying } from './use-retrying';
export { finalMessage, toDisplayError, UNAVAILABLE_FINAL } from './display-error';
