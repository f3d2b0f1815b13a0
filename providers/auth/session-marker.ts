/**
 * Tells a real sign-in from a reload — docs/product/shell.md "States and transitions" (a sign-in shows a toast): supabase-js reports a
 * stored session on every page load (INITIAL_SESSION, and SIGNED_IN on tab focus), so the toast is
 * shown only for a session id (JWT `session_id` claim) this browser has not announced yet.
 */
import type { Session } from '@supabase/auth-js';

export const ANNOUNCED_SESSION_KEY = 'seller-console.announced-session';

/** The `session_id` claim of the access token; the user id when the token carries none. */
export function sessionIdOf(session: Session): string {
  try {
    const payload = session.access_token.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { session_id?: unknown };
    if (typeof json.session_id === 'string') return json.session_id;
  } catch {
    // not a JWT we can read: fall back to the user
  }
  return session.user.id;
}

/** True exactly once per session id per browser. */
export function isNewSignIn(session: Session, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  const id = sessionIdOf(session);
  if (storage.getItem(ANNOUNCED_SESSION_KEY) === id) return false;
  storage.setItem(ANNOUNCED_SESSION_KEY, id);
  return true;
}

export function forgetAnnouncedSession(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(ANNOUNCED_SESSION_KEY);
}
