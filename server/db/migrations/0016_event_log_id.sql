-- The event log's own id (docs/events.md "JetStream"): the outbox → JetStream relay sends
-- `Nats-Msg-Id` = `<log id>:<seq>`. With the sequence alone, a database that starts its log over on
-- the same streams (a new or reset database) had its first events dropped by JetStream as
-- repeats of the previous log's, for as long as its duplicate window (two minutes).
create table event_log_identity (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now()
);
insert into event_log_identity default values;
