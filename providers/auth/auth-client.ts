/**
 * The auth client (docs/product/api-calls.md): supabase-js's own auth client (@supabase/auth-js)
 * configured as supabase-js's `createClient` configures it — same URL, key, storage key and PKCE
 * flow, session persisted and refreshed, detected in the URL. Both entries use it: the light /auth
 * entry alone, the full app inside providers/supabase.ts. Session and PKCE verifier land in the same
 * storage, so the full app's client finds the session the sign-in page made.
 */
import { AuthClient, type GoTrueClient } from '@supabase/auth-js';
import { appConfig } from '../config';
import { supabaseStorageKey } from '../../src/lib/auth-url';

/** The public key, or a placeholder the server refuses (the start-up check reports it; docs/product/data.md). */
export const anonKey = (): string => appConfig.supabaseAnonKey || 'missing-anon-key';

/** `<supabase url>/<path>`, the URL supabase-js derives for each service (`auth/v1`, `rest/v1`). */
export function serviceUrl(path: string): string {
  const base = appConfig.supabaseUrl.endsWith('/') ? appConfig.supabaseUrl : `${appConfig.supabaseUrl}/`;
  return new URL(path, base).href;
}

/** `fetch`: the full app's goes through its request log (providers/console-fetch.ts); the light /auth entry has none. */
export function createAuthClient(fetch?: typeof globalThis.fetch): GoTrueClient {
  const key = anonKey();
  return new AuthClient({
    ...(fetch ? { fetch } : {}),
    url: serviceUrl('auth/v1'),
    headers: { Authorization: `Bearer ${key}`, apikey: key },
    storageKey: supabaseStorageKey(appConfig.supabaseUrl),
    flowType: 'pkce',
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
  });
}
