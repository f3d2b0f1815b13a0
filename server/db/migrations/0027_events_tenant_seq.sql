-- Per-tenant event numbers (docs/events.md "Ids a tenant sees"). `events.seq` is one sequence for
-- every tenant: as the id of the events API, of SSE frames, of webhooks and DLQ entries it let a
-- tenant count another tenant's writes between two reads. Each event now also has `tenant_seq`,
-- 1, 2, 3, … within its tenant, assigned when it is appended, and that is the only number a tenant
-- is shown. `seq` stays the log's internal order (tail, consumers, relay, stats roll-up).
alter table events add column tenant_seq bigint;

-- The tenant's newest number, read after the ordering lock is held (0007_events_perf.sql): the
-- function takes the lock itself (it is re-entrant, the statement trigger usually holds it
-- already) and, being VOLATILE, its query takes a fresh snapshot after the lock — so it sees
-- every event committed before, also those committed after the calling statement's own snapshot
-- (READ COMMITTED). Appends serialize on that lock until commit, so the next number is free and
-- numbers become visible per tenant in the same order as `seq`.
create function events_tenant_head(t uuid) returns bigint language plpgsql volatile as $$
declare
  head bigint;
begin
  perform pg_advisory_xact_lock(727275);
  select e.tenant_seq into head from events e where e.tenant_id = t and e.tenant_seq is not null order by e.tenant_seq desc limit 1;
  return coalesce(head, 0);
end $$;

-- The outbox (server/events/outbox.ts) numbers a statement's rows itself, once per statement. Any
-- other insert that leaves the column out is numbered here, row by row; the WHEN clause keeps the
-- outbox's rows from calling the function at all.
create function events_assign_tenant_seq() returns trigger language plpgsql as $$
begin
  new.tenant_seq := events_tenant_head(new.tenant_id) + 1;
  return new;
end $$;
create trigger events_assign_tenant_seq before insert on events for each row
  when (new.tenant_seq is null) execute function events_assign_tenant_seq();

-- existing events: numbered per tenant in log order
update events e set tenant_seq = n.ts
  from (select seq, row_number() over (partition by tenant_id order by seq) as ts from events) n
 where n.seq = e.seq;
alter table events alter column tenant_seq set not null;
create unique index events_tenant_tenant_seq on events (tenant_id, tenant_seq);

-- Numbers already written into what a tenant reads, turned into the tenant's own:
-- the cause of an event written by a consumer (the causing event's seq) ...
update events e set causation_id = c.tenant_seq::text
  from events c
 where e.causation_id ~ '^[0-9]{1,18}$' and c.seq = e.causation_id::bigint and c.tenant_id = e.tenant_id;
-- ... the event named by webhook delivery and dead-letter events ...
update events e set payload = jsonb_set(e.payload, '{event_seq}', to_jsonb(c.tenant_seq))
  from events c
 where (e.subject like 'webhooks.%' or e.subject = 'dlq.dead_lettered')
   and jsonb_typeof(e.payload->'event_seq') = 'number'
   and c.seq = (e.payload->>'event_seq')::bigint and c.tenant_id = e.tenant_id;
-- ... the stream and subject figures (first / last number of the tenant's events there) ...
update event_stream_stats s
   set first_seq = coalesce((select e.tenant_seq from events e where e.seq = s.first_seq), 0),
       last_seq = coalesce((select e.tenant_seq from events e where e.seq = s.last_seq), 0);
update event_subject_stats s
   set first_seq = coalesce((select e.tenant_seq from events e where e.seq = s.first_seq), 0),
       last_seq = coalesce((select e.tenant_seq from events e where e.seq = s.last_seq), 0);
-- ... webhook deliveries (one per endpoint and event; an endpoint is one tenant's, so its numbers
-- are unique per endpoint too; through negative values, as the unique key is checked row by row) ...
update webhook_deliveries d set event_seq = -e.tenant_seq from events e where e.seq = d.event_seq;
update webhook_deliveries set event_seq = -event_seq where event_seq < 0;
-- ... and dead-letter entries, which keep the log's seq to re-deliver the message on a replay.
alter table dlq_entries add column event_tenant_seq bigint;
update dlq_entries d set event_tenant_seq = e.tenant_seq from events e where e.seq = d.event_seq;
update dlq_entries set event_tenant_seq = 0 where event_tenant_seq is null;
alter table dlq_entries alter column event_tenant_seq set not null;
