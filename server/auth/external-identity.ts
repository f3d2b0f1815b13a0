/**
 * Which user a verified Google account signs in as (docs/auth.md, "Google"), in GoTrue's order
 * (GT `internal/models/linking.go` DetermineAccountLinking, `api/external.go` createAccountFromExternalIdentity):
 * 1. the user this account (provider + `sub`) signed in as before;
 * 2. else the user with the account's verified email, the same user a magic link of that address
 *    signs in: the identity is linked to it and the provider joins its app_metadata;
 * 3. else a new user, when sign-up is open (AUTH_ALLOW_SIGNUP); closed, `signup_disabled`.
 * Each time, the identity's data is refreshed and merged into user_metadata, and the address counts
 * as confirmed (the provider verified it).
 */
import { randomUUID } from 'node:crypto';
import type { Tx } from '../db';
import { AuthError } from './errors';
import { identityData, withProvider, type VerifiedAccount } from './oidc-rules';
import { findUserByEmail, findUserById, type UserRow } from './users';

export const SIGNUP_DISABLED = new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');

async function saveUser(tx: Tx, id: string, data: Record<string, unknown>, appMetadata: Record<string, unknown>): Promise<void> {
  await tx.query(
    `update auth.users set user_metadata = user_metadata || $2::jsonb, app_metadata = $3::jsonb,
       email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where id = $1`,
    [id, JSON.stringify(data), JSON.stringify(appMetadata)],
  );
}

export async function userForAccount(tx: Tx, provider: string, account: VerifiedAccount, allowSignup: boolean): Promise<UserRow> {
  const data = identityData(account);
  const known = await tx.query<{ id: string; user_id: string }>(
    'select id, user_id from auth.identities where provider = $1 and provider_id = $2 for update',
    [provider, account.sub],
  );
  let userId: string;
  if (known.rows[0]) {
    userId = known.rows[0].user_id;
    await tx.query(
      'update auth.identities set identity_data = $2, email = $3, last_sign_in_at = now(), updated_at = now() where id = $1',
      [known.rows[0].id, JSON.stringify(data), account.email],
    );
  } else {
    const byEmail = await findUserByEmail(tx, account.email);
    if (byEmail) {
      userId = byEmail.id;
    } else {
      if (!allowSignup) throw SIGNUP_DISABLED;
      userId = randomUUID();
      await tx.query(`insert into auth.users (id, email, app_metadata) values ($1, $2, $3)`, [
        userId,
        account.email,
        JSON.stringify({ provider, providers: [provider] }),
      ]);
    }
    await tx.query(
      `insert into auth.identities (user_id, provider, provider_id, identity_data, email, last_sign_in_at)
       values ($1, $2, $3, $4, $5, now())`,
      [userId, provider, account.sub, JSON.stringify(data), account.email],
    );
  }
  const user = await findUserById(tx, userId);
  if (!user) throw new AuthError(500, 'unexpected_failure', 'Error finding user');
  await saveUser(tx, userId, data, withProvider(user.app_metadata, provider));
  const saved = await findUserById(tx, userId);
  if (!saved) throw new AuthError(500, 'unexpected_failure', 'Error finding user');
  return saved;
}
