/**
 * auth.users access and the User object of the wire protocol — docs/product/auth-protocol.md §2
 * (GT `internal/models/user.go`, `identity.go`): optional fields are omitted when null.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db';

export interface UserRow {
  id: string;
  email: string;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  last_sign_in_at: Date | null;
  identity_id: string;
  user_metadata: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, email, email_confirmed_at, confirmation_sent_at, last_sign_in_at, identity_id,
  user_metadata, app_metadata, created_at, updated_at`;

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`select ${COLUMNS} from auth.users where email = $1`, [email]);
  return rows[0];
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`select ${COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0];
}

/** Open sign-up only (AUTH_ALLOW_SIGNUP): the user starts unconfirmed; the first link click confirms. */
export async function createUser(q: Queryable, email: string, data: Record<string, unknown>): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(
    `insert into auth.users (id, email, user_metadata) values ($1, $2, $3) returning ${COLUMNS}`,
    [randomUUID(), email, JSON.stringify(data)],
  );
  return rows[0];
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function userJson(u: UserRow): Record<string, unknown> {
  const confirmed = iso(u.email_confirmed_at);
  const lastSignIn = iso(u.last_sign_in_at);
  const out: Record<string, unknown> = {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: confirmed,
    phone: '',
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: confirmed,
    last_sign_in_at: lastSignIn,
    app_metadata: u.app_metadata,
    user_metadata: u.user_metadata,
    identities: [
      {
        identity_id: u.identity_id,
        id: u.id,
        user_id: u.id,
        identity_data: { sub: u.id, email: u.email, email_verified: confirmed !== null, phone_verified: false },
        provider: 'email',
        last_sign_in_at: lastSignIn,
        created_at: iso(u.created_at),
        updated_at: iso(u.updated_at),
        email: u.email,
      },
    ],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: false,
  };
  for (const k of ['email_confirmed_at', 'confirmation_sent_at', 'confirmed_at', 'last_sign_in_at']) {
    if (out[k] === null) delete out[k];
  }
  return out;
}
