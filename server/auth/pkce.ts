/**
 * PKCE parameters — docs/product/auth-protocol.md §1/§2 (GT `internal/models/flow_state.go`, `internal/security/pkce.go`).
 * The embedded server is PKCE-only: a request without a challenge is refused.
 */
import { AuthError } from './errors';
import { safeEqual, sha256Base64Url } from './crypto';

export type ChallengeMethod = 's256' | 'plain';

const PKCE_REQUIRED = 'PKCE flow requires code_challenge_method and code_challenge';
const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

export function parsePkceParams(challenge: unknown, method: unknown): { challenge: string; method: ChallengeMethod } {
  const c = typeof challenge === 'string' ? challenge : '';
  const m = typeof method === 'string' ? method.toLowerCase() : '';
  if (!c || !m) throw new AuthError(400, 'validation_failed', PKCE_REQUIRED);
  if (!CHALLENGE.test(c)) {
    throw new AuthError(400, 'validation_failed', 'code challenge has to be between 43 and 128 characters of [A-Za-z0-9._~-]');
  }
  if (m !== 's256' && m !== 'plain') throw new AuthError(400, 'validation_failed', `unsupported code_challenge method "${m}"`);
  return { challenge: c, method: m };
}

/** S256: base64url(SHA-256(ASCII verifier)) without padding; plain: the verifier itself. */
export function verifierMatches(verifier: string, challenge: string, method: ChallengeMethod): boolean {
  const computed = method === 's256' ? sha256Base64Url(verifier) : verifier;
  return safeEqual(computed, challenge);
}
