/**
 * Sign-in calls of docs/product/shell.md "Sign-in screen" and docs/product/api-calls.md "Hosted auth and profile", on supabase-js: the magic link (PKCE; the link comes back to
 * /auth, where detectSessionInUrl exchanges the code, carrying `next`) and Google. Google is on only
 * where the auth server has it configured (docs/auth.md, "Google"): `/auth/v1/settings` is read first,
 * so a server without it says so in words instead of sending the browser to a JSON error page
 * (docs/product/auth-protocol.md §5).
 */
import type { ConsoleSupabase } from '../supabase';
import { authPathWithNext } from '../../src/lib/next-path';

export const MAGIC_LINK_FALLBACK = 'Failed to send magic link';
export const GOOGLE_FALLBACK = 'Failed to initiate Google sign-in';
/** Shown when the auth server has no Google sign-in configured (docs/shell.md, "Google"). */
export const GOOGLE_NOT_SET_UP = 'Google sign-in is not set up on this server. Enter your email above and press Send magic link to sign in with an email link instead.';

export type SignInResult = { ok: true } | { ok: false; message: string };

export async function sendMagicLink(client: Pick<ConsoleSupabase, 'auth'>, origin: string, email: string, next: string | null): Promise<SignInResult> {
  try {
    const { error } = await client.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: `${origin}${authPathWithNext(next)}` },
    });
    return error ? { ok: false, message: error.message || MAGIC_LINK_FALLBACK } : { ok: true };
  } catch (e) {
    return { ok: false, message: e instanceof Error && e.message ? e.message : MAGIC_LINK_FALLBACK };
  }
}

export interface AuthEndpoint {
  supabaseUrl: string;
  anonKey: string;
  fetch: typeof fetch;
}

/** Resolves only on failure: on success the browser is already navigating to Google. */
export async function startGoogleSignIn(client: Pick<ConsoleSupabase, 'auth'>, ep: AuthEndpoint, origin: string, next: string | null): Promise<SignInResult> {
  try {
    const res = await ep.fetch(`${ep.supabaseUrl}/auth/v1/settings`, { headers: { apikey: ep.anonKey } });
    if (!res.ok) return { ok: false, message: GOOGLE_FALLBACK };
    const settings = (await res.json()) as { external?: { google?: boolean } };
    if (!settings.external?.google) return { ok: false, message: GOOGLE_NOT_SET_UP };
    const { error } = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: `${origin}${authPathWithNext(next)}` } });
    return error ? { ok: false, message: error.message || GOOGLE_FALLBACK } : { ok: true };
  } catch (e) {
    return { ok: false, message: e instanceof Error && e.message ? e.message : GOOGLE_FALLBACK };
  }
}

let signingOut = false;

/**
 * True from a sign-out's start until it failed: requests still in flight when the server ends the
 * session then answer 401, and the client must not send the page to `/login?next=…` for them — the
 * guard takes a signed-out page to /auth (docs/product/shell.md).
 */
export const isSigningOut = (): boolean => signingOut;

/** Sign-out (docs/product/shell.md): false when the server could not be told, in which case the session stays. */
export async function signOut(client: Pick<ConsoleSupabase, 'auth'>): Promise<boolean> {
  signingOut = true;
  try {
    const { error } = await client.auth.signOut();
    signingOut = !error;
    return !error;
  } catch {
    signingOut = false;
    return false;
  }
}
