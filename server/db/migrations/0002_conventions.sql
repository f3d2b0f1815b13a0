-- API conventions: audit log, idempotency keys, feature flags, event log (outbox). docs/api-conventions.md, docs/events.md.

create table audit_log (
  id bigserial primary key,
  tenant_id uuid not null references tenants(id),
  actor_id uuid,
  actor_email text,
  action text not null,
  resource text not null,
  resource_id text,
  before jsonb,
  after jsonb,
  correlation_id text,
  created_at timestamptz not null default now()
);
create index audit_log_tenant_time on audit_log(tenant_id, created_at desc, id desc);
create index audit_log_tenant_resource on audit_log(tenant_id, resource, created_at desc);
alter table audit_log enable row level security;
alter table audit_log force row level security;
create policy tenant_isolation on audit_log
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table idempotency_keys (
  tenant_id uuid not null references tenants(id),
  key text not null,
  request_hash text not null,
  state text not null check (state in ('in_progress', 'done')),
  response_status int,
  response_body jsonb,
  created_at timestamptz not null default now(),
  primary key (tenant_id, key)
);
create index idempotency_keys_created on idempotency_keys(created_at);
alter table idempotency_keys enable row level security;
alter table idempotency_keys force row level security;
create policy tenant_isolation on idempotency_keys
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table feature_flags (
  tenant_id uuid not null references tenants(id),
  name text not null,
  enabled boolean not null,
  updated_at timestamptz not null default now(),
  updated_by uuid,
  primary key (tenant_id, name)
);
alter table feature_flags enable row level security;
alter table feature_flags force row level security;
create policy tenant_isolation on feature_flags
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

-- transactional outbox: domain writes append here in their own transaction (docs/events.md)
create table events (
  seq bigserial primary key,
  tenant_id uuid not null references tenants(id),
  stream text not null,
  subject text not null,
  payload jsonb not null,
  correlation_id text,
  causation_id text,
  created_at timestamptz not null default now()
);
create index events_tenant_seq on events(tenant_id, seq);
create index events_tenant_subject on events(tenant_id, subject, seq);
alter table events enable row level security;
alter table events force row level security;
create policy tenant_isolation on events
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
