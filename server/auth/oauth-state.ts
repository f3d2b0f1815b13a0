/**
 * The OAuth `state` of Google sign-in (docs/auth.md, "Google"): 32 random bytes sent to the provider,
 * stored only as a hash in auth.oauth_states with what the callback needs. Taking it deletes it,
 * so it works once, and it is refused OAUTH_STATE_TTL_S after /authorize.
 */
import type { Queryable } from '../db';
import type { ChallengeMethod } from './pkce';
import { randomToken, sha256Hex } from './crypto';
import { OAUTH_STATE_TTL_S } from './constants';

export interface PendingAuthorization {
  provider: string;
  /** SHA-256 (hex) of the nonce sent to the provider. */
  nonceHash: string;
  /** This server's PKCE verifier towards the provider. */
  providerCodeVerifier: string;
  callbackUrl: string;
  codeChallenge: string;
  codeChallengeMethod: ChallengeMethod;
  /** Already validated against the site's origins and the allow list. */
  redirectTo: string;
}

/** Stores a pending authorization and returns its state (also sweeps states nobody came back for). */
export async function createState(q: Queryable, p: PendingAuthorization): Promise<string> {
  const state = randomToken(32);
  await q.query('delete from auth.oauth_states where created_at < now() - make_interval(secs => $1)', [OAUTH_STATE_TTL_S]);
  await q.query(
    `insert into auth.oauth_states (state_hash, provider, nonce_hash, provider_code_verifier, callback_url, code_challenge, code_challenge_method, redirect_to)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [sha256Hex(state), p.provider, p.nonceHash, p.providerCodeVerifier, p.callbackUrl, p.codeChallenge, p.codeChallengeMethod, p.redirectTo],
  );
  return state;
}

export type TakenState = { found: false } | { found: true; expired: boolean; pending: PendingAuthorization };

/** Consumes a state: a second take of the same state finds nothing. */
export async function takeState(q: Queryable, state: string): Promise<TakenState> {
  const { rows } = await q.query<{
    provider: string;
    nonce_hash: string;
    provider_code_verifier: string;
    callback_url: string;
    code_challenge: string;
    code_challenge_method: ChallengeMethod;
    redirect_to: string;
    expired: boolean;
  }>(
    `delete from auth.oauth_states where state_hash = $1
     returning provider, nonce_hash, provider_code_verifier, callback_url, code_challenge, code_challenge_method, redirect_to,
               created_at < now() - make_interval(secs => $2) as expired`,
    [sha256Hex(state), OAUTH_STATE_TTL_S],
  );
  const r = rows[0];
  if (!r) return { found: false };
  return {
    found: true,
    expired: r.expired,
    pending: {
      provider: r.provider,
      nonceHash: r.nonce_hash,
      providerCodeVerifier: r.provider_code_verifier,
      callbackUrl: r.callback_url,
      codeChallenge: r.code_challenge,
      codeChallengeMethod: r.code_challenge_method,
      redirectTo: r.redirect_to,
    },
  };
}
