-- Listing search without heap reads, as orders do (0009_orders_search_index.sql; docs/performance.md
-- "Listings"). A search in the default sort walks listings newest first and keeps the rows whose
-- vector matches; reading each row from the heap to test it cost ~10 ms for a common word at
-- 100,000 listings. The vector now rides in the (tenant, created_at, id) index as an INCLUDE column,
-- so the walk is an index-only scan. A btree entry holds at most ~2.7 KB: the vector is built from
-- the first 1,000 characters of "title sku" and stripped of positions (prefix matching does not use
-- them).
drop index listings_tenant_created;
alter table listings drop column search;
alter table listings add column search tsvector generated always as (
  strip(to_tsvector('simple', left(regexp_replace(lower(title || ' ' || sku), '[^[:alnum:]]+', ' ', 'g'), 1000)))
) stored;
create index listings_search on listings using gin(search);
create index listings_tenant_created on listings(tenant_id, created_at, id) include (search);
