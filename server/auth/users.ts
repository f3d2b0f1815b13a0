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
  /** Identities at external providers (auth.identities, e.g. Google), oldest first; none for a new magic-link user. */
  external_identities?: ExternalIdentity[];
}

/** A row of auth.identities as the User object shows it (GT `internal/models/identity.go`). */
export interface ExternalIdentity {
  identity_id: string;
  id: string;
  provider: string;
  identity_data: Record<string, unknown>;
  email: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, email, email_confirmed_at, confirmation_sent_at, last_sign_in_at, identity_id,
  user_metadata, app_metadata, created_at, updated_at`;

const WITH_IDENTITIES = `${COLUMNS}, (
  select coalesce(jsonb_agg(jsonb_build_object(
    'identity_id', i.id, 'id', i.provider_id, 'provider', i.provider, 'identity_data', i.identity_data, 'email', i.email,
    'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at, 'updated_at', i.updated_at) order by i.created_at, i.id), '[]'::jsonb)
  from auth.identities i where i.user_id = u.id) as external_identities`;

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`select ${WITH_IDENTITIES} from auth.users u where email = $1`, [email]);
  return rows[0];
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`select ${WITH_IDENTITIES} from auth.users u where id = $1`, [id]);
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

/**
 * The implicit "email" identity of auth.users is listed while `email` is among the user's providers:
 * always for magic-link users (the column default), not for a user created by Google sign-in.
 */
function hasEmailIdentity(u: UserRow): boolean {
  const providers = u.app_metadata?.providers;
  return !Array.isArray(providers) || providers.includes('email');
}

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
      ...(hasEmailIdentity(u)
        ? [
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
          ]
        : []),
      ...(u.external_identities ?? []).map((i) => ({
        identity_id: i.identity_id,
        id: i.id,
        user_id: u.id,
        identity_data: i.identity_data,
        provider: i.provider,
        last_sign_in_at: iso(i.last_sign_in_at),
        created_at: iso(i.created_at),
        updated_at: iso(i.updated_at),
        email: i.email ?? undefined,
      })),
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
