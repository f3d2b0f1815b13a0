/**
 * "Back" that never leaves the console (docs/shell.md "Back"): with an earlier page of this tab in the
 * console's history it goes there; on a page opened in a fresh tab or from a bookmark, where the
 * browser's back would leave the app, it goes up one level instead (`/products/42/edit` →
 * `/products/42`, `/suppliers/7` → `/suppliers`), or to a fallback the caller names.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The page one level up: the path without its last segment; a top-level page's is the dashboard. */
export function upOf(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  return parts.length <= 1 ? '/dashboard' : `/${parts.slice(0, -1).join('/')}`;
}

/**
 * Whether the tab's history holds an earlier page of the console: react-router gives the location
 * the tab opened on the key "default", and every location it pushed (kept across a reload) its own.
 */
export function hasConsoleHistory(locationKey: string): boolean {
  return locationKey !== 'default';
}

export function useSafeBack(fallback?: string): () => void {
  const navigate = useNavigate();
  const { pathname, key } = useLocation();
  return useCallback(() => {
    if (hasConsoleHistory(key)) void navigate(-1);
    else void navigate(fallback ?? upOf(pathname), { replace: true });
  }, [navigate, pathname, key, fallback]);
}
