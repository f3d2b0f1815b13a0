-- Every stored amount in integer cents (docs/decisions.md "Money is integer cents through
-- contract/money.ts", docs/commerce.md "Money"). The dollar columns numeric(12,2) of orders,
-- order items, products, variants and supplier links become bigint cents named `*_cents`, as
-- listings, settlements and returns already were; amounts up to $1,000,000,000 (MONEY_MAX) are
-- 10^11 cents, beyond an integer column. round() rounds a half away from zero, the rule of
-- contract/money.ts (numeric(12,2) holds no fraction of a cent, so nothing is rounded here).
-- Check constraints stay (renamed with their column); the two sort indexes are rebuilt on the new
-- columns; the listing row's JSON (0021_listing_list_json.sql) reads the variant's cents directly
-- and its trigger watches the renamed columns.

-- An amount in cents as the JSON number of dollars the API answers (lists whose JSON the database
-- writes, server/api/list-kit/paging.ts `jsonFields`): the exact numeric quotient with two decimals,
-- so 1999 is written 19.99 as numeric(12,2) was. A plain SQL function: the planner inlines it.
create function api_dollars(c bigint) returns numeric language sql immutable parallel safe as $$
  select round(c / 100.0, 2)
$$;

-- a trigger that names a column in its UPDATE OF list or WHEN clause blocks a change of its type
drop trigger variants_list_json on product_variants;
drop index products_tenant_price;
drop index orders_tenant_total;

alter table products rename column price to price_cents;
alter table products rename column cost to cost_cents;
alter table products rename column map_price to map_price_cents;
alter table products alter column price_cents drop default;
alter table products
  alter column price_cents type bigint using round(price_cents * 100)::bigint,
  alter column cost_cents type bigint using round(cost_cents * 100)::bigint,
  alter column map_price_cents type bigint using round(map_price_cents * 100)::bigint;
alter table products alter column price_cents set default 0;
alter table products rename constraint products_price_check to products_price_cents_check;
alter table products rename constraint products_cost_check to products_cost_cents_check;
alter table products rename constraint products_map_price_check to products_map_price_cents_check;
create index products_tenant_price_cents on products(tenant_id, price_cents, id);

alter table product_variants rename column price to price_cents;
alter table product_variants rename column compare_at_price to compare_at_price_cents;
alter table product_variants rename column cost to cost_cents;
alter table product_variants rename column map_price to map_price_cents;
alter table product_variants
  alter column price_cents type bigint using round(price_cents * 100)::bigint,
  alter column compare_at_price_cents type bigint using round(compare_at_price_cents * 100)::bigint,
  alter column cost_cents type bigint using round(cost_cents * 100)::bigint,
  alter column map_price_cents type bigint using round(map_price_cents * 100)::bigint;
alter table product_variants rename constraint product_variants_price_check to product_variants_price_cents_check;
alter table product_variants rename constraint product_variants_compare_at_price_check to product_variants_compare_at_price_cents_check;
alter table product_variants rename constraint product_variants_cost_check to product_variants_cost_cents_check;
alter table product_variants rename constraint product_variants_map_price_check to product_variants_map_price_cents_check;

alter table product_suppliers rename column supplier_cost to supplier_cost_cents;
alter table product_suppliers alter column supplier_cost_cents type bigint using round(supplier_cost_cents * 100)::bigint;
alter table product_suppliers rename constraint product_suppliers_supplier_cost_check to product_suppliers_supplier_cost_cents_check;

alter table orders rename column subtotal to subtotal_cents;
alter table orders rename column shipping to shipping_cents;
alter table orders rename column tax to tax_cents;
alter table orders rename column fees to fees_cents;
alter table orders rename column total to total_cents;
alter table orders
  alter column subtotal_cents drop default,
  alter column shipping_cents drop default,
  alter column tax_cents drop default,
  alter column fees_cents drop default,
  alter column total_cents drop default;
alter table orders
  alter column subtotal_cents type bigint using round(subtotal_cents * 100)::bigint,
  alter column shipping_cents type bigint using round(shipping_cents * 100)::bigint,
  alter column tax_cents type bigint using round(tax_cents * 100)::bigint,
  alter column fees_cents type bigint using round(fees_cents * 100)::bigint,
  alter column total_cents type bigint using round(total_cents * 100)::bigint;
alter table orders
  alter column subtotal_cents set default 0,
  alter column shipping_cents set default 0,
  alter column tax_cents set default 0,
  alter column fees_cents set default 0,
  alter column total_cents set default 0;
create index orders_tenant_total_cents on orders(tenant_id, total_cents, id);

alter table order_items rename column unit_price to unit_price_cents;
alter table order_items alter column unit_price_cents type bigint using round(unit_price_cents * 100)::bigint;
alter table order_items rename constraint order_items_unit_price_check to order_items_unit_price_cents_check;

-- the listing row's JSON: the same fields, the variant's MAP and cost now read as they are stored
create or replace function listing_list_json(l listings) returns text language sql stable as $$
  select row_to_json(r)::text from (
    select l.id as "id", l.marketplace_id as "marketplace_id", m.name as "marketplace_name", m.kind as "marketplace_kind",
           l.product_id as "product_id", l.variant_id as "variant_id", l.sku as "sku", p.title as "product_title",
           l.title as "title", l.price_cents as "price_cents", v.map_price_cents as "map_price_cents",
           v.cost_cents as "cost_cents", l.quantity_rule as "quantity_rule", l.quantity as "quantity",
           l.status as "status", l.sync_state as "sync_state", l.feed_message as "feed_message", l.external_id as "external_id",
           api_ts(l.last_pushed_at) as "last_pushed_at", l.buy_box_owner as "buy_box_owner", l.buy_box_price_cents as "buy_box_price_cents",
           l.competitors_count as "competitors_count", l.lowest_competitor_cents as "lowest_competitor_cents",
           l.open_violations as "open_violations", v.image_url as "image_url",
           api_ts(l.created_at) as "created_at", api_ts(l.updated_at) as "updated_at"
      from (select 1) one
      left join marketplace_accounts m on m.id = l.marketplace_id
      left join product_variants v on v.id = l.variant_id
      left join products p on p.id = l.product_id
  ) r
$$;

create trigger variants_list_json after update of map_price_cents, cost_cents, image_url on product_variants
  for each row when (old.map_price_cents is distinct from new.map_price_cents or old.cost_cents is distinct from new.cost_cents or old.image_url is distinct from new.image_url)
  execute function variants_list_json();
