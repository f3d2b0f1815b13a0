-- Search pages without heap reads (docs/performance.md "Search"). A search in the default sort walks
-- orders newest first and keeps the rows whose search vector matches; reading each row from the
-- heap to test it was most of that cost. The vector now rides in the (tenant, created_at, id)
-- index as an INCLUDE column, so the walk is an index-only scan and only the page's rows are read.
-- A btree entry holds at most ~2.7 KB, so the vector is bounded: it is built from the first 1,000
-- characters of "id external-id customer skus" (an order's first ~60 SKUs) and stripped of word
-- positions (prefix matching does not use them): at most ~2 KB, whatever the text.
drop index orders_tenant_created;
alter table orders drop column search;
alter table orders add column search tsvector generated always as (
  strip(to_tsvector('simple', left(regexp_replace(
    lower(id || ' ' || coalesce(external_order_id, '') || ' ' || coalesce(customer_name, '') || ' ' || skus),
    '[^[:alnum:]]+', ' ', 'g'), 1000)))
) stored;
create index orders_search on orders using gin(search);
create index orders_tenant_created on orders(tenant_id, created_at, id) include (search);

