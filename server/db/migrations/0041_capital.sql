-- Capital (docs/capital.md): working-capital advances from offer to repayment. An advance is one of
-- the three offer kinds, with its terms fixed when it was requested (principal, fee, holdback share
-- of each payout, term); the admin's decision and the disbursement are stamped on it. What has been
-- repaid is never a counter: each holdback or payoff is a row of capital_repayments (once per payout
-- and advance, by a unique key) written in the same transaction as its ledger entry, and the two
-- are checked against each other in tests/server/capital-flow.test.ts. Money is integer cents.
-- Every table carries tenant_id under the tenant_isolation policy.

create table capital_advances (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  -- ADV-1001, ADV-1002…: the tenant's own count (one advance is open at a time, so a count is enough)
  number text not null,
  offer_kind text not null check (offer_kind in ('receivables', 'merchant_cash', 'fixed_fee')),
  principal_cents bigint not null check (principal_cents > 0),
  fee_cents bigint not null check (fee_cents >= 0),
  -- the share of each payout's net held back to repay, in basis points (10000 = all of it)
  holdback_bp integer not null check (holdback_bp > 0 and holdback_bp <= 10000),
  term_months integer check (term_months is null or term_months between 1 and 24),
  -- the offer's terms as the seller saw them (factor, fee rate, estimated days…), for the record
  terms jsonb not null default '{}'::jsonb,
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  status text not null default 'requested'
    check (status in ('requested', 'approved', 'rejected', 'disbursed', 'repaying', 'repaid')),
  -- set when the advance is tied to an order (a receivables advance against one order's sale)
  order_id text,
  requested_by uuid,
  requested_by_email text,
  requested_at timestamptz not null default now(),
  decided_by uuid,
  decided_by_email text,
  decided_at timestamptz,
  reject_reason text,
  -- why the offer was what it was (caps applied at request time)
  reasons jsonb not null default '[]'::jsonb,
  disbursed_at timestamptz,
  repaid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, id),
  unique (tenant_id, number),
  check ((status in ('requested')) = (decided_at is null)),
  check ((status in ('disbursed', 'repaying', 'repaid')) = (disbursed_at is not null)),
  check ((status = 'repaid') = (repaid_at is not null))
);
create index capital_advances_tenant_requested on capital_advances(tenant_id, requested_at, id);
create index capital_advances_tenant_status on capital_advances(tenant_id, status, requested_at, id);
create index capital_advances_tenant_order on capital_advances(tenant_id, order_id, requested_at) where order_id is not null;
create index capital_advances_tenant_principal on capital_advances(tenant_id, principal_cents, id);
-- one advance open at a time per tenant (requested, approved or being repaid): a second request waits for it
create unique index capital_advances_one_open on capital_advances(tenant_id)
  where status in ('requested', 'approved', 'disbursed', 'repaying');
alter table capital_advances enable row level security;
alter table capital_advances force row level security;
create policy tenant_isolation on capital_advances
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

create table capital_repayments (
  id bigint generated always as identity primary key,
  tenant_id uuid not null references tenants(id),
  advance_id uuid not null,
  kind text not null check (kind in ('holdback', 'payoff')),
  -- the payout a holdback came from (marketplace_settlements.id); null for a payoff
  settlement_id uuid,
  amount_cents bigint not null check (amount_cents > 0),
  -- the ledger entry that moved the money (its idempotency key: advance:<id>:holdback:<settlement>)
  ledger_key text not null,
  created_at timestamptz not null default now(),
  foreign key (tenant_id, advance_id) references capital_advances(tenant_id, id),
  unique (tenant_id, ledger_key)
);
-- a payout is held back once per advance, however often its event is delivered
create unique index capital_repayments_once on capital_repayments(tenant_id, advance_id, settlement_id) where settlement_id is not null;
create index capital_repayments_advance on capital_repayments(tenant_id, advance_id) include (amount_cents);
alter table capital_repayments enable row level security;
alter table capital_repayments force row level security;
create policy tenant_isolation on capital_repayments
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));
