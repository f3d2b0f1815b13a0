-- Payouts with lines (docs/payouts.md): a marketplace's payout grows out of marketplace_settlements
-- (one row per payout, the table and its event `marketplaces.settlement_created` kept, docs/decisions.md
-- "Payouts grow out of marketplace_settlements"), and each payout has its lines per order in
-- payout_lines. Money is signed integer cents: a line's amount is what it adds to the deposit
-- (a sale positive, a fee, a refund or a reserve held negative).
--
-- The payout's totals are the sums of its lines, by kind:
--   net_cents = gross_cents - fees_cents - refunds_cents - reserve_cents + adjustments_cents
-- except when the marketplace's deposit (net_cents) differs from its lines (reconciliation finds it).
-- fees_cents and refunds_cents are positive magnitudes (fees_cents as before), reserve_cents is
-- held minus released (what the payout withheld, negative when it released more than it held),
-- adjustments_cents is signed (positive: the marketplace paid the seller more).

alter table marketplace_settlements
  add column status text not null default 'paid' check (status in ('scheduled', 'in_transit', 'paid', 'failed')),
  add column currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  add column expected_date date,
  add column received_date date,
  add column refunds_cents bigint not null default 0,
  add column reserve_cents bigint not null default 0,
  add column adjustments_cents bigint not null default 0,
  add column lines_count integer not null default 0,
  add column source text not null default 'connector' check (source in ('connector', 'import')),
  add column updated_at timestamptz not null default now();

-- payouts taken before lines existed: paid when they were pulled
update marketplace_settlements set expected_date = period_end::date, received_date = created_at::date where expected_date is null;

create index marketplace_settlements_tenant_period on marketplace_settlements(tenant_id, period_end, id);
create index marketplace_settlements_tenant_status on marketplace_settlements(tenant_id, status, period_end, id);
create index marketplace_settlements_tenant_expected on marketplace_settlements(tenant_id, expected_date, id);
create index marketplace_settlements_tenant_net on marketplace_settlements(tenant_id, net_cents, id);
create index marketplace_settlements_tenant_external_id on marketplace_settlements(tenant_id, external_id, id);

create table payout_lines (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  payout_id uuid not null references marketplace_settlements(id) on delete cascade,
  marketplace_id uuid not null references marketplace_accounts(id) on delete cascade,
  -- the line's place in the payout (1, 2, …): a payout pulled or imported twice writes its lines once
  line_no integer not null check (line_no > 0),
  -- the marketplace's own id of the line (a Shopify balance transaction, an Amazon settlement row), when it gives one
  external_line_id text,
  -- our order when the marketplace's order id matched one; the marketplace's order id as given
  order_id text,
  external_order_id text,
  kind text not null check (kind in ('sale', 'fee', 'refund', 'reserve_held', 'reserve_released', 'adjustment')),
  fee_type text check (fee_type in ('referral', 'fulfillment', 'payment_processing', 'advertising')),
  amount_cents bigint not null,
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  description text not null default '',
  posted_at timestamptz not null,
  created_at timestamptz not null default now(),
  check ((kind = 'fee') = (fee_type is not null)),
  unique (payout_id, line_no)
);
-- the lines of a payout, in order
create index payout_lines_payout on payout_lines(tenant_id, payout_id, line_no);
-- the lines of an order (reconciliation matches every shipped order to the line that paid it)
create index payout_lines_order on payout_lines(tenant_id, order_id) where order_id is not null;
create index payout_lines_external_order on payout_lines(tenant_id, marketplace_id, external_order_id) where external_order_id is not null;
alter table payout_lines enable row level security;
alter table payout_lines force row level security;
-- the tenant setting read once per statement (0018_rls_setting_once.sql)
create policy tenant_isolation on payout_lines
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- the sandbox marketplace's side: when it sent an order's payout (a simulated day's wall time)
alter table sandbox_orders add column settled_at timestamptz;
