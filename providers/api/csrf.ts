/**
 * CSRF token store — docs/product/shell.md "States and transitions" (CSRF token), docs/product/constants.md (24 h),
 * docs/api-conventions.md "CSRF": fetched from `GET /api/csrf`,
 * kept in storage for 24 h, cleared once expired. Sent as `X-CSRF-Token` on non-GET calls.
 */
import { CSRF_TTL_MS } from '../../contract/constants';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const CSRF_STORAGE_KEY = 'seller-console.csrf';

interface StoredCsrf { token: string; expiresAt: number }

export interface CsrfStore {
  /** The stored token, or null (an expired one is removed). */
  get(): string | null;
  /** Stores a token for 24 h, or until the server's `expires_at` when that is sooner. */
  set(token: string, serverExpiresAt?: string): void;
  clear(): void;
}

export function createCsrfStore(storage: KeyValueStorage, now: () => number): CsrfStore {
  const clear = () => storage.removeItem(CSRF_STORAGE_KEY);
  return {
    get() {
      const raw = storage.getItem(CSRF_STORAGE_KEY);
      if (!raw) return null;
      let stored: Partial<StoredCsrf>;
      try {
        stored = JSON.parse(raw) as Partial<StoredCsrf>;
      } catch {
        clear();
        return null;
      }
      if (typeof stored.token !== 'string' || typeof stored.expiresAt !== 'number' || stored.expiresAt <= now()) {
        clear();
        return null;
      }
      return stored.token;
    },
    set(token, serverExpiresAt) {
      const server = serverExpiresAt ? Date.parse(serverExpiresAt) : Number.NaN;
      const local = now() + CSRF_TTL_MS;
      const expiresAt = Number.isNaN(server) ? local : Math.min(local, server);
      storage.setItem(CSRF_STORAGE_KEY, JSON.stringify({ token, expiresAt } satisfies StoredCsrf));
    },
    clear,
  };
}
