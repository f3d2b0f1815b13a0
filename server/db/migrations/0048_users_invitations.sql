-- Users and invitations (docs/governance.md "Users and invitations"): a profile is a person of the
-- tenant; an invitation is a profile that has not signed in yet (status `invited`), a deactivated
-- person keeps their profile (status `deactivated`) and cannot sign in (auth.users.banned_until,
-- GoTrue's column). profiles keeps its row-level security (0001_foundation.sql).
alter table profiles add column status text not null default 'active'
  check (status in ('active', 'invited', 'deactivated'));
alter table profiles add column invited_by uuid;
alter table profiles add column invited_by_email text;
alter table profiles add column invited_at timestamptz;
alter table profiles add column invite_sent_at timestamptz;
alter table profiles add column updated_at timestamptz not null default now();

-- the Access Control table: a tenant's people by email (search, default sort) and the admins'
-- count the last-administrator rule reads under lock
create index profiles_tenant_email on profiles (tenant_id, email, id);
create index profiles_tenant_admins on profiles (tenant_id) where role = 'admin' and status = 'active';

alter table auth.users add column banned_until timestamptz;
