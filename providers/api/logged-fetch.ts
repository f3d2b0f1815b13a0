/**
 * The request log's fetch for the requests the API client does not send (docs/api-client.md "Request
 * log"): the health check's `HEAD /health` and the server facts' `GET /health`, the profile read
 * through PostgREST, the auth server's calls. One event per request into the same log as the API
 * client's calls, so Request Statistics count every request the console sends to its server, not only
 * those under `/api`. The rules are the client's: an aborted request is not logged, an answer that is
 * not ok or no answer at all is an error.
 */
import type { RequestLog } from './request-log';

export interface LoggedFetchDeps {
  now: () => number;
  /** The event's correlation id when the request carries no `X-Correlation-Id`. */
  uuid: () => string;
}

const aborted = (e: unknown, init: RequestInit | undefined) =>
  init?.signal?.aborted === true || (typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError');

/** What the log names the request by: its path, without the query (a token may travel in it). */
function endpointOf(input: RequestInfo | URL): string {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    return new URL(href, 'http://relative.invalid').pathname;
  } catch {
    return href.split('?')[0];
  }
}

export function loggedFetch(log: RequestLog, base: typeof fetch, deps: LoggedFetchDeps): typeof fetch {
  return async (input, init) => {
    const started = deps.now();
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const correlationId = new Headers(init?.headers).get('X-Correlation-Id') ?? deps.uuid();
    const record = (status: number, error: string | undefined, requestId?: string) =>
      log.record({ endpoint: endpointOf(input), method, status, duration: deps.now() - started, mocked: false, error, requestId, correlationId, timestamp: deps.now() });
    let res: Response;
    try {
      res = await base(input, init);
    } catch (e) {
      if (!aborted(e, init)) record(0, e instanceof Error && e.message ? e.message : 'Network error');
      throw e;
    }
    record(res.status, res.ok ? undefined : `HTTP ${res.status}`, res.headers.get('X-Request-Id') ?? undefined);
    return res;
  };
}
