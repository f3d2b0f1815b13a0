/**
 * The API client every call goes through — docs/product/api-calls.md, docs/product/errors.md, docs/product/constants.md and docs/api-conventions.md. It composes the small
 * pieces of this folder: headers, query string, retry timing, shared session refresh, CSRF token,
 * mock fallback, retry status and the request log. JSON is the default; `rawBody` sends a file's
 * text as is and `blob()` answers a file (CSV import and export), on the same path (docs/api-client.md).
 */
import type { CsrfAnswer } from '../../contract/api';
import { MESSAGES, RETRY, TENANT_REQUIRED_MESSAGE } from '../../contract/constants';
import { backoffDelay, retryAfterMs } from './backoff';
import { createCsrfStore } from './csrf';
import { ApiError, apiErrorFrom, isRetryableStatus } from './errors';
import { buildHeaders, isMutation } from './headers';
import { withApiMeta, withMockMeta, type WithMeta } from './meta';
import { buildQuery } from './query-string';
import { createRequestLog, type RequestEvent } from './request-log';
import { retryStatus as sharedRetryStatus } from './retry-status';
import { createSharedRefresh } from './session';
import type { ApiClientDeps, RequestOptions } from './types';

export type ApiClient = ReturnType<typeof createApiClient>;

/** Statuses a gateway answers when the API behind it is down: with no answer at all, the only ones mock data may stand in for. */
const API_DOWN = new Set([502, 503, 504]);

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
  const log = deps.log ?? createRequestLog(deps.now);
  const csrf = createCsrfStore(deps.storage, deps.now);
  const refreshFor = createSharedRefresh(deps.refreshSession);
  const apiRoot = `${deps.baseUrl.replace(/\/+$/, '')}/api`;
  const isoNow = () => new Date(deps.now()).toISOString();
  const retries = deps.retryStatus ?? sharedRetryStatus;
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

  function request<T>(path: string, opts: RequestOptions<T> = {}): Promise<WithMeta<T>> {
    return send(path, opts, async (res) => withApiMeta<T>(await readBody(res), isoNow()), (data) => withMockMeta(data, isoNow()));
  }

  /** One call with retries, refresh and logging; `read` turns the successful answer into the result. */
  async function send<T, R>(path: string, opts: RequestOptions<T>, read: (res: Response) => Promise<R>, mock: (data: T) => R): Promise<R> {
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
    const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));

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

    let attempt = 0;
    let refreshed = false;
    let sessionRefused = false;
    let status = 0;
    let requestId: string | undefined;
    let failure: unknown;

    for (;;) {
      let res: Response;
      const init: RequestInit = {
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
        };
      try {
        // an upload with progress needs XMLHttpRequest (deps.upload); everything else is fetch
        res = opts.onUploadProgress && deps.upload ? await deps.upload(url, init, opts.onUploadProgress) : await deps.fetch(url, init);
      } catch (err) {
        // a network error (no answer at all) is not retried: it ends the loop (docs/product/errors.md)
        failure = err;
        break;
      }
      status = res.status;
      requestId = res.headers.get('X-Request-Id') ?? undefined;
      if (res.ok) {
        let result: R;
        try {
          result = await read(res).finally(() => retries.end(correlationId));
        } catch (err) {
          // the answer came but its body did not (the connection dropped): a failed call, unless cancelled
          if (!opts.signal?.aborted) event({ status, mocked: false, error: err instanceof Error && err.message ? err.message : MESSAGES.requestFailed, requestId });
          throw err;
        }
        event({ status, mocked: false, requestId });
        return result;
      }
      failure = apiErrorFrom(res.status, res.statusText, await readBody(res));

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
      // the same command with the same key still running on the server (a retry after a timeout or a
      // lost connection): asking again later replays its answer (docs/reliability.md "Retry after a timeout")
      const inProgress = res.status === 409 && failure instanceof ApiError && failure.code === 'idempotency_in_progress';
      if ((!isRetryableStatus(res.status) && !inProgress) || attempt >= RETRY.maxRetries || opts.signal?.aborted) break;
      // the server's own hint where it gives one: 429 (rate limit), 503 (database unavailable), a command in progress
      const hinted = res.status === 429 || res.status === 503 || inProgress ? retryAfterMs(res.headers.get('Retry-After'), deps.now()) : null;
      retries.begin(correlationId, path);
      await deps.sleep(hinted ?? backoffDelay(attempt, deps.random));
      attempt += 1;
    }
    retries.end(correlationId);

    if (opts.signal?.aborted) throw failure;
    if (sessionRefused && needsAuth) deps.onAuthRequired(deps.currentPath());

    const error = failure instanceof Error && failure.message ? failure : new Error(MESSAGES.requestFailed);
    // Mock data stands in only for an API that is down (no answer, or a gateway saying so); an answer
    // of the API itself — a 4xx, a 500, a 429 — is real and the user must see it (docs/api-client.md).
    const down = !(error instanceof ApiError) || API_DOWN.has(error.status);
    if (opts.fallback && down) {
      event({ status, mocked: true, error: error.message, requestId });
      return mock(opts.fallback());
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
    /** A file answer (e.g. a CSV export) as a Blob; errors are read from the JSON body as usual. */
    blob: (path: string, opts?: Omit<RequestOptions<never>, 'body' | 'fallback'>) =>
      send<never, Blob>(path, { ...opts, headers: { Accept: '*/*', ...opts?.headers } }, (res) => res.blob(), () => new Blob()),
    /** Diagnostics: last 100 events, 60 s stats, correlation map. */
    log,
    csrf,
    /** Full URL of an API path (Refine's getApiUrl, SSE). */
    url: (path = '') => `${apiRoot}${path}`,
  };
}
