-- Event log write path, lighter (docs/events.md "Commit order = sequence order"): every event row paid
-- for a PL/pgSQL row trigger that only drew its sequence, and for an index on (stream, seq) that no
-- query uses (every stream read is a tenant's, served by events_tenant_stream_seq). The sequence is
-- now the column's default. The statement trigger events_order_lock still takes the ordering lock
-- before the statement produces its first row, and so before any default is evaluated: sequences
-- are still drawn only under the lock, ascending in row order.
drop trigger events_assign_seq on events;
drop function events_assign_seq();
alter table events alter column seq set default nextval('events_seq_seq');
drop index events_stream_seq;
