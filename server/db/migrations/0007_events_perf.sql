-- Event log write path (docs/performance.md "Events"; docs/events.md "Commit order = sequence order").
-- 0005 took the ordering lock inside a FOR EACH ROW trigger. Commands now append their events in
-- one multi-row INSERT at the end of the command (server/api/kit.ts appendEvents), so the lock
-- moves to a FOR EACH STATEMENT trigger, which fires before the statement produces its first row;
-- the row trigger only draws the sequence (still overriding any seq a caller passes). Same
-- guarantee as before: a transaction draws sequences only while holding the transaction-scoped
-- lock it keeps until commit, so sequences become visible strictly in order and "seq > cursor"
-- readers never skip one. A multi-row INSERT gets an ascending range in row order.
create or replace function events_assign_seq() returns trigger language plpgsql as $$
begin
  new.seq := nextval('events_seq_seq');
  return new;
end $$;

create function events_order_lock() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(727275);
  return null;
end $$;
create trigger events_order_lock before insert on events for each statement execute function events_order_lock();
