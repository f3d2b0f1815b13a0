-- An order's timeline (docs/dropshipping.md "Timeline") reads the events that name the order: its
-- `order_id`, or the `id` of an `orders.*` event. Without an index that read filtered every event of
-- the tenant (173 ms at 136,000 events, growing with the log). The order an event names is a stored
-- column, so the read is an index range also under row-level security: a condition on an expression
-- over `payload` (`->>` is not leakproof) may not be used as an index condition before the tenant
-- policy, a condition on a column may. Only events that name an order are in the index, by the
-- order alone (order ids are unique across tenants): the narrowest key, as every event write pays for it.
alter table events add column order_ref text
  generated always as (coalesce(payload->>'order_id', case when subject like 'orders.%' then payload->>'id' end)) stored;
create index events_order_ref on events (order_ref) where order_ref is not null;
