-- Document numbers per tenant (docs/commerce.md "Document numbers"). Order ids (ORD-), purchase
-- order numbers (PO-) and return numbers (RMA-) came from one sequence each for every tenant: a
-- tenant's numbers had gaps where other tenants' documents were made, so it could count their
-- business. Each tenant now numbers its own: a counter row per tenant and kind holds the last number
-- given, and the next ones are taken with one `insert … on conflict do update set last_number =
-- last_number + n returning` in the creating transaction. The row stays locked until that
-- transaction ends, so concurrent creations in one tenant wait for it and get the following
-- numbers; one that rolls back gives its numbers back (no gaps). Numbers already given do not
-- change: each tenant counts on from its highest. A tenant's first documents keep the printed form
-- the sequences gave: ORD-100001, PO-5001, RMA-1001.
create table document_counters (
  tenant_id uuid not null references tenants(id),
  kind text not null check (kind in ('order', 'purchase_order', 'return')),
  last_number bigint not null,
  primary key (tenant_id, kind)
);
alter table document_counters enable row level security;
alter table document_counters force row level security;
create policy tenant_isolation on document_counters
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- The last of the tenant's next `n` numbers of `kind` (they are last - n + 1 … last).
create function next_document_numbers(t uuid, k text, n integer default 1) returns bigint language sql volatile as $$
  insert into document_counters as c (tenant_id, kind, last_number)
  values ($1, $2, (case $2 when 'order' then 100000 when 'purchase_order' then 5000 else 1000 end) + $3)
  on conflict (tenant_id, kind) do update set last_number = c.last_number + $3
  returning last_number
$$;
-- each tenant counts on from its highest number so far (ids not of the printed form, e.g. a test's, are left out)
insert into document_counters (tenant_id, kind, last_number)
select tenant_id, 'order', greatest(max(substring(id from '^ORD-([0-9]{1,18})$')::bigint), 100000)
  from orders where id ~ '^ORD-[0-9]{1,18}$' group by tenant_id;
insert into document_counters (tenant_id, kind, last_number)
select tenant_id, 'purchase_order', greatest(max(substring(number from '^PO-([0-9]{1,18})$')::bigint), 5000)
  from purchase_orders where number ~ '^PO-[0-9]{1,18}$' group by tenant_id;
insert into document_counters (tenant_id, kind, last_number)
select tenant_id, 'return', greatest(max(substring(number from '^RMA-([0-9]{1,18})$')::bigint), 1000)
  from returns where number ~ '^RMA-[0-9]{1,18}$' group by tenant_id;

-- An insert that leaves the number out gets the tenant's next (server/api/orders/insert.ts takes a
-- whole batch of order ids at once and writes them itself).
create function documents_assign_number() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'orders' then
    new.id := 'ORD-' || next_document_numbers(new.tenant_id, 'order');
  elsif tg_table_name = 'purchase_orders' then
    new.number := 'PO-' || next_document_numbers(new.tenant_id, 'purchase_order');
  else
    new.number := 'RMA-' || next_document_numbers(new.tenant_id, 'return');
  end if;
  return new;
end $$;

alter table orders alter column id drop default;
create trigger orders_assign_number before insert on orders for each row
  when (new.id is null) execute function documents_assign_number();
alter table purchase_orders alter column number drop default;
create trigger purchase_orders_assign_number before insert on purchase_orders for each row
  when (new.number is null) execute function documents_assign_number();
alter table returns alter column number drop default;
create trigger returns_assign_number before insert on returns for each row
  when (new.number is null) execute function documents_assign_number();
drop sequence order_number_seq;
drop sequence purchase_order_number_seq;
drop sequence return_number_seq;

-- The database's guard: a number is unique within its tenant. An order id is now the tenant's, so
-- the order's key is (tenant_id, id), and the rows naming an order reference it with their tenant.
create unique index purchase_orders_tenant_number on purchase_orders (tenant_id, number);
create unique index returns_tenant_number on returns (tenant_id, number);

do $$
declare r record;
begin
  for r in select conrelid::regclass as tbl, conname from pg_constraint where contype = 'f' and confrelid = 'orders'::regclass loop
    execute format('alter table %s drop constraint %I', r.tbl, r.conname);
  end loop;
end $$;
alter table orders drop constraint orders_pkey;
alter table orders add primary key (tenant_id, id);
alter table order_items add foreign key (tenant_id, order_id) references orders (tenant_id, id) on delete cascade;
alter table order_status_history add foreign key (tenant_id, order_id) references orders (tenant_id, id) on delete cascade;
alter table order_routes add foreign key (tenant_id, order_id) references orders (tenant_id, id) on delete cascade;
alter table purchase_orders add foreign key (tenant_id, order_id) references orders (tenant_id, id) on delete cascade;
alter table returns add foreign key (tenant_id, order_id) references orders (tenant_id, id) on delete cascade;
alter table returns add foreign key (tenant_id, replacement_order_id) references orders (tenant_id, id) on delete set null (replacement_order_id);
alter table shipments add foreign key (tenant_id, order_id) references orders (tenant_id, id) on delete cascade;
-- one live outbound label per order: per tenant now that another tenant may have the same order id
drop index shipments_one_live_outbound;
create unique index shipments_one_live_outbound on shipments (tenant_id, order_id) where direction = 'outbound' and status <> 'voided';
