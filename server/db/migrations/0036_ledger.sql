-- The double-entry ledger (docs/ledger.md): each tenant's chart of accounts, journal entries and
-- their postings. Amounts are signed integer cents (a debit positive, a credit negative). The
-- database itself keeps the books honest:
--   * an entry's postings sum to zero per currency, checked at commit (deferred constraint
--     triggers), and an entry has postings: an unbalanced or empty entry never commits;
--   * entries and postings are never updated or deleted (a trigger raises): a correction is a
--     reversing entry;
--   * an entry's idempotency key is unique per tenant: a cause redelivered or replayed posts nothing
--     twice.
-- Balances are sums of postings (never a counter beside them); the postings index serves a balance
-- per account and per day. Every table carries tenant_id under the tenant_isolation policy.

create table ledger_accounts (
  tenant_id uuid not null references tenants(id),
  code text not null check (code ~ '^[a-z_]+(:[a-z0-9_]+)?$'),
  type text not null check (type in ('asset', 'liability', 'revenue', 'contra_revenue', 'expense')),
  name text not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, code)
);
alter table ledger_accounts enable row level security;
alter table ledger_accounts force row level security;
create policy tenant_isolation on ledger_accounts
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

create table ledger_entries (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  occurred_at timestamptz not null default now(),
  kind text not null check (kind in ('sale', 'sale_reversal', 'supplier_cost', 'supplier_cost_reversal', 'label', 'label_void', 'refund', 'settlement', 'opening', 'adjustment')),
  description text not null,
  -- the business object it came from
  object_type text not null check (object_type in ('order', 'purchase_order', 'shipment', 'return', 'settlement')),
  object_id text not null,
  -- the tenant's number of the event that caused it (events.tenant_seq), when one did
  event_seq bigint,
  -- the entry this one reverses
  reverses_id uuid references ledger_entries(id),
  idempotency_key text not null,
  created_at timestamptz not null default now(),
  unique (tenant_id, id),
  unique (tenant_id, idempotency_key)
);
create index ledger_entries_tenant_occurred on ledger_entries(tenant_id, occurred_at desc, id desc);
create index ledger_entries_object on ledger_entries(tenant_id, object_type, object_id);
alter table ledger_entries enable row level security;
alter table ledger_entries force row level security;
create policy tenant_isolation on ledger_entries
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

create table ledger_postings (
  id bigint generated always as identity primary key,
  tenant_id uuid not null,
  entry_id uuid not null,
  account text not null,
  amount_cents bigint not null check (amount_cents <> 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- the entry's occurred_at, copied so that a balance per account and per day reads one index
  occurred_at timestamptz not null,
  foreign key (tenant_id, entry_id) references ledger_entries(tenant_id, id),
  foreign key (tenant_id, account) references ledger_accounts(tenant_id, code)
);
create index ledger_postings_entry on ledger_postings(entry_id);
create index ledger_postings_account_day on ledger_postings(tenant_id, account, occurred_at, entry_id) include (amount_cents, currency);
alter table ledger_postings enable row level security;
alter table ledger_postings force row level security;
create policy tenant_isolation on ledger_postings
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- Balanced at commit: the entry of each posting written sums to zero in every currency. Runs as the
-- owner so that it sees the entry's every posting whatever the session's tenant setting.
create function ledger_entry_balanced() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  bad record;
begin
  select p.currency, sum(p.amount_cents) as total into bad
    from ledger_postings p where p.entry_id = new.entry_id
   group by p.currency having sum(p.amount_cents) <> 0 limit 1;
  if found then
    raise exception 'ledger entry % is unbalanced: its % postings sum to % cents', new.entry_id, bad.currency, bad.total
      using errcode = '23514', hint = 'every entry''s postings must sum to zero per currency (docs/ledger.md)';
  end if;
  return null;
end $$;
create constraint trigger ledger_postings_balanced after insert on ledger_postings
  deferrable initially deferred for each row execute function ledger_entry_balanced();

-- An entry without postings is refused at commit too.
create function ledger_entry_has_postings() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if not exists (select 1 from ledger_postings p where p.entry_id = new.id) then
    raise exception 'ledger entry % has no postings', new.id
      using errcode = '23514', hint = 'an entry moves money between at least two accounts (docs/ledger.md)';
  end if;
  return null;
end $$;
create constraint trigger ledger_entries_have_postings after insert on ledger_entries
  deferrable initially deferred for each row execute function ledger_entry_has_postings();

-- Append-only: a correction is a reversing entry.
create function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only: % refused (a correction is a reversing entry)', tg_table_name, lower(tg_op)
    using errcode = '55000', hint = 'docs/ledger.md "Database guarantees"';
end $$;
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_append_only();
create trigger ledger_postings_append_only before update or delete on ledger_postings
  for each row execute function ledger_append_only();
create trigger ledger_entries_no_truncate before truncate on ledger_entries
  for each statement execute function ledger_append_only();
create trigger ledger_postings_no_truncate before truncate on ledger_postings
  for each statement execute function ledger_append_only();
