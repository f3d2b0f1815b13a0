/**
 * In-process notice that sessions ended (sign-out, refresh-token reuse), so caches of verified
 * tokens on this replica drop them at once. Other replicas' caches expire within their TTL.
 */
export interface Revocation {
  userId?: string;
  sessionId?: string;
  /** `others` sign-out: every session of the user but this one. */
  exceptSessionId?: string;
}

const listeners = new Set<(r: Revocation) => void>();

export function onSessionsRevoked(fn: (r: Revocation) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function sessionsRevoked(r: Revocation): void {
  for (const fn of listeners) fn(r);
}
