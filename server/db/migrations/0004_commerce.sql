-- Commerce core (docs/commerce.md, docs/product/business-rules.md): suppliers with monthly performance, products with variants and
-- supplier links, orders with items and status history. Every table carries tenant_id under the
-- tenant_isolation policy; every sort and filter the API offers has an index led by tenant_id.
-- Money is numeric(12,2); rates are fractions 0..1; weights are grams (docs/commerce.md).

create table suppliers (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  tier smallint not null default 3 check (tier between 1 and 3),
  contact_name text,
  email text,
  phone text,
  country text,
  lead_time_days numeric(6,1) not null default 7,
  on_time_rate numeric(5,4) not null default 0 check (on_time_rate between 0 and 1),
  defect_rate numeric(5,4) not null default 0 check (defect_rate between 0 and 1),
  cancellation_rate numeric(5,4) not null default 0 check (cancellation_rate between 0 and 1),
  score numeric(5,2),
  scored_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index suppliers_tenant_score on suppliers(tenant_id, score, id);
create index suppliers_tenant_name on suppliers(tenant_id, name, id);
create index suppliers_tenant_tier on suppliers(tenant_id, tier, name, id);
create index suppliers_tenant_country on suppliers(tenant_id, country);
create index suppliers_tenant_created on suppliers(tenant_id, created_at, id);
alter table suppliers enable row level security;
alter table suppliers force row level security;
create policy tenant_isolation on suppliers
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table supplier_performance (
  tenant_id uuid not null references tenants(id),
  supplier_id uuid not null references suppliers(id) on delete cascade,
  month date not null check (extract(day from month) = 1),
  orders integer not null default 0 check (orders >= 0),
  on_time_rate numeric(5,4) not null check (on_time_rate between 0 and 1),
  defect_rate numeric(5,4) not null check (defect_rate between 0 and 1),
  cancellation_rate numeric(5,4) not null check (cancellation_rate between 0 and 1),
  lead_time_days numeric(6,1) not null check (lead_time_days >= 0),
  primary key (supplier_id, month)
);
create index supplier_performance_tenant on supplier_performance(tenant_id, supplier_id, month);
alter table supplier_performance enable row level security;
alter table supplier_performance force row level security;
create policy tenant_isolation on supplier_performance
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table products (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  handle text not null,
  title text not null,
  sku text not null,
  status text not null default 'active' check (status in ('active', 'draft', 'archived')),
  description text,
  vendor text,
  product_type text,
  tags text,
  price numeric(12,2) not null default 0 check (price >= 0),
  cost numeric(12,2) check (cost >= 0),
  map_price numeric(12,2) check (map_price >= 0),
  stock integer not null default 0,
  weight numeric(10,1) check (weight >= 0),
  supplier_id uuid references suppliers(id) on delete set null,
  -- word-prefix search over title and SKU (alphanumeric tokens; no extension needed on PGlite)
  search tsvector generated always as (
    to_tsvector('simple', regexp_replace(lower(title || ' ' || sku), '[^[:alnum:]]+', ' ', 'g'))
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index products_tenant_sku on products(tenant_id, sku);
create unique index products_tenant_handle on products(tenant_id, handle);
create index products_tenant_title on products(tenant_id, title, id);
create index products_tenant_price on products(tenant_id, price, id);
create index products_tenant_stock on products(tenant_id, stock, id);
create index products_tenant_updated on products(tenant_id, updated_at, id);
create index products_tenant_created on products(tenant_id, created_at, id);
create index products_tenant_status on products(tenant_id, status, updated_at, id);
create index products_tenant_supplier on products(tenant_id, supplier_id);
create index products_search on products using gin(search);
alter table products enable row level security;
alter table products force row level security;
create policy tenant_isolation on products
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table product_variants (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  product_id uuid not null references products(id) on delete cascade,
  position integer not null default 1,
  option1_name text,
  option1_value text,
  option2_name text,
  option2_value text,
  option3_name text,
  option3_value text,
  sku text not null,
  price numeric(12,2) not null check (price >= 0),
  compare_at_price numeric(12,2) check (compare_at_price >= 0),
  cost numeric(12,2) check (cost >= 0),
  map_price numeric(12,2) check (map_price >= 0),
  stock integer not null default 0,
  weight numeric(10,1) check (weight >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index product_variants_tenant_sku on product_variants(tenant_id, sku);
create index product_variants_product on product_variants(product_id, position);
create index product_variants_tenant on product_variants(tenant_id, product_id);
alter table product_variants enable row level security;
alter table product_variants force row level security;
create policy tenant_isolation on product_variants
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table product_suppliers (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  product_id uuid not null references products(id) on delete cascade,
  variant_id uuid references product_variants(id) on delete cascade,
  supplier_id uuid not null references suppliers(id) on delete cascade,
  supplier_cost numeric(12,2) check (supplier_cost >= 0),
  supplier_stock integer not null default 0,
  created_at timestamptz not null default now()
);
create unique index product_suppliers_link
  on product_suppliers(tenant_id, product_id, coalesce(variant_id, '00000000-0000-0000-0000-000000000000'::uuid), supplier_id);
create index product_suppliers_supplier on product_suppliers(tenant_id, supplier_id, product_id);
create index product_suppliers_product on product_suppliers(product_id);
alter table product_suppliers enable row level security;
alter table product_suppliers force row level security;
create policy tenant_isolation on product_suppliers
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

-- readable order ids ("ORD-100234"): one sequence for every tenant, so an id names one order
create sequence order_number_seq start 100001;

create table orders (
  id text primary key default ('ORD-' || nextval('order_number_seq')),
  tenant_id uuid not null references tenants(id),
  marketplace text not null check (marketplace in ('amazon', 'ebay', 'walmart', 'shopify')),
  external_order_id text,
  customer_name text,
  status text not null default 'pending'
    check (status in ('pending', 'routed', 'ordered_from_supplier', 'shipped', 'delivered', 'cancelled', 'returned')),
  subtotal numeric(12,2) not null default 0,
  shipping numeric(12,2) not null default 0,
  tax numeric(12,2) not null default 0,
  fees numeric(12,2) not null default 0,
  total numeric(12,2) not null default 0,
  currency text not null default 'USD',
  cancel_reason text,
  items_count integer not null default 0,
  -- the items' SKUs, space separated: lets one index answer a search over id, external id, customer and SKU
  skus text not null default '',
  search tsvector generated always as (
    to_tsvector('simple', regexp_replace(
      lower(id || ' ' || coalesce(external_order_id, '') || ' ' || coalesce(customer_name, '') || ' ' || skus),
      '[^[:alnum:]]+', ' ', 'g'))
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index orders_tenant_created on orders(tenant_id, created_at, id);
create index orders_tenant_status on orders(tenant_id, status, created_at, id);
create index orders_tenant_marketplace on orders(tenant_id, marketplace, created_at, id);
create index orders_tenant_total on orders(tenant_id, total, id);
create unique index orders_tenant_external on orders(tenant_id, marketplace, external_order_id);
create index orders_search on orders using gin(search);
alter table orders enable row level security;
alter table orders force row level security;
create policy tenant_isolation on orders
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table order_items (
  id bigserial primary key,
  tenant_id uuid not null references tenants(id),
  order_id text not null references orders(id) on delete cascade,
  product_id uuid references products(id) on delete set null,
  variant_id uuid references product_variants(id) on delete set null,
  sku text not null,
  title text not null,
  quantity integer not null check (quantity > 0),
  unit_price numeric(12,2) not null check (unit_price >= 0)
);
create index order_items_order on order_items(order_id);
create index order_items_tenant_sku on order_items(tenant_id, sku);
create index order_items_product on order_items(product_id);
create index order_items_variant on order_items(variant_id);
alter table order_items enable row level security;
alter table order_items force row level security;
create policy tenant_isolation on order_items
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table order_status_history (
  id bigserial primary key,
  tenant_id uuid not null references tenants(id),
  order_id text not null references orders(id) on delete cascade,
  from_status text,
  to_status text not null,
  reason text,
  actor text not null,
  at timestamptz not null default now()
);
create index order_status_history_order on order_status_history(order_id, at, id);
alter table order_status_history enable row level security;
alter table order_status_history force row level security;
create policy tenant_isolation on order_status_history
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
