-- Reconciliation (docs/reconciliation.md): the problems the reconciler finds between what was shipped
-- and what the marketplaces paid, one row per problem, and the two payout uploads among the import kinds.
--
-- A problem concerns one object, named by `object_key`: the order (shipped_unpaid, fee_above_schedule,
-- refund_without_return), the payout (payout_lines_mismatch) or the payout line (order_not_found).
-- unique (tenant_id, kind, object_key): a rerun finds each problem once. `amount_cents` is what the
-- problem is worth to the seller, positive (integer cents, contract/money.ts).
-- status: open (found, nobody decided), accepted (the seller takes the loss: a ledger write-off for the
-- kinds that leave money in the receivable), disputed (the seller contests it with the marketplace),
-- resolved (the data no longer shows it: the payout arrived, the fee was refunded…).
create table reconciliation_problems (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  kind text not null check (kind in ('shipped_unpaid', 'fee_above_schedule', 'payout_lines_mismatch', 'refund_without_return', 'order_not_found')),
  object_key text not null,
  order_id text,
  payout_id uuid references marketplace_settlements(id) on delete cascade,
  payout_line_id uuid references payout_lines(id) on delete cascade,
  marketplace text not null check (marketplace in ('amazon', 'ebay', 'walmart', 'shopify')),
  marketplace_id uuid references marketplace_accounts(id) on delete cascade,
  amount_cents bigint not null check (amount_cents >= 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  -- the figures the problem was computed from ({expected_cents, charged_cents, expected_date…}), for its explanation
  facts jsonb not null default '{}',
  status text not null default 'open' check (status in ('open', 'accepted', 'disputed', 'resolved')),
  note text check (char_length(note) <= 2000),
  resolved_by text,
  resolved_at timestamptz,
  found_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, kind, object_key),
  foreign key (tenant_id, order_id) references orders (tenant_id, id) on delete cascade
);
create index reconciliation_problems_tenant_found on reconciliation_problems(tenant_id, found_at desc, id);
create index reconciliation_problems_tenant_status on reconciliation_problems(tenant_id, status, found_at desc, id);
create index reconciliation_problems_tenant_kind on reconciliation_problems(tenant_id, kind, status, found_at desc, id);
create index reconciliation_problems_tenant_marketplace on reconciliation_problems(tenant_id, marketplace, status, found_at desc, id);
create index reconciliation_problems_tenant_amount on reconciliation_problems(tenant_id, amount_cents, id);
create index reconciliation_problems_order on reconciliation_problems(tenant_id, order_id) where order_id is not null;
alter table reconciliation_problems enable row level security;
alter table reconciliation_problems force row level security;
create policy tenant_isolation on reconciliation_problems
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- the reconciler finds an order's ship date in its history
create index if not exists order_status_history_tenant_shipped on order_status_history(tenant_id, order_id, at) where to_status = 'shipped';

-- uploads of payouts go through the import path (docs/reconciliation.md "Uploads")
alter table import_jobs drop constraint import_jobs_kind_check;
alter table import_jobs add constraint import_jobs_kind_check check (kind in ('shopify-products', 'amazon-orders', 'ebay-orders', 'amazon-settlement', 'shopify-payouts'));
