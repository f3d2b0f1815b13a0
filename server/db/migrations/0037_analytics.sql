-- Analytics (docs/analytics.md): the indexes its reads walk. The period's orders are read from one
-- covering index (tenant, created_at) holding every column the figures need, so the orders of a
-- period are an index-only range; each cost table is probed by (tenant, order) with the columns of
-- the order's profit (docs/commerce.md "Order profit") in the index.
create index orders_analytics on orders (tenant_id, created_at)
  include (id, status, marketplace, total_cents, fees_cents, items_count);
create index purchase_orders_analytics on purchase_orders (tenant_id, order_id)
  include (status, total_cents, supplier_id, created_at);
create index shipments_analytics on shipments (tenant_id, order_id)
  include (status, rate_cents);
create index order_items_analytics on order_items (tenant_id, order_id)
  include (product_id, quantity, unit_price_cents);
create index returns_analytics on returns (tenant_id, order_id)
  include (status, refund_cents);
