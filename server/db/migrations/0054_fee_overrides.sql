-- Per-tenant marketplace fee overrides (docs/settings.md "Fee overrides"), effective-dated: one row
-- per change, written by PUT /api/settings/fees. From `effective_from` on, the marketplace's fee
-- schedule for this tenant is `rate_bp` + `fixed_cents` (contract/fee-overrides.ts); both null: back
-- to the standard schedule. An order's fee uses the row in force at the order's time, so a change
-- never rewrites the fee of an order placed before it. Rows are never updated: a change is a new row.
create table marketplace_fee_overrides (
  id bigint generated always as identity primary key,
  tenant_id uuid not null references tenants(id),
  marketplace text not null check (marketplace in ('amazon', 'ebay', 'walmart', 'shopify')),
  effective_from timestamptz not null default now(),
  -- basis points of the fee's base (1150 = 11.5 %) and cents per order; null and null: the standard schedule
  rate_bp int check (rate_bp between 0 and 10000),
  fixed_cents int check (fixed_cents between 0 and 10000),
  created_at timestamptz not null default now(),
  created_by text,
  check ((rate_bp is null) = (fixed_cents is null))
);
-- the row in force for an order: the latest of its tenant and marketplace not after the order's time
create index marketplace_fee_overrides_in_force on marketplace_fee_overrides (tenant_id, marketplace, effective_from desc, id desc);
alter table marketplace_fee_overrides enable row level security;
alter table marketplace_fee_overrides force row level security;
create policy tenant_isolation on marketplace_fee_overrides
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- a change is a new row: the history an order's fee was computed from stays as it was
create function marketplace_fee_overrides_no_update() returns trigger language plpgsql as $$
begin
  raise exception 'marketplace_fee_overrides rows are not changed: a change is a new row (docs/settings.md "Fee overrides")';
end $$;
create trigger marketplace_fee_overrides_no_update before update on marketplace_fee_overrides
  for each row execute function marketplace_fee_overrides_no_update();
