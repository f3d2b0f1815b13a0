-- A listing's row in the list, kept as JSON text on the listing (docs/performance.md "Listings").
-- Building the JSON of 50 rows of 27 fields, with the account, product and variant looked up for
-- each, was most of a page's time in the database; a page now joins the texts of its rows. The
-- fields are LISTING_FIELDS of server/api/listings/queries.ts, in the same order and form
-- (tests/server/listings-list-json.test.ts holds them equal). Kept by triggers: a listing's own
-- writes recompute its row; a change of what it shows of its account (name, kind), product
-- (title) or variant (MAP, cost, picture) recomputes the rows of the listings that show it.
alter table listings add column list_json text;

create function listing_list_json(l listings) returns text language sql stable as $$
  select row_to_json(r)::text from (
    select l.id as "id", l.marketplace_id as "marketplace_id", m.name as "marketplace_name", m.kind as "marketplace_kind",
           l.product_id as "product_id", l.variant_id as "variant_id", l.sku as "sku", p.title as "product_title",
           l.title as "title", l.price_cents as "price_cents", round(v.map_price * 100)::int as "map_price_cents",
           round(v.cost * 100)::int as "cost_cents", l.quantity_rule as "quantity_rule", l.quantity as "quantity",
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

create function listings_list_json() returns trigger language plpgsql as $$
begin
  new.list_json := listing_list_json(new);
  return new;
end $$;
create trigger listings_list_json before insert or update on listings
  for each row execute function listings_list_json();

-- what a listing shows of other rows: touching the listing recomputes its row (its own columns and
-- its updated_at are left as they are)
create function accounts_list_json() returns trigger language plpgsql as $$
begin
  update listings set list_json = null where tenant_id = new.tenant_id and marketplace_id = new.id;
  return null;
end $$;
create trigger accounts_list_json after update of name, kind on marketplace_accounts
  for each row when (old.name is distinct from new.name or old.kind is distinct from new.kind)
  execute function accounts_list_json();

create function products_list_json() returns trigger language plpgsql as $$
begin
  update listings set list_json = null where tenant_id = new.tenant_id and product_id = new.id;
  return null;
end $$;
create trigger products_list_json after update of title on products
  for each row when (old.title is distinct from new.title) execute function products_list_json();

create function variants_list_json() returns trigger language plpgsql as $$
begin
  update listings set list_json = null where tenant_id = new.tenant_id and variant_id = new.id;
  return null;
end $$;
create trigger variants_list_json after update of map_price, cost, image_url on product_variants
  for each row when (old.map_price is distinct from new.map_price or old.cost is distinct from new.cost or old.image_url is distinct from new.image_url)
  execute function variants_list_json();

-- a listing written before what it shows (a restore that loads tables in name order) is put right
-- when that row arrives
create trigger accounts_list_json_inserted after insert on marketplace_accounts for each row execute function accounts_list_json();
create trigger products_list_json_inserted after insert on products for each row execute function products_list_json();
create trigger variants_list_json_inserted after insert on product_variants for each row execute function variants_list_json();

update listings set list_json = null;
