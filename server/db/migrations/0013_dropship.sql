-- Dropshipping automation (docs/dropshipping.md): supplier mappings per variant (product_suppliers
-- grows the router's fields), order ship-to and hold, the router's decisions, purchase orders to
-- suppliers with their answers, shipments (labels) with tracking events, returns (RMA), and the
-- tenant's automation settings with the sandbox supplier/carrier clock. Every table carries
-- tenant_id under the tenant_isolation policy. Money here is integer cents, weights grams.
-- Unique constraints make each automated step happen once: one route per order item and attempt,
-- one purchase order per order, attempt and supplier, one live outbound label per order.

-- A supplier mapping of a variant: up to 10 per variant (trigger below), ranked by the router.
alter table product_suppliers
  add column supplier_sku text,
  add column shipping_cents integer not null default 0 check (shipping_cents >= 0),
  add column handling_days smallint not null default 3 check (handling_days between 0 and 365),
  add column ship_from text,
  -- ISO alpha-2 codes; empty ships everywhere
  add column countries_served text[] not null default '{}',
  add column priority smallint not null default 1 check (priority between 1 and 10);

create function product_suppliers_cap() returns trigger language plpgsql as $$
begin
  if (select count(*) from product_suppliers
       where tenant_id = new.tenant_id and product_id = new.product_id
         and variant_id is not distinct from new.variant_id) > 10 then
    raise exception 'A variant has at most 10 suppliers' using errcode = '23514';
  end if;
  return new;
end $$;
create trigger product_suppliers_cap after insert or update of variant_id, product_id on product_suppliers
  for each row execute function product_suppliers_cap();

-- Where an order goes and when it was promised; a hold keeps it out of automation with the reason.
alter table orders
  add column ship_to_country text not null default 'US',
  add column ship_to jsonb,
  add column promised_by date,
  add column hold_reason text,
  add column held_at timestamptz,
  add column route_attempt integer not null default 0;
create index orders_tenant_held on orders(tenant_id, held_at, id) where hold_reason is not null;

create table fulfillment_settings (
  tenant_id uuid primary key references tenants(id),
  -- marketplace orders flow through routing, purchase orders and labels on their own only when on
  -- (docs/decisions.md: opt-in per tenant so a tenant's manual process is never taken over silently)
  automation_enabled boolean not null default false,
  hold_min_supplier_stock integer check (hold_min_supplier_stock >= 0),
  hold_max_handling_days integer check (hold_max_handling_days between 0 and 365),
  hold_min_margin_percent numeric(5,1) check (hold_min_margin_percent between -100 and 100),
  return_default_resolution text not null default 'refund' check (return_default_resolution in ('refund', 'replace')),
  return_country text not null default 'US',
  -- the sandbox suppliers' and carriers' clock (docs/dropshipping.md "Sandbox")
  sandbox_tick integer not null default 0,
  -- test and demo switch: every carrier call fails like an outage
  sandbox_carrier_outage boolean not null default false,
  updated_at timestamptz not null default now()
);
alter table fulfillment_settings enable row level security;
alter table fulfillment_settings force row level security;
create policy tenant_isolation on fulfillment_settings
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

-- The router's decision per order item and attempt (attempt 1, then 2 after a rejection, …).
create table order_routes (
  id bigserial primary key,
  tenant_id uuid not null references tenants(id),
  order_id text not null references orders(id) on delete cascade,
  order_item_id bigint not null references order_items(id) on delete cascade,
  attempt integer not null check (attempt >= 1),
  supplier_id uuid not null references suppliers(id) on delete cascade,
  backup_supplier_id uuid references suppliers(id) on delete set null,
  supplier_sku text,
  unit_cost_cents integer not null,
  landed_cost_cents integer not null,
  reason text not null,
  created_at timestamptz not null default now(),
  unique (order_item_id, attempt)
);
create index order_routes_order on order_routes(tenant_id, order_id, attempt);
alter table order_routes enable row level security;
alter table order_routes force row level security;
create policy tenant_isolation on order_routes
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create sequence purchase_order_number_seq start 5001;
create table purchase_orders (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  number text not null default ('PO-' || nextval('purchase_order_number_seq')),
  order_id text not null references orders(id) on delete cascade,
  supplier_id uuid not null references suppliers(id) on delete cascade,
  attempt integer not null check (attempt >= 1),
  status text not null default 'placed' check (status in ('placed', 'confirmed', 'rejected', 'shipped', 'cancelled')),
  total_cents integer not null check (total_cents >= 0),
  reject_reason text check (reject_reason in ('out_of_stock', 'price_changed')),
  supplier_reference text,
  -- the supplier's answers in order: [{at, status, message}]
  answers jsonb not null default '[]',
  -- sandbox supplier: the tick its answer is due and what it will be (server/dropship/sandbox)
  sandbox_due_tick integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (order_id, attempt, supplier_id)
);
create index purchase_orders_tenant_created on purchase_orders(tenant_id, created_at, id);
create index purchase_orders_tenant_status on purchase_orders(tenant_id, status, created_at, id);
create index purchase_orders_tenant_supplier on purchase_orders(tenant_id, supplier_id, created_at);
create index purchase_orders_due on purchase_orders(tenant_id, sandbox_due_tick) where status in ('placed', 'confirmed');
alter table purchase_orders enable row level security;
alter table purchase_orders force row level security;
create policy tenant_isolation on purchase_orders
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table purchase_order_items (
  id bigserial primary key,
  tenant_id uuid not null references tenants(id),
  purchase_order_id uuid not null references purchase_orders(id) on delete cascade,
  order_item_id bigint not null references order_items(id) on delete cascade,
  supplier_sku text,
  quantity integer not null check (quantity > 0),
  unit_cost_cents integer not null check (unit_cost_cents >= 0),
  unique (purchase_order_id, order_item_id)
);
alter table purchase_order_items enable row level security;
alter table purchase_order_items force row level security;
create policy tenant_isolation on purchase_order_items
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create sequence return_number_seq start 1001;
create table returns (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  number text not null default ('RMA-' || nextval('return_number_seq')),
  order_id text not null references orders(id) on delete cascade,
  status text not null default 'requested'
    check (status in ('requested', 'approved', 'in_transit', 'received', 'refunded', 'replaced', 'rejected')),
  reason text not null,
  note text,
  -- [{order_item_id, sku, quantity, unit_price_cents}]
  items jsonb not null,
  condition text check (condition in ('new', 'like_new', 'used', 'damaged', 'defective')),
  resolution text check (resolution in ('refund', 'replace')),
  refund_cents integer check (refund_cents >= 0),
  restocked boolean not null default false,
  replacement_order_id text references orders(id) on delete set null,
  reject_reason text,
  -- [{at, status, by, note}]
  history jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index returns_tenant_created on returns(tenant_id, created_at, id);
create index returns_tenant_status on returns(tenant_id, status, created_at, id);
create index returns_order on returns(tenant_id, order_id);
alter table returns enable row level security;
alter table returns force row level security;
create policy tenant_isolation on returns
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

create table shipments (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  order_id text not null references orders(id) on delete cascade,
  return_id uuid references returns(id) on delete cascade,
  direction text not null default 'outbound' check (direction in ('outbound', 'return')),
  carrier text not null check (carrier in ('usps', 'ups', 'fedex')),
  service text not null,
  zone smallint not null check (zone between 1 and 3),
  rate_cents integer not null check (rate_cents >= 0),
  weight_grams integer not null check (weight_grams > 0),
  tracking_number text not null,
  status text not null default 'label_created'
    check (status in ('label_created', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'voided')),
  ship_from text not null,
  ship_to_country text not null,
  ship_to jsonb,
  promised_by date,
  estimated_delivery date,
  late boolean not null default false,
  -- carrier scans in order: [{at, status, message, tick}]
  events jsonb not null default '[]',
  tracking_pushed_at timestamptz,
  -- sandbox carrier: the tick of the next scan (server/dropship/sandbox)
  sandbox_next_tick integer,
  bought_at timestamptz not null default now(),
  voided_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (carrier, tracking_number)
);
-- one live outbound label per order: a second buy is a conflict, a void frees the slot
create unique index shipments_one_live_outbound on shipments(order_id) where direction = 'outbound' and status <> 'voided';
create index shipments_tenant_created on shipments(tenant_id, created_at, id);
create index shipments_tenant_status on shipments(tenant_id, status, created_at, id);
create index shipments_tenant_carrier on shipments(tenant_id, carrier, created_at, id);
create index shipments_order on shipments(tenant_id, order_id);
create index shipments_due on shipments(tenant_id, sandbox_next_tick) where status in ('label_created', 'in_transit', 'out_for_delivery', 'exception');
alter table shipments enable row level security;
alter table shipments force row level security;
create policy tenant_isolation on shipments
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
