-- Automation platform (docs/events.md, docs/events.md): event log ordering and statistics, durable consumers,
-- dead-letter queue, outbound webhooks, worker heartbeats. docs/events.md explains each choice.

-- 1. Commit order = sequence order. A bigserial is handed out at insert time, so two concurrent
-- transactions can commit seq 11 before seq 10; a reader that has passed 11 would then skip 10 for
-- ever. Event-producing transactions therefore take one transaction-scoped advisory lock before
-- drawing their sequence: sequences become visible strictly in order, so "seq > cursor" never
-- misses a row (consumers, SSE resume, the JetStream relay all rely on it).
alter table events alter column seq drop default;
create function events_assign_seq() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(727275);
  new.seq := nextval('events_seq_seq');
  return new;
end $$;

-- per tenant and stream / subject counters, rolled up from the log by the event runtime in batches
-- (server/events/stats-rollup.ts; position in event_relay 'stats'), so GET /api/streams needs no scan
-- and the write path pays nothing for them
create table event_stream_stats (
  tenant_id uuid not null references tenants(id),
  stream text not null,
  messages bigint not null,
  bytes bigint not null,
  first_seq bigint not null,
  last_seq bigint not null,
  last_at timestamptz not null,
  primary key (tenant_id, stream)
);
create table event_subject_stats (
  tenant_id uuid not null references tenants(id),
  subject text not null,
  stream text not null,
  messages bigint not null,
  first_seq bigint not null,
  last_seq bigint not null,
  last_at timestamptz not null,
  primary key (tenant_id, subject)
);
create trigger events_assign_seq before insert on events for each row execute function events_assign_seq();
create index events_stream_seq on events(stream, seq);
create index events_tenant_stream_seq on events(tenant_id, stream, seq);
create index events_tenant_created on events(tenant_id, created_at);

-- 2. The event runtime (relay, consumers, SSE hub) reads every tenant's events: it opts in with the
-- transaction setting app.runtime = 'events'. Request transactions never set it, so a request
-- still sees only its own tenant.
create policy event_runtime on events using (current_setting('app.runtime', true) = 'events');

-- 3. Durable consumers (embedded engine). cursor = last event seq examined; ack_floor = every
-- matching seq at or below it is acked or dead-lettered. Deliveries hold only unfinished messages.
create table event_consumers (
  name text primary key,
  filter_subjects text[] not null,
  max_deliver int not null default 5 check (max_deliver >= 1),
  backoff_ms int[] not null,
  ack_wait_ms int not null default 30000,
  cursor bigint not null default 0,
  ack_floor bigint not null default 0,
  delivered bigint not null default 0,
  acked bigint not null default 0,
  dead_lettered bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table consumer_deliveries (
  consumer text not null references event_consumers(name) on delete cascade,
  seq bigint not null,
  tenant_id uuid not null references tenants(id),
  subject text not null,
  status text not null check (status in ('pending', 'inflight')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  first_failure_at timestamptz,
  last_failure_at timestamptz,
  replay_of bigint,
  primary key (consumer, seq)
);
create index consumer_deliveries_due on consumer_deliveries(consumer, status, next_attempt_at, seq);
create index consumer_deliveries_tenant on consumer_deliveries(tenant_id, consumer);
alter table consumer_deliveries enable row level security;
alter table consumer_deliveries force row level security;
create policy tenant_isolation on consumer_deliveries
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
create policy event_runtime on consumer_deliveries using (current_setting('app.runtime', true) = 'events');

-- 4. Dead-letter queue: one entry per (consumer, event); a replay that fails again re-opens it.
create table dlq_entries (
  id bigserial primary key,
  tenant_id uuid not null references tenants(id),
  consumer text not null,
  event_seq bigint not null,
  stream text not null,
  subject text not null,
  payload jsonb not null,
  last_error text,
  attempts int not null,
  first_failure_at timestamptz not null,
  last_failure_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'replayed', 'discarded')),
  discard_reason text,
  discarded_by text,
  discarded_at timestamptz,
  replayed_at timestamptz,
  replay_count int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (consumer, event_seq)
);
create index dlq_entries_tenant_status on dlq_entries(tenant_id, status, last_failure_at desc, id desc);
create index dlq_entries_tenant_subject on dlq_entries(tenant_id, subject, id desc);
create index dlq_entries_tenant_consumer on dlq_entries(tenant_id, consumer, id desc);
alter table dlq_entries enable row level security;
alter table dlq_entries force row level security;
create policy tenant_isolation on dlq_entries
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
create policy event_runtime on dlq_entries using (current_setting('app.runtime', true) = 'events');

-- 5. Outbound webhooks (the first real consumer).
create table webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  url text not null,
  subjects text[] not null,
  secret text not null,
  active boolean not null default true,
  description text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index webhook_endpoints_tenant on webhook_endpoints(tenant_id, created_at, id);
alter table webhook_endpoints enable row level security;
alter table webhook_endpoints force row level security;
create policy tenant_isolation on webhook_endpoints
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table webhook_deliveries (
  id bigserial primary key,
  tenant_id uuid not null references tenants(id),
  endpoint_id uuid not null references webhook_endpoints(id) on delete cascade,
  event_seq bigint not null,
  subject text not null,
  status text not null check (status in ('succeeded', 'failed')),
  http_status int,
  attempts int not null default 0,
  last_error text,
  duration_ms int,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (endpoint_id, event_seq)
);
create index webhook_deliveries_endpoint on webhook_deliveries(tenant_id, endpoint_id, id desc);
alter table webhook_deliveries enable row level security;
alter table webhook_deliveries force row level security;
create policy tenant_isolation on webhook_deliveries
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

-- 6. Heartbeats of background workers (the event runtime's own, later the agents). Platform-wide:
-- no tenant data, so no tenant policy.
create table agent_heartbeats (
  name text primary key,
  kind text not null,
  status text not null check (status in ('healthy', 'degraded', 'offline')),
  last_heartbeat timestamptz not null,
  replica text not null,
  details jsonb not null default '{}'
);

alter table event_stream_stats enable row level security;
alter table event_stream_stats force row level security;
create policy tenant_isolation on event_stream_stats
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
create policy event_runtime on event_stream_stats using (current_setting('app.runtime', true) = 'events');
alter table event_subject_stats enable row level security;
alter table event_subject_stats force row level security;
create policy tenant_isolation on event_subject_stats
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
create policy event_runtime on event_subject_stats using (current_setting('app.runtime', true) = 'events');

-- 7. Positions of log readers that must see each event once across replicas: the stats roll-up
-- and the outbox → JetStream relay (NATS_URL).
create table event_relay (
  name text primary key,
  last_seq bigint not null default 0,
  updated_at timestamptz not null default now()
);

-- events already written before this migration count too
insert into event_stream_stats (tenant_id, stream, messages, bytes, first_seq, last_seq, last_at)
  select tenant_id, stream, count(*), sum(octet_length(payload::text)), min(seq), max(seq), max(created_at)
  from events group by tenant_id, stream;
insert into event_subject_stats (tenant_id, subject, stream, messages, first_seq, last_seq, last_at)
  select tenant_id, subject, min(stream), count(*), min(seq), max(seq), max(created_at)
  from events group by tenant_id, subject;
insert into event_relay (name, last_seq) select 'stats', coalesce(max(seq), 0) from events;
