-- Scheduled work that runs for every tenant (the repricing sweep and the pricing agent's snapshot,
-- docs/repricing.md "Repricer", "Pricing agent") lists the tenants first. It opts in with app.runtime =
-- 'scheduler' (server/events/runtime-tx.ts); request transactions never set it, and the policy
-- only lets it read the tenant ids, each tenant's work then running in that tenant's own transaction.
create policy scheduler_runtime on tenants for select
  using (current_setting('app.runtime', true) = 'scheduler');
