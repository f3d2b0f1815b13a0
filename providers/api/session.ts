/**
 * Session refresh shared by concurrent calls — docs/product/shell.md (Session during calls): a 401 triggers ONE
 * refresh; every call that got a 401 with the same stale token awaits that same refresh.
 */
export type TokenSource = () => Promise<string | null> | string | null;

/** Returns `refreshFor(staleToken)` → the new token, or null when the refresh failed. */
export function createSharedRefresh(refreshSession: () => Promise<string | null>) {
  // Keyed by the token that was refused, not by "in flight": a 401 that arrives after the refresh
  // settled but was sent with the old token must reuse it, not start a second refresh.
  let last: { from: string; result: Promise<string | null> } | null = null;
  return function refreshFor(staleToken: string): Promise<string | null> {
    if (last && last.from === staleToken) return last.result;
    const result = refreshSession().then(
      (t) => t || null,
      () => null,
    );
    last = { from: staleToken, result };
    return result;
  };
}
