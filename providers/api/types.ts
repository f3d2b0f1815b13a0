/** Dependencies and options of the API client — docs/product/api-calls.md. Everything with a side effect is injected. */
import type { KeyValueStorage } from './csrf';
import type { RequestLog } from './request-log';
import type { Query } from './query-string';
import type { RetryStatus } from './retry-status';
import type { TokenSource } from './session';

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** appConfig.apiBase; calls go to `${baseUrl}/api${path}`. */
  baseUrl: string;
  /** appConfig.version, sent as X-Client-Version. */
  clientVersion: string;
  getAccessToken: TokenSource;
  /** Refreshes the session; resolves to the new access token, or null when it failed. */
  refreshSession: () => Promise<string | null>;
  getTenantId: () => string | null | undefined;
  /** Sends the user to `/login?next=<nextPath>`. */
  onAuthRequired: (nextPath: string) => void;
  /** Path + search of the page the user is on (the `next` of the login redirect). */
  currentPath: () => string;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Uniform in [0, 1); drives the backoff jitter. */
  random: () => number;
  /** Correlation ids and idempotency keys. */
  uuid: () => string;
  /** Holds the CSRF token (localStorage in the browser). */
  storage: KeyValueStorage;
  /** Sends a request reporting upload progress (0–100); used for calls with `onUploadProgress`. */
  upload?: (url: string, init: RequestInit, onProgress: (percent: number) => void) => Promise<Response>;
  /** Where calls waiting for a retry are marked; the browser's shared one by default. */
  retryStatus?: RetryStatus;
  /** The request log the calls are recorded in: the console's one (providers/console-fetch.ts); a log of its own when omitted. */
  log?: RequestLog;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T = unknown> {
  method?: HttpMethod;
  query?: Query;
  /** JSON-encoded as the request body. */
  body?: unknown;
  /** Sent as is instead of `body` (a CSV file's text); set its Content-Type in `headers`. */
  rawBody?: string | Blob;
  /** Upload progress 0–100 (large imports); needs the client's `upload` dependency. */
  onUploadProgress?: (percent: number) => void;
  headers?: Record<string, string>;
  /** Reuse a key to make a repeated command a replay; random per call otherwise (one key for all its retries). */
  idempotencyKey?: string;
  correlationId?: string;
  causationId?: string;
  /** false for the calls that work before the tenant is known (`/me`, `/csrf`). */
  tenant?: boolean;
  /** false: a missing token or a refused session does not send the user to login (e.g. flags). */
  auth?: boolean;
  /** Generates mock data returned (flagged mocked) when the service is unavailable after all retries. */
  fallback?: () => T;
  signal?: AbortSignal;
}
