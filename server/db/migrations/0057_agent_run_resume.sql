-- A run queued by resuming an agent (docs/agents.md "Pricing Intelligence"): resuming Pricing
-- Intelligence queues one sweep of the tenant, so what changed while it was paused is priced.
alter table agent_runs drop constraint agent_runs_trigger_check;
alter table agent_runs add constraint agent_runs_trigger_check check (trigger in ('manual', 'schedule', 'event', 'resume'));
