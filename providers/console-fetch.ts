/**
 * The console's one request log and the one fetch for the requests that do not go through the API
 * client (docs/api-client.md "Request log"): the health check, the server facts, the profile read
 * through PostgREST, the auth server's calls. The API client records its calls into the same log
 * (providers/app-client.ts), so the Diagnostics drawer's Request Statistics count every request the
 * console sends to its server.
 */
import { createRequestLog } from './api/request-log';
import { loggedFetch } from './api/logged-fetch';
import { uuidV4 } from './api/uuid';

export const requestLog = createRequestLog(() => Date.now());

/** `fetch` through the request log; called through window (an unbound window.fetch throws "Illegal invocation"). */
export const consoleFetch: typeof fetch = loggedFetch(requestLog, (input, init) => window.fetch(input, init), {
  now: () => Date.now(),
  uuid: () => uuidV4((bytes) => crypto.getRandomValues(bytes)),
});
