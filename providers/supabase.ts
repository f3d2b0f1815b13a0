/**
 * The one Supabase client of the full app (docs/product/api-calls.md): the auth client (PKCE,
 * persisted session, auto refresh, session detected in the URL) and PostgREST for the profile read —
 * the two parts of supabase-js the console uses, without its realtime, storage and functions clients
 * (docs/performance.md "Delivery"). PostgREST requests carry the session's access token, else the
 * public key, as supabase-js sends them.
 */
import type { GoTrueClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { anonKey, createAuthClient, serviceUrl } from './auth/auth-client';
import { consoleFetch } from './console-fetch';

export interface ConsoleSupabase {
  auth: GoTrueClient;
  from: PostgrestClient['from'];
}

/** `fetch` with `apikey` and `Authorization: Bearer <session token or public key>` unless already set. */
export function fetchWithSession(auth: Pick<GoTrueClient, 'getSession'>, key: string, base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const { data } = await auth.getSession();
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', key);
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${data.session?.access_token ?? key}`);
    return base(input, { ...init, headers });
  };
}

export function createConsoleSupabase(): ConsoleSupabase {
  // both through the request log of the Diagnostics drawer (./console-fetch.ts)
  const auth = createAuthClient(consoleFetch);
  const rest = new PostgrestClient(serviceUrl('rest/v1'), { fetch: fetchWithSession(auth, anonKey(), consoleFetch) });
  return { auth, from: rest.from.bind(rest) };
}

export const supabase = createConsoleSupabase();
