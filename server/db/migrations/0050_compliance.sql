-- Compliance (docs/governance.md "Compliance"): what the tenant holds about one customer, and how
-- long the tenant keeps its operational records.
--
-- A customer is known by the email address their orders carry. Marketplaces and imports that give
-- one write it here (lower-cased), with the phone number when there is one. An erasure replaces
-- both and stamps `customer_erased_at`; the order keeps its lines, amounts and ledger entries.
alter table orders
  add column customer_email text,
  add column customer_phone text,
  add column customer_erased_at timestamptz;
create index orders_customer_email on orders(tenant_id, customer_email) where customer_email is not null;

-- Days to keep, per tenant (docs/governance.md "Compliance": Retention). A tenant without a row
-- keeps the defaults, the same numbers as the column defaults (server/api/compliance/retention.ts).
create table retention_settings (
  tenant_id uuid primary key references tenants(id),
  mailbox_days integer not null default 30 check (mailbox_days between 1 and 3650),
  idempotency_days integer not null default 7 check (idempotency_days between 1 and 3650),
  resolved_alerts_days integer not null default 90 check (resolved_alerts_days between 1 and 3650),
  event_log_days integer not null default 90 check (event_log_days between 7 and 3650),
  expired_exports_days integer not null default 7 check (expired_exports_days between 1 and 3650),
  updated_at timestamptz not null default now(),
  updated_by uuid
);
alter table retention_settings enable row level security;
alter table retention_settings force row level security;
create policy tenant_isolation on retention_settings
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));
