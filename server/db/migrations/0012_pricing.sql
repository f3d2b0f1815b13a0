-- Repricing (docs/repricing.md): pricing rules with a scope (tenant default, marketplace, product set,
-- listings; the most specific wins), every decision the engine made (applied or not, with the
-- competitor prices and buy-box owner it saw), proposals a person approves (expired when their inputs
-- changed), the repricer's per-listing state, and Pricing Intelligence snapshots. Money is integer
-- cents, percentages integer basis points. Every table carries tenant_id under tenant_isolation.

create table pricing_rules (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  enabled boolean not null default true,
  mode text not null default 'proposals' check (mode in ('proposals', 'auto')),
  scope_type text not null check (scope_type in ('tenant', 'marketplace', 'products', 'listings')),
  -- the scope's values: marketplace_id, tag / supplier_id / skus, or listing_ids (contract/pricing.ts ruleScope)
  scope jsonb not null,
  strategy text not null check (strategy in ('beat_lowest', 'match_lowest', 'buy_box', 'stay_above', 'hold')),
  step_unit text not null check (step_unit in ('cents', 'bp')),
  step_value integer not null check (step_value >= 0),
  min_margin_bp integer not null check (min_margin_bp between 0 and 10000),
  shipping_cents integer not null default 0 check (shipping_cents >= 0),
  ceiling_cents integer check (ceiling_cents >= 0),
  no_competition text not null check (no_competition in ('ceiling', 'hold')),
  below_floor text not null check (below_floor in ('floor', 'hold')),
  own_buy_box text not null check (own_buy_box in ('raise', 'hold', 'strategy')),
  raise_step_cents integer not null check (raise_step_cents >= 0),
  max_change_bp integer check (max_change_bp between 0 and 10000),
  min_interval_seconds integer check (min_interval_seconds >= 0),
  filters jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index pricing_rules_tenant on pricing_rules(tenant_id, created_at, id);
alter table pricing_rules enable row level security;
alter table pricing_rules force row level security;
create policy tenant_isolation on pricing_rules
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table price_decisions (
  id bigserial primary key,
  tenant_id uuid not null references tenants(id),
  listing_id uuid not null references listings(id) on delete cascade,
  rule_id uuid references pricing_rules(id) on delete set null,
  old_price_cents integer not null,
  new_price_cents integer,
  strategy text not null,
  scenario text not null,
  floor_cents integer not null,
  ceiling_cents integer,
  competitor_prices jsonb not null default '[]',
  buy_box_owner text,
  flags jsonb not null default '{}',
  reason text not null,
  applied boolean not null default false,
  trigger text not null,
  inputs_hash text not null,
  created_at timestamptz not null default now()
);
create index price_decisions_listing on price_decisions(tenant_id, listing_id, created_at desc, id desc);
create index price_decisions_applied on price_decisions(tenant_id, created_at) where applied;
alter table price_decisions enable row level security;
alter table price_decisions force row level security;
create policy tenant_isolation on price_decisions
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table price_proposals (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  listing_id uuid not null references listings(id) on delete cascade,
  decision_id bigint not null references price_decisions(id) on delete cascade,
  rule_id uuid references pricing_rules(id) on delete set null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'applied', 'expired')),
  old_price_cents integer not null,
  new_price_cents integer not null,
  margin_before_cents integer,
  margin_after_cents integer,
  floor_cents integer not null,
  ceiling_cents integer,
  reason text not null,
  -- the engine's inputs when proposed: a different hash now means the proposal is stale (expired)
  inputs_hash text not null,
  decided_at timestamptz,
  decided_by text,
  created_at timestamptz not null default now()
);
create index price_proposals_tenant on price_proposals(tenant_id, status, created_at, id);
create index price_proposals_listing on price_proposals(tenant_id, listing_id, status);
alter table price_proposals enable row level security;
alter table price_proposals force row level security;
create policy tenant_isolation on price_proposals
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

-- the repricer's memory per listing: the inputs of its last evaluation (skip when unchanged) and the
-- time of the last applied change (the minimum interval)
create table pricing_listing_state (
  listing_id uuid primary key references listings(id) on delete cascade,
  tenant_id uuid not null references tenants(id),
  inputs_hash text not null,
  last_scenario text,
  last_change_at timestamptz,
  evaluated_at timestamptz not null default now()
);
create index pricing_listing_state_tenant on pricing_listing_state(tenant_id);
alter table pricing_listing_state enable row level security;
alter table pricing_listing_state force row level security;
create policy tenant_isolation on pricing_listing_state
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

-- Pricing Intelligence snapshots per marketplace account (the agent compares buy-box share over time)
create table pricing_agent_snapshots (
  id bigserial primary key,
  tenant_id uuid not null references tenants(id),
  marketplace_id uuid not null references marketplace_accounts(id) on delete cascade,
  listings integer not null,
  buy_box_share_bp integer not null,
  average_margin_cents integer,
  created_at timestamptz not null default now()
);
create index pricing_agent_snapshots_account on pricing_agent_snapshots(tenant_id, marketplace_id, created_at desc);
alter table pricing_agent_snapshots enable row level security;
alter table pricing_agent_snapshots force row level security;
create policy tenant_isolation on pricing_agent_snapshots
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
