-- Google sign-in on the embedded auth server (docs/auth.md, "Google").

-- A user's identities at external providers (GoTrue's auth.identities). The "email" identity stays
-- implicit in auth.users (identity_id); a Google account is one row here, found again by its `sub`.
create table auth.identities (
  id uuid primary key default gen_random_uuid(),   -- identity_id of the User object
  user_id uuid not null references auth.users(id) on delete cascade,
  provider text not null,
  provider_id text not null,                       -- the provider's subject (`sub` of its ID token)
  identity_data jsonb not null default '{}'::jsonb,
  email text,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider, provider_id)
);
create index identities_user on auth.identities(user_id);

-- One row per /authorize until its callback: the OAuth `state` (stored hashed) is single use and
-- short-lived, and carries what the callback needs (nonce, this server's PKCE verifier towards the
-- provider, the client's challenge and the validated redirect_to). In the database, not in process
-- memory, so the callback may reach another replica.
create table auth.oauth_states (
  state_hash text primary key,
  provider text not null,
  nonce_hash text not null,
  provider_code_verifier text not null,
  callback_url text not null,
  code_challenge text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  redirect_to text not null,
  created_at timestamptz not null default now()
);
create index oauth_states_created on auth.oauth_states(created_at);
