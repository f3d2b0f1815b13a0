-- The audit log (docs/governance.md "Audit log"): one vocabulary, append-only, filtered by correlation
-- id; exports as jobs (docs/governance.md "Exports").

-- 1. One vocabulary: resource singular snake_case, action `<resource>.<verb>` (contract/audit-vocabulary.ts).
--    The rows written before it are renamed here, once (before the append-only trigger exists).
update audit_log set resource = case resource
    when 'products' then 'product'
    when 'product_variants' then 'product_variant'
    when 'orders' then 'order'
    when 'suppliers' then 'supplier'
    when 'listings' then 'listing'
    when 'shipments' then 'shipment'
    when 'returns' then 'return'
    when 'advances' then 'advance'
    when 'marketplaces' then 'marketplace'
    when 'pricing_rules' then 'pricing_rule'
    when 'price_proposals' then 'price_proposal'
    when 'flags' then 'feature_flag'
    when 'payouts' then 'payout'
    when 'settings' then case when action = 'map_settings.update' then 'map_settings' else 'fulfillment_settings' end
    else resource end
  where resource in ('products', 'product_variants', 'orders', 'suppliers', 'listings', 'shipments', 'returns', 'advances',
                     'marketplaces', 'pricing_rules', 'price_proposals', 'flags', 'payouts', 'settings');

update audit_log set action = case action
    when 'cancel' then 'order.cancel'
    when 'status_change' then 'order.status_change'
    when 'capital.advance_requested' then 'advance.request'
    when 'capital.advance_approved' then 'advance.approve'
    when 'capital.advance_rejected' then 'advance.reject'
    when 'capital.advance_holdback' then 'advance.holdback'
    when 'capital.advance_payoff' then 'advance.payoff'
    when 'dlq.replay' then 'dlq_message.replay'
    when 'dlq.replay_bulk' then 'dlq_message.replay_bulk'
    when 'dlq.discard' then 'dlq_message.discard'
    when 'dlq.discard_bulk' then 'dlq_message.discard_bulk'
    when 'fulfillment.settings' then 'fulfillment_settings.update'
    when 'pricing.propose' then 'price_proposal.propose'
    else resource || '.' || action end
  where action not like '%.%'
     or action in ('capital.advance_requested', 'capital.advance_approved', 'capital.advance_rejected', 'capital.advance_holdback',
                   'capital.advance_payoff', 'dlq.replay', 'dlq.replay_bulk',
                   'dlq.discard', 'dlq.discard_bulk', 'fulfillment.settings', 'pricing.propose');

-- 2. Filters: by correlation id (a request's entries), and the keyset order (created_at, id) per action.
create index audit_log_tenant_correlation on audit_log(tenant_id, correlation_id) where correlation_id is not null;
create index audit_log_tenant_action on audit_log(tenant_id, action, created_at desc, id desc);

-- 3. Append-only: no UPDATE, DELETE or TRUNCATE of audit rows. The one escape is erasure's redaction
--    (docs/governance.md "Audit log"): inside a transaction that ran `set local app.audit_redaction = 'on'`,
--    an UPDATE may change `before` and `after` only; every other column must stay as it was.
create or replace function audit_log_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and coalesce(current_setting('app.audit_redaction', true), '') = 'on'
     and new.id = old.id and new.tenant_id = old.tenant_id
     and new.actor_id is not distinct from old.actor_id and new.actor_email is not distinct from old.actor_email
     and new.action = old.action and new.resource = old.resource and new.resource_id is not distinct from old.resource_id
     and new.correlation_id is not distinct from old.correlation_id and new.created_at = old.created_at then
    return new;
  end if;
  raise exception 'audit_log is append-only: % is not allowed', tg_op using errcode = 'insufficient_privilege';
end;
$$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();

-- 4. Exports (docs/governance.md "Exports"): a job per request; the `exports` consumer writes the file
--    to the object store (`file_key`) and moves `progress` on; the expiry sweep removes the file after 24 h.
create table exports (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  kind text not null check (kind in ('tenant', 'audit')),
  format text not null check (format in ('jsonl', 'csv')),
  filters jsonb not null default '{}',
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed', 'expired')),
  progress integer not null default 0 check (progress between 0 and 100),
  rows integer not null default 0 check (rows >= 0),
  bytes integer,
  file_key text,
  file_name text,
  content_type text,
  error text,
  expires_at timestamptz,
  created_by uuid,
  created_by_email text,
  correlation_id text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index exports_tenant_created on exports(tenant_id, kind, created_at desc, id desc);
create index exports_expiring on exports(expires_at) where status = 'done';
alter table exports enable row level security;
alter table exports force row level security;
create policy tenant_isolation on exports
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));
