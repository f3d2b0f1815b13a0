/**
 * Auth problems carried by the URL on load — docs/product/shell.md, docs/product/errors.md "auth error in the URL", docs/product/auth-protocol.md §2:
 * `error` / `error_description` (query first, then fragment) become one error message and are removed;
 * a PKCE `code` that this browser has no verifier for (link opened in another browser) is removed too
 * and explained, since supabase-js silently ignores it.
 */
import { MESSAGES } from '../../contract/constants';

export const FOREIGN_LINK_MESSAGE =
  'This sign-in link was opened in a different browser. Open the link in the browser where you asked for it.';

const ERROR_KEYS = ['error', 'error_code', 'error_description', 'sb'];

export interface AuthUrlProblem {
  /** URL (path + query + fragment) without the consumed parameters. */
  cleanUrl: string;
  /** Message to show, or null when the URL carried nothing. */
  message: string | null;
}

/** The storage key supabase-js derives from its URL: `sb-<first host label>-auth-token`. */
export function supabaseStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/**
 * Reads `href`; `hasVerifier(flowId)` says whether a PKCE verifier is stored (for the flow named
 * by `sb_flow_id`, or the newest one).
 */
export function takeAuthUrlProblem(href: string, hasVerifier: (flowId: string | null) => boolean): AuthUrlProblem {
  const url = new URL(href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const fromQuery = url.searchParams.has('error') || url.searchParams.has('error_description');
  const fromHash = hash.has('error') || hash.has('error_description');
  let message: string | null = null;

  if (fromQuery || fromHash) {
    const source = fromQuery ? url.searchParams : hash;
    message = source.get('error_description')?.trim() || MESSAGES.authUrlFallback;
    for (const k of ERROR_KEYS) url.searchParams.delete(k);
    if (fromHash) {
      for (const k of ERROR_KEYS) hash.delete(k);
      url.hash = hash.toString();
    }
    // a failed link also carries no usable code
    url.searchParams.delete('code');
  } else if (url.searchParams.has('code') && !hasVerifier(url.searchParams.get('sb_flow_id'))) {
    message = FOREIGN_LINK_MESSAGE;
    url.searchParams.delete('code');
    url.searchParams.delete('sb_flow_id');
  }
  return { cleanUrl: `${url.pathname}${url.search}${url.hash}`, message };
}

/** `hasVerifier` over supabase-js storage (docs/product/auth-protocol.md §0: fixed key, or the per-flow slot). */
export function verifierLookup(storage: Pick<Storage, 'getItem'>, storageKey: string) {
  return (flowId: string | null): boolean =>
    Boolean(
      (flowId && storage.getItem(`${storageKey}-flow-${flowId}-code-verifier`)) || storage.getItem(`${storageKey}-code-verifier`),
    );
}
