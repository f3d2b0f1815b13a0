-- Marketplaces, listings and MAP monitoring (docs/marketplaces.md): linked marketplace accounts with
-- encrypted credentials, listings per channel with their history, the sandbox marketplace's own state
-- (its items, competitor offers, orders), settlements, MAP violations with evidence, the tenant's MAP
-- grace setting, bulk listing jobs, and product images. Every table carries tenant_id under the
-- tenant_isolation policy; every sort and filter the API offers has an index led by tenant_id.
-- Listing money is integer cents.

create table marketplace_accounts (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  kind text not null check (kind in ('amazon', 'ebay', 'walmart', 'shopify')),
  name text not null,
  mode text not null default 'sandbox' check (mode in ('sandbox', 'live')),
  status text not null default 'pending' check (status in ('pending', 'connected', 'error', 'paused')),
  last_sync_at timestamptz,
  error_message text,
  -- AES-GCM envelope (server/marketplaces/secrets.ts); never answered
  credentials_enc text,
  sandbox_order_rate numeric(5,4) not null default 0.02 check (sandbox_order_rate between 0 and 1),
  sandbox_tick integer not null default 0,
  -- test and demo switch: the sandbox answers every call with an outage (docs/marketplaces.md)
  sandbox_outage boolean not null default false,
  orders_cursor text,
  settlements_cursor text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index marketplace_accounts_tenant_created on marketplace_accounts(tenant_id, created_at, id);
create index marketplace_accounts_tenant_name on marketplace_accounts(tenant_id, name, id);
create index marketplace_accounts_tenant_kind on marketplace_accounts(tenant_id, kind, id);
create index marketplace_accounts_tenant_status on marketplace_accounts(tenant_id, status, id);
alter table marketplace_accounts enable row level security;
alter table marketplace_accounts force row level security;
create policy tenant_isolation on marketplace_accounts
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table product_images (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  product_id uuid not null references products(id) on delete cascade,
  variant_id uuid references product_variants(id) on delete cascade,
  url text not null,
  alt text,
  position integer not null default 1,
  created_at timestamptz not null default now()
);
create index product_images_product on product_images(tenant_id, product_id, position);
create index product_images_variant on product_images(variant_id);
alter table product_images enable row level security;
alter table product_images force row level security;
create policy tenant_isolation on product_images
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table listings (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  marketplace_id uuid not null references marketplace_accounts(id) on delete cascade,
  product_id uuid not null references products(id) on delete cascade,
  variant_id uuid not null references product_variants(id) on delete cascade,
  sku text not null,
  title text not null,
  price_cents integer not null check (price_cents >= 0),
  quantity_rule jsonb not null default '{"mode":"stock_minus_buffer","buffer":0}',
  quantity integer not null default 0 check (quantity >= 0),
  status text not null default 'draft' check (status in ('draft', 'active', 'paused', 'ended', 'error')),
  sync_state text not null default 'synced' check (sync_state in ('pending', 'synced', 'failed')),
  feed_message text,
  external_id text,
  last_pushed_at timestamptz,
  buy_box_owner text,
  buy_box_price_cents integer,
  competitors_count integer not null default 0,
  lowest_competitor_cents integer,
  -- the competitor offers as last pulled through the connector (contract/listings.ts competitorOffer)
  offers jsonb not null default '[]',
  open_violations integer not null default 0,
  search tsvector generated always as (
    to_tsvector('simple', regexp_replace(lower(title || ' ' || sku), '[^[:alnum:]]+', ' ', 'g'))
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index listings_account_variant on listings(marketplace_id, variant_id);
create index listings_tenant_created on listings(tenant_id, created_at, id);
create index listings_tenant_updated on listings(tenant_id, updated_at, id);
create index listings_tenant_title on listings(tenant_id, title, id);
create index listings_tenant_sku on listings(tenant_id, sku, id);
create index listings_tenant_price on listings(tenant_id, price_cents, id);
create index listings_tenant_quantity on listings(tenant_id, quantity, id);
create index listings_tenant_status on listings(tenant_id, status, created_at, id);
create index listings_tenant_marketplace on listings(tenant_id, marketplace_id, created_at, id);
create index listings_tenant_violations on listings(tenant_id, created_at, id) where open_violations > 0;
create index listings_variant on listings(tenant_id, variant_id);
create index listings_product on listings(tenant_id, product_id);
create index listings_search on listings using gin(search);
alter table listings enable row level security;
alter table listings force row level security;
create policy tenant_isolation on listings
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table listing_events (
  id bigserial primary key,
  tenant_id uuid not null references tenants(id),
  listing_id uuid not null references listings(id) on delete cascade,
  at timestamptz not null default now(),
  kind text not null,
  message text not null,
  actor text,
  details jsonb
);
create index listing_events_listing on listing_events(listing_id, at, id);
alter table listing_events enable row level security;
alter table listing_events force row level security;
create policy tenant_isolation on listing_events
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

-- The sandbox marketplace's side: what it has accepted, the offers it shows, the orders it took.
create table sandbox_items (
  tenant_id uuid not null references tenants(id),
  marketplace_id uuid not null references marketplace_accounts(id) on delete cascade,
  external_id text not null,
  listing_id uuid not null,
  title text not null,
  price_cents integer not null,
  quantity integer not null,
  status text not null check (status in ('active', 'inactive', 'ended')),
  image_url text,
  created_tick integer not null,
  primary key (marketplace_id, external_id)
);
create index sandbox_items_listing on sandbox_items(tenant_id, listing_id);
alter table sandbox_items enable row level security;
alter table sandbox_items force row level security;
create policy tenant_isolation on sandbox_items
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table sandbox_offers (
  tenant_id uuid not null references tenants(id),
  marketplace_id uuid not null references marketplace_accounts(id) on delete cascade,
  external_id text not null,
  seller text not null,
  base_price_cents integer not null,
  price_cents integer not null,
  shipping_cents integer not null,
  rating integer not null,
  primary key (marketplace_id, external_id, seller)
);
alter table sandbox_offers enable row level security;
alter table sandbox_offers force row level security;
create policy tenant_isolation on sandbox_offers
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table sandbox_orders (
  tenant_id uuid not null references tenants(id),
  marketplace_id uuid not null references marketplace_accounts(id) on delete cascade,
  external_id text not null,
  seq bigserial,
  tick integer not null,
  item_external_id text not null,
  quantity integer not null,
  unit_price_cents integer not null,
  buyer text not null,
  tracking_number text,
  carrier text,
  settled_tick integer,
  created_at timestamptz not null default now(),
  primary key (marketplace_id, external_id)
);
create index sandbox_orders_seq on sandbox_orders(marketplace_id, seq);
alter table sandbox_orders enable row level security;
alter table sandbox_orders force row level security;
create policy tenant_isolation on sandbox_orders
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table marketplace_settlements (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  marketplace_id uuid not null references marketplace_accounts(id) on delete cascade,
  external_id text not null,
  period_start timestamptz not null,
  period_end timestamptz not null,
  orders_count integer not null,
  gross_cents bigint not null,
  fees_cents bigint not null,
  net_cents bigint not null,
  created_at timestamptz not null default now()
);
create unique index marketplace_settlements_external on marketplace_settlements(marketplace_id, external_id);
create index marketplace_settlements_tenant on marketplace_settlements(tenant_id, marketplace_id, period_end, id);
alter table marketplace_settlements enable row level security;
alter table marketplace_settlements force row level security;
create policy tenant_isolation on marketplace_settlements
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table map_violations (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  listing_id uuid not null references listings(id) on delete cascade,
  marketplace_id uuid not null references marketplace_accounts(id) on delete cascade,
  variant_id uuid not null references product_variants(id) on delete cascade,
  source text not null check (source in ('own_listing', 'competitor')),
  seller text not null,
  observed_price_cents integer not null,
  map_price_cents integer not null,
  state text not null default 'open' check (state in ('open', 'notified', 'resolved')),
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  notified_at timestamptz,
  resolved_at timestamptz,
  evidence jsonb not null
);
-- one unresolved violation per listing and seller; a resolved one stays as history
create unique index map_violations_current on map_violations(listing_id, source, seller) where state <> 'resolved';
create index map_violations_tenant_last on map_violations(tenant_id, last_seen_at, id);
create index map_violations_tenant_first on map_violations(tenant_id, first_seen_at, id);
create index map_violations_tenant_state on map_violations(tenant_id, state, last_seen_at, id);
create index map_violations_listing on map_violations(tenant_id, listing_id);
alter table map_violations enable row level security;
alter table map_violations force row level security;
create policy tenant_isolation on map_violations
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table map_settings (
  tenant_id uuid primary key references tenants(id),
  grace_pct numeric(5,2) not null default 0 check (grace_pct between 0 and 50),
  grace_cents integer not null default 0 check (grace_cents >= 0),
  updated_at timestamptz not null default now()
);
alter table map_settings enable row level security;
alter table map_settings force row level security;
create policy tenant_isolation on map_settings
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table listing_jobs (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  total integer not null default 0,
  done integer not null default 0,
  result jsonb,
  error jsonb,
  created_by uuid,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index listing_jobs_tenant on listing_jobs(tenant_id, created_at, id);
alter table listing_jobs enable row level security;
alter table listing_jobs force row level security;
create policy tenant_isolation on listing_jobs
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
