/**
 * A few seconds of memory for verified tokens: the profile, tenant and session check of a token
 * are read once per TTL instead of on every request (docs/product/architecture.md §8 list latency). Sign-out and
 * refresh-token reuse on this replica evict at once (server/auth/revocations.ts); another replica
 * notices within the TTL. Bounded: the oldest entries go first.
 */
import type { AuthInfo } from './context';
import { onSessionsRevoked } from '../auth/revocations';

interface Entry { auth: AuthInfo; until: number }

export interface AuthCache {
  get(token: string, now?: number): AuthInfo | undefined;
  set(token: string, auth: AuthInfo, tokenExp: number | undefined, now?: number): void;
  close(): void;
}

export function createAuthCache(ttlMs = 5_000, max = 10_000): AuthCache {
  const entries = new Map<string, Entry>();
  const stop = onSessionsRevoked((r) => {
    for (const [token, e] of entries) {
      const a = e.auth;
      const bySession = r.sessionId !== undefined && a.sessionId === r.sessionId;
      const byUser = r.userId !== undefined && a.userId === r.userId && a.sessionId !== r.exceptSessionId;
      if (bySession || byUser) entries.delete(token);
    }
  });
  return {
    get(token, now = Date.now()) {
      const e = entries.get(token);
      if (!e) return undefined;
      if (e.until <= now) {
        entries.delete(token);
        return undefined;
      }
      return e.auth;
    },
    set(token, auth, tokenExp, now = Date.now()) {
      if (ttlMs <= 0) return;
      const until = Math.min(now + ttlMs, tokenExp ? tokenExp * 1000 : Infinity);
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(token, { auth, until });
    },
    close: stop,
  };
}
