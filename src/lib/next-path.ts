/**
 * Where a sign-in leads — docs/product/routes-and-roles.md: to the `next` query parameter when present (that parameter
 * removed, the other query parameters kept), otherwise to /dashboard. `next` must be a path of
 * this app (an absolute or protocol-relative URL would be an open redirect).
 */
export const HOME = '/dashboard';

/** Parameters of the sign-in callback itself (docs/product/auth-protocol.md §2), never carried to the next page. */
const CALLBACK_PARAMS = ['next', 'code', 'sb_flow_id', 'error', 'error_code', 'error_description'];

/** Value for `/auth?next=…` from the page a signed-out visitor tried to open. */
export function nextParamFor(pathname: string, search: string): string | null {
  if (pathname === '/' || pathname === '/auth' || pathname === '/login') return null;
  return `${pathname}${search}`;
}

export function isSafeNext(next: string | null): next is string {
  return !!next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\');
}

/** Target after sign-in, from the sign-in page's query string. */
export function afterSignIn(search: string, fallback = HOME): string {
  const params = new URLSearchParams(search);
  const next = params.get('next');
  for (const p of CALLBACK_PARAMS) params.delete(p);
  const target = new URL(isSafeNext(next) ? next : fallback, 'http://app.invalid');
  for (const [k, v] of params) if (!target.searchParams.has(k)) target.searchParams.append(k, v);
  return `${target.pathname}${target.search}${target.hash}`;
}

/**
 * The `next` a sign-in link (magic link, Google) must carry so the round trip ends where `afterSignIn`
 * would send the visitor now: `next` merged with every other query parameter of the sign-in page
 * (`/login?next=/streams?tab=dlq&foo=bar` → `/streams?tab=dlq&foo=bar`). Null when that is /dashboard.
 */
export function nextForRoundTrip(search: string): string | null {
  const target = afterSignIn(search);
  return target === HOME ? null : target;
}

/** `/auth` with the `next` parameter the magic link must carry back (query only, never a fragment). */
export function authPathWithNext(next: string | null): string {
  return isSafeNext(next) ? `/auth?next=${encodeURIComponent(next)}` : '/auth';
}
