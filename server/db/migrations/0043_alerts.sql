-- Alerts (docs/alerts.md): the work queue, folded from the alert events (`alerts.*`) and the
-- dead-letter queue's arrivals in the transaction that writes them (server/alerts/fold.ts). A repeat
-- of an open alert — same source and key — raises its count and last-seen time instead of a new row:
-- at most one open alert per (tenant, source, key). Acknowledging, assigning, noting and resolving
-- are a person's; resolving is also automation's when the cause goes away.
create table alerts (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  type text not null,
  severity text not null check (severity in ('critical', 'high', 'medium', 'low', 'info', 'error', 'warning')),
  level text not null check (level in ('info', 'warning', 'error')),
  source text not null,
  key text not null,
  message text not null,
  note text,
  link text,
  count integer not null default 1 check (count > 0),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  -- the tenant's number of the last event folded in
  last_event_seq bigint,
  acknowledged_at timestamptz,
  acknowledged_by text,
  resolved_at timestamptz,
  resolved_by text,
  assignee text,
  updated_at timestamptz not null default now()
);
create unique index alerts_open_key on alerts (tenant_id, source, key) where resolved_at is null;
create index alerts_tenant_seen on alerts (tenant_id, last_seen_at desc, id desc);
create index alerts_tenant_open on alerts (tenant_id, severity, last_seen_at desc) where resolved_at is null;
alter table alerts enable row level security;
alter table alerts force row level security;
create policy tenant_isolation on alerts
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));
