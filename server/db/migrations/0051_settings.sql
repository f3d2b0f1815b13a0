-- The tenant's store profile and notification preferences (docs/settings.md "Store profile",
-- "Domain sections"). One row per tenant each, written by PUT /api/settings/store and
-- PUT /api/settings/notifications; a tenant never saved has no row and reads the defaults.
create table store_profiles (
  tenant_id uuid primary key references tenants(id),
  name text not null,
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  timezone text not null default 'UTC',
  -- the ship-from / return-to address printed on labels (contract/addresses.ts shape); null: none yet
  address jsonb,
  updated_at timestamptz not null default now(),
  updated_by text
);
alter table store_profiles enable row level security;
alter table store_profiles force row level security;
create policy tenant_isolation on store_profiles
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- Which alert severities mail whom (docs/settings.md "Notification preferences"): the recipients per
-- severity, as lower-cased emails of the tenant's members.
create table notification_preferences (
  tenant_id uuid primary key references tenants(id),
  recipients jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  updated_by text
);
alter table notification_preferences enable row level security;
alter table notification_preferences force row level security;
create policy tenant_isolation on notification_preferences
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- The alert mails sent (docs/settings.md "Notification preferences"): one row per alert event and
-- recipient, written with the mail, so a redelivered event mails nobody twice.
create table alert_mails (
  tenant_id uuid not null references tenants(id),
  event_seq bigint not null,
  to_email text not null,
  alert_id text not null,
  sent_at timestamptz not null default now(),
  primary key (tenant_id, event_seq, to_email)
);
alter table alert_mails enable row level security;
alter table alert_mails force row level security;
create policy tenant_isolation on alert_mails
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));
