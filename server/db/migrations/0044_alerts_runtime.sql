-- The event runtime dead-letters messages of every tenant in its own transactions (app.runtime =
-- 'events', 0005_events.sql), and a dead letter's alert folds in that same transaction
-- (docs/alerts.md "Folding"): the runtime reads and writes alerts as it does the DLQ.
create policy event_runtime on alerts using (current_setting('app.runtime', true) = 'events');
