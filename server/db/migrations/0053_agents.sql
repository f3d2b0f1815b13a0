-- The background agents (docs/agents.md): each tenant's agent settings and pause switch, every run
-- of an agent with its inputs, outputs, duration and error, the demand forecasts per variant, the
-- competitor monitor's last look at each listing's offers, and the supplier's pack size and minimum
-- order on a supplier mapping (reorder quantities are rounded to them).

-- One row per tenant and agent once a person saved its settings or paused it; none reads the defaults.
create table agent_settings (
  tenant_id uuid not null references tenants(id),
  agent text not null check (agent in ('demand', 'competitor', 'pricing')),
  paused boolean not null default false,
  settings jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  updated_by text,
  primary key (tenant_id, agent)
);
alter table agent_settings enable row level security;
alter table agent_settings force row level security;
create policy tenant_isolation on agent_settings
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- A run of an agent: queued by a person (run now), the schedule or an event, picked up by the
-- agent's consumer. At most one run per tenant and agent waits or runs at a time (the partial
-- unique index): a second "run now" while one is pending changes nothing.
create table agent_runs (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  agent text not null check (agent in ('demand', 'competitor', 'pricing')),
  trigger text not null check (trigger in ('manual', 'schedule', 'event')),
  status text not null default 'queued' check (status in ('queued', 'running', 'succeeded', 'failed')),
  requested_by text,
  inputs jsonb not null default '{}'::jsonb,
  outputs jsonb,
  error text,
  queued_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  duration_ms integer
);
create index agent_runs_tenant_agent on agent_runs(tenant_id, agent, queued_at desc, id);
create unique index agent_runs_one_pending on agent_runs(tenant_id, agent) where status in ('queued', 'running');
alter table agent_runs enable row level security;
alter table agent_runs force row level security;
create policy tenant_isolation on agent_runs
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- The demand forecast of each variant as the last run computed it; every figure explains itself
-- (`explanation`: velocity, trend, weekday index, lead time, open purchase orders, pack size…).
create table demand_forecasts (
  tenant_id uuid not null references tenants(id),
  variant_id uuid not null references product_variants(id) on delete cascade,
  product_id uuid not null,
  sku text not null,
  title text not null,
  mode text not null check (mode in ('stocked', 'dropship')),
  daily_demand numeric(12,4) not null,
  trend_per_week numeric(12,4) not null default 0,
  forecast_28d integer not null,
  on_hand integer not null,
  days_of_cover numeric(10,1),
  reorder_point integer,
  reorder_quantity integer,
  slow_mover boolean not null default false,
  -- a dropshipped best seller about to run out at its first supplier (its alert went out when it turned true)
  stockout_risk boolean not null default false,
  warning text,
  explanation jsonb not null,
  summary text not null,
  run_id uuid,
  computed_at timestamptz not null default now(),
  primary key (tenant_id, variant_id)
);
create index demand_forecasts_tenant_sku on demand_forecasts(tenant_id, sku);
create index demand_forecasts_tenant_demand on demand_forecasts(tenant_id, daily_demand, sku);
create index demand_forecasts_tenant_cover on demand_forecasts(tenant_id, days_of_cover, sku);
alter table demand_forecasts enable row level security;
alter table demand_forecasts force row level security;
create policy tenant_isolation on demand_forecasts
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- The competitor monitor's memory: each listing's offers and buy-box owner when it last looked.
create table competitor_watch (
  tenant_id uuid not null references tenants(id),
  listing_id uuid primary key references listings(id) on delete cascade,
  offers jsonb not null default '[]'::jsonb,
  buy_box_owner text,
  checked_at timestamptz not null default now()
);
create index competitor_watch_tenant on competitor_watch(tenant_id);
alter table competitor_watch enable row level security;
alter table competitor_watch force row level security;
create policy tenant_isolation on competitor_watch
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- What a supplier sells in: whole packs of `pack_size`, at least `min_order_qty` units per order.
alter table product_suppliers
  add column pack_size integer not null default 1 check (pack_size between 1 and 100000),
  add column min_order_qty integer not null default 1 check (min_order_qty between 1 and 1000000);
