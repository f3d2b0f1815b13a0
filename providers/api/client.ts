/**
 * The API client every call goes through — spec §7.1, §8, §9 and DESIGN §4. It composes the small
 * pieces of this folder: headers, query string, retry timing, shared session refresh, CSRF token,
 * mock fallback and the request log.
 */
import { MESSAGES, RETRY, TENANT_REQUIRED_MESSAGE } from '../../contract/constants';
import { backoffDelay, retryAfterMs } from './backoff';
import { createCsrfStore } from './csrf';
import { ApiError, apiErrorFrom, isRetryableStatus } from './errors';
import { buildHeaders, isMutation } from './headers';
import { withApiMeta, withMockMeta, type WithMeta } from './meta';
import { buildQuery } from './query-string';
import { createRequestLog, type RequestEvent } from './request-log';
import { createSharedRefresh } from './session';
import type { ApiClientDeps, RequestOptions } from './types';

export type ApiClient = ReturnType<typeof createApiClient>;

interface CsrfAnswer { token: string; expires_at?: string }

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(deps: ApiClientDeps) {
  const log = createRequestLog(deps.now);
  const csrf = createCsrfStore(deps.storage, deps.now);
  const refreshFor = createSharedRefresh(deps.refreshSession);
  const apiRoot = `${deps.baseUrl.replace(/\/+$/, '')}/api`;
  const isoNow = () => new Date(deps.now()).toISOString();
  let csrfLoading: Promise<string | null> | null = null;

  /** The stored CSRF token, fetched once (shared by concurrent calls) when none is stored. */
  function ensureCsrf(): Promise<string | null> {
    const stored = csrf.get();
    if (stored) return Promise.resolve(stored);
    csrfLoading ??= request<CsrfAnswer>('/csrf', { tenant: false })
      .then((a) => {
        csrf.set(a.token, a.expires_at);
        return a.token;
      })
      // without a token the call still goes out: the server only checks it for cookie sessions
      .catch(() => null)
      .finally(() => {
        csrfLoading = null;
      });
    return csrfLoading;
  }

  async function request<T>(path: string, opts: RequestOptions<T> = {}): Promise<WithMeta<T>> {
    const method = opts.method ?? 'GET';
    const needsAuth = opts.auth !== false;
    const correlationId = opts.correlationId ?? deps.uuid();
    const started = deps.now();

    let token = (await deps.getAccessToken()) || null;
    if (!token && needsAuth) {
      deps.onAuthRequired(deps.currentPath());
      throw new ApiError(401, MESSAGES.auth, 'auth_required');
    }
    const tenantId = opts.tenant === false ? null : deps.getTenantId() || null;
    if (opts.tenant !== false && !tenantId) throw new Error(TENANT_REQUIRED_MESSAGE);

    const csrfToken = isMutation(method) ? await ensureCsrf() : null;
    const idempotencyKey = opts.idempotencyKey ?? deps.uuid();
    const url = `${apiRoot}${path}${buildQuery(opts.query)}`;
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);

    const event = (e: Pick<RequestEvent, 'status' | 'mocked' | 'error' | 'requestId'>) =>
      log.record({
        endpoint: path,
        method,
        duration: deps.now() - started,
        correlationId,
        causationId: opts.causationId,
        timestamp: deps.now(),
        ...e,
      });

    let retries = 0;
    let refreshed = false;
    let sessionRefused = false;
    let status = 0;
    let requestId: string | undefined;
    let failure: unknown;

    for (;;) {
      let res: Response;
      try {
        res = await deps.fetch(url, {
          method,
          headers: buildHeaders({
            method,
            clientVersion: deps.clientVersion,
            token,
            tenantId,
            correlationId,
            causationId: opts.causationId,
            idempotencyKey,
            csrfToken,
            extra: opts.headers,
          }),
          body,
          credentials: 'include',
          signal: opts.signal,
        });
      } catch (err) {
        // a network error (no answer at all) is not retried: it ends the loop (spec §8)
        failure = err;
        break;
      }
      status = res.status;
      requestId = res.headers.get('X-Request-Id') ?? undefined;
      const payload = await readBody(res);
      if (res.ok) {
        event({ status, mocked: false, requestId });
        return withApiMeta<T>(payload, isoNow());
      }
      failure = apiErrorFrom(res.status, res.statusText, payload);

      if (res.status === 401 && token) {
        if (refreshed) {
          sessionRefused = true;
          break;
        }
        refreshed = true;
        const next = await refreshFor(token);
        if (!next) {
          sessionRefused = true;
          break;
        }
        token = next;
        continue;
      }
      if (!isRetryableStatus(res.status) || retries >= RETRY.maxRetries || opts.signal?.aborted) break;
      const hinted = res.status === 429 ? retryAfterMs(res.headers.get('Retry-After'), deps.now()) : null;
      await deps.sleep(hinted ?? backoffDelay(retries, deps.random));
      retries += 1;
    }

    if (opts.signal?.aborted) throw failure;
    if (sessionRefused && needsAuth) deps.onAuthRequired(deps.currentPath());

    const error = failure instanceof Error && failure.message ? failure : new Error(MESSAGES.requestFailed);
    // Mock data stands in for an unavailable service only; a 4xx is a real answer the user must see.
    const unavailable = !(error instanceof ApiError) || isRetryableStatus(error.status);
    if (opts.fallback && unavailable) {
      event({ status, mocked: true, error: error.message, requestId });
      return withMockMeta(opts.fallback(), isoNow());
    }
    event({ status, mocked: false, error: error.message, requestId });
    throw error;
  }

  return {
    request,
    get: <T>(path: string, opts?: Omit<RequestOptions<T>, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'GET' }),
    post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'PATCH', body }),
    delete: <T>(path: string, opts?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'DELETE' }),
    /** Diagnostics: last 100 events, 60 s stats, correlation map. */
    log,
    csrf,
    /** Full URL of an API path (Refine's getApiUrl, SSE). */
    url: (path = '') => `${apiRoot}${path}`,
  };
}
