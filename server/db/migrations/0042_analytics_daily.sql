-- Analytics' daily rollup (docs/analytics.md "Rollup"): per tenant, UTC day of the orders' creation
-- and marketplace, the sums of the parts of the orders' profit (docs/commerce.md "Order profit"),
-- cancelled orders left out. Kept by the `analytics-rollup` event consumer (server/api/analytics/
-- rollup.ts), which recomputes the days of the orders an event touched; never written in a request.
-- Summary and time series read it for the days before today and the detail tables for today only.
--
-- `known_*`: the orders whose every cost is known (a live purchase order, a live outbound label, no
-- return still open), over which the net margin is computed; the others are counted, never guessed.
create table analytics_daily (
  tenant_id uuid not null references tenants(id),
  day date not null,
  marketplace text not null,
  orders int8 not null default 0,
  units int8 not null default 0,
  revenue_cents int8 not null default 0,
  fees_cents int8 not null default 0,
  supplier_cents int8 not null default 0,
  shipping_cents int8 not null default 0,
  refunds_cents int8 not null default 0,
  known_orders int8 not null default 0,
  known_revenue_cents int8 not null default 0,
  known_net_cents int8 not null default 0,
  refreshed_at timestamptz not null default now(),
  primary key (tenant_id, day, marketplace)
);
alter table analytics_daily enable row level security;
alter table analytics_daily force row level security;
create policy tenant_isolation on analytics_daily
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- The order's postage is known once it has a live outbound label: the label's direction joins the
-- probe's index, so the per-order probe stays index-only (it replaces shipments_analytics).
create index shipments_analytics_direction on shipments (tenant_id, order_id)
  include (status, rate_cents, direction);
drop index shipments_analytics;
