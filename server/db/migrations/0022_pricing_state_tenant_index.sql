-- The repricer's memory is read and written only by listing (its primary key); the index on
-- tenant_id served no query and cost every decision an index insert (docs/performance.md
-- "Repricing"). Row-level security filters on tenant_id without it.
drop index if exists pricing_listing_state_tenant;
