-- Foundation: tenants, profiles (tenant tables under row-level security) and the embedded auth schema.
-- Tenant tables carry tenant_id and a policy on the per-transaction setting app.tenant_id (docs/api-conventions.md).

create table tenants (
  id uuid primary key,
  name text not null,
  created_at timestamptz not null default now()
);
alter table tenants enable row level security;
alter table tenants force row level security;
create policy tenant_isolation on tenants
  using (id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table profiles (
  id uuid primary key,              -- = auth.users.id
  tenant_id uuid not null references tenants(id),
  role text not null check (role in ('user', 'agent', 'admin')),
  email text not null,
  created_at timestamptz not null default now()
);
create index profiles_tenant on profiles(tenant_id);
alter table profiles enable row level security;
alter table profiles force row level security;
-- a user may read their own profile before the tenant is known (that is how the tenant is found)
create policy tenant_isolation on profiles
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
         or id = nullif(current_setting('app.user_id', true), '')::uuid);

-- a user may read the tenant of their own profile (authentication reads both in one query)
create policy own_tenant on tenants for select
  using (id in (select tenant_id from profiles where id = nullif(current_setting('app.user_id', true), '')::uuid));

-- Embedded auth (docs/auth.md, auth-protocol note): GoTrue-shaped tables in schema `auth`.
-- Everything lives here, not in process memory, so a second replica behaves identically.
create schema if not exists auth;

create table auth.users (
  id uuid primary key,
  email text not null unique,                   -- always lower-cased
  email_confirmed_at timestamptz,
  confirmation_sent_at timestamptz,
  last_sign_in_at timestamptz,
  identity_id uuid not null default gen_random_uuid(), -- the user's one "email" identity
  user_metadata jsonb not null default '{}'::jsonb,
  app_metadata jsonb not null default '{"provider":"email","providers":["email"]}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- PKCE flow state: the auth code is revealed by /verify (auth_code_issued_at) and deleted by the exchange
create table auth.flow_states (
  id uuid primary key,
  user_id uuid not null references auth.users(id) on delete cascade,
  auth_code uuid not null unique,
  code_challenge text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null default now()
);
create index flow_states_user on auth.flow_states(user_id, created_at);

-- one outstanding magic link per user: a newer send replaces the older one; only a hash is kept
create table auth.one_time_tokens (
  user_id uuid primary key references auth.users(id) on delete cascade,
  token_hash text not null unique,
  token_type text not null check (token_type in ('magiclink', 'signup')),
  flow_state_id uuid not null references auth.flow_states(id) on delete cascade,
  sent_at timestamptz not null default now()
);

create table auth.sessions (
  id uuid primary key,                          -- = the access token's session_id claim
  user_id uuid not null references auth.users(id) on delete cascade,
  aal text not null default 'aal1',
  amr jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  refreshed_at timestamptz
);
create index sessions_user on auth.sessions(user_id);

-- refresh-token family of a session: each rotation revokes the token and adds a child (parent_id)
create table auth.refresh_tokens (
  id bigserial primary key,
  token_hash text not null unique,
  session_id uuid not null references auth.sessions(id) on delete cascade,
  user_id uuid not null references auth.users(id) on delete cascade,
  parent_id bigint references auth.refresh_tokens(id) on delete cascade,
  revoked boolean not null default false,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_session on auth.refresh_tokens(session_id, id);

-- rate-limit ledger (per email, per client address), shared by every replica
create table auth.rate_events (
  id bigserial primary key,
  bucket text not null,
  at timestamptz not null default now()
);
create index rate_events_bucket on auth.rate_events(bucket, at);
create index rate_events_at on auth.rate_events(at);

-- dev mailbox: every mail when no SMTP_URL is set (the page is off in production)
create table auth.mailbox (
  id bigserial primary key,
  to_email text not null,
  subject text not null,
  body_text text not null,
  body_html text not null,
  link text,
  created_at timestamptz not null default now()
);
create index mailbox_to on auth.mailbox(to_email, id desc);
