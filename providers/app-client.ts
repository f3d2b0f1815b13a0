/**
 * The browser's wiring of the API layer — docs/product/api-calls.md ("Common rules", "Hosted auth and profile"): one API client over the supabase-js session
 * and the profile's tenant, the Refine data provider (the access control is built from the module
 * list by src/App.tsx), the react-query client,
 * the flags loader and the request-log hooks for the Diagnostics drawer.
 */
import { createApiClient, useRequestLogEvents, useRequestLogStats, uuidV4 } from './api';
import { xhrUpload } from './api/xhr-upload';
import { createQueryClient, createDataProvider } from './data-provider';
import { getProfile } from './auth/profile-store';
import { appConfig } from './config';
import { supabase } from './supabase';
import { isSigningOut } from './auth/sign-in';
import { requestLog } from './console-fetch';

/** Pages that must not redirect to themselves when a call finds no session. */
const SIGN_IN_PATHS = ['/auth', '/login'];

export const apiClient = createApiClient({
  // called through window: an unbound window.fetch throws "Illegal invocation"
  fetch: (input, init) => window.fetch(input, init),
  baseUrl: appConfig.apiBase,
  clientVersion: appConfig.version,
  getAccessToken: async () => (await supabase.auth.getSession()).data.session?.access_token ?? null,
  refreshSession: async () => {
    const { data, error } = await supabase.auth.refreshSession();
    return error ? null : (data.session?.access_token ?? null);
  },
  getTenantId: () => getProfile()?.tenantId,
  onAuthRequired: (next) => {
    if (isSigningOut() || SIGN_IN_PATHS.some((p) => window.location.pathname.startsWith(p))) return;
    window.location.assign(`/login?next=${encodeURIComponent(next)}`);
  },
  currentPath: () => window.location.pathname + window.location.search,
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
  uuid: () => uuidV4((bytes) => crypto.getRandomValues(bytes)),
  storage: window.localStorage,
  upload: xhrUpload,
  // the console's one request log: the requests outside this client are recorded there too (./console-fetch.ts)
  log: requestLog,
});

export const dataProvider = createDataProvider(apiClient);

/** For `<Refine options={{ reactQuery: { clientConfig: queryClient } }}>`. */
export const queryClient = createQueryClient();

/**
 * For `<FlagsProvider load={loadFlags}>`: `GET /flags` through the data provider (the provider reads
 * once per tenant, outside any page); flags never send the user to login (defaults stay).
 */
export const loadFlags = async () => (await dataProvider.custom!<Record<string, boolean>>({ url: '/flags', method: 'get', meta: { auth: false } })).data;

/** Diagnostics drawer: stats over the last 60 s, refreshed every 5 s. */
export function useRequestStats() {
  return useRequestLogStats(apiClient.log);
}

/** Diagnostics drawer: the last 100 request events, live. */
export function useRequestEvents() {
  return useRequestLogEvents(apiClient.log);
}
