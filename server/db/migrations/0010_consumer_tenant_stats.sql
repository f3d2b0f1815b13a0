-- Consumer counters per tenant (docs/events.md "Consumer figures"): delivered, acked and
-- dead-lettered counted for each tenant, so GET /api/streams/consumers and the ops summary show a
-- tenant its own activity only. event_consumers keeps the platform-wide totals, which no tenant
-- route reads.
create table consumer_tenant_stats (
  consumer text not null references event_consumers(name) on delete cascade,
  tenant_id uuid not null references tenants(id),
  delivered bigint not null default 0,
  acked bigint not null default 0,
  dead_lettered bigint not null default 0,
  updated_at timestamptz not null default now(),
  primary key (consumer, tenant_id)
);
create index consumer_tenant_stats_tenant on consumer_tenant_stats(tenant_id, consumer);
alter table consumer_tenant_stats enable row level security;
alter table consumer_tenant_stats force row level security;
create policy tenant_isolation on consumer_tenant_stats
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
create policy event_runtime on consumer_tenant_stats using (current_setting('app.runtime', true) = 'events');
