-- The tenant's repricing defaults (docs/settings.md "Repricing defaults"): the values a new pricing
-- rule starts from (contract/pricing.ts `repricingDefaultsBody`), one row per tenant, written by
-- PUT /api/settings/repricing; a tenant never saved has no row and reads `REPRICING_DEFAULTS`.
-- Validated by the contract's schema on the way in and read over those defaults on the way out, so
-- one jsonb column (compared as jsonb by the conditional upsert: key order does not matter).
create table repricing_defaults (
  tenant_id uuid primary key references tenants(id),
  defaults jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by text
);
alter table repricing_defaults enable row level security;
alter table repricing_defaults force row level security;
create policy tenant_isolation on repricing_defaults
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- The MAP policy's section (docs/settings.md "MAP policy") shows who saved the grace last.
alter table map_settings add column updated_by text;
