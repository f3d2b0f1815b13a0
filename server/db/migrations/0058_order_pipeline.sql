-- Where each open order waits in the dropshipping automation, kept by the writes that move it
-- (docs/dashboard.md "Pipeline backlog"): one row per order in a stage (intake, routing, supplier,
-- label, tracking), with since when it waits there and whether it is on hold. The dashboard's
-- backlog then reads one index range of this table per tenant instead of folding the orders, their
-- purchase orders and their labels on every request (docs/performance.md "Dashboard").
--
-- The stage is derived from the order's status, hold and status time, its purchase orders placed or
-- confirmed and its outbound labels, by one function (order_pipeline_refresh) that statement-level
-- triggers on the three tables call with the orders a statement touched. The rules are the ones the
-- backlog's detail statement applies (server/api/dashboard/pipeline-backlog.ts), which a test
-- compares with this table after every kind of move.
create table order_pipeline (
  tenant_id uuid not null references tenants(id),
  order_id text not null,
  -- null only inside the transaction that is recomputing the row (see order_pipeline_refresh)
  stage text check (stage in ('intake', 'routing', 'supplier', 'label', 'tracking')),
  since timestamptz,
  held boolean not null default false,
  primary key (tenant_id, order_id),
  foreign key (tenant_id, order_id) references orders(tenant_id, id) on delete cascade
);
create index order_pipeline_stage on order_pipeline (tenant_id, stage, since) include (held) where stage is not null;
alter table order_pipeline enable row level security;
alter table order_pipeline force row level security;
create policy tenant_isolation on order_pipeline
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

-- Recomputes the rows of the orders named (parallel arrays of tenant and order ids).
--
-- Two transactions may move the same order at once through different tables (one confirms its
-- purchase order while the other buys its label): each computes from a snapshot that lacks the
-- other's uncommitted change. So the rows are first taken (created, empty, when missing) in a fixed
-- order, which makes the second wait for the first to commit; then, in a new statement and so a new
-- snapshot under READ COMMITTED, the stage is derived from what is committed plus the transaction's
-- own writes. The last of them to take the row therefore writes a stage that includes every move.
create function order_pipeline_refresh(p_tenants uuid[], p_orders text[]) returns void
language plpgsql as $$
begin
  if p_orders is null or cardinality(p_orders) = 0 then
    return;
  end if;
  -- take the rows: of orders in the pipeline's statuses, and of orders that had a row (leaving it)
  insert into order_pipeline as op (tenant_id, order_id, stage, since, held)
  select c.t, c.o, null, null, false
    from (select distinct t, o from unnest(p_tenants, p_orders) as u(t, o)) c
   where exists (select 1 from orders o where o.tenant_id = c.t and o.id = c.o
                   and o.status in ('pending', 'routed', 'ordered_from_supplier', 'shipped'))
      or exists (select 1 from order_pipeline p where p.tenant_id = c.t and p.order_id = c.o)
   order by c.t, c.o
  on conflict (tenant_id, order_id) do update set held = op.held;

  with c as (select distinct t, o from unnest(p_tenants, p_orders) as u(t, o)),
  facts as (
    select c.t, c.o, o.status, o.hold_reason, o.status_at,
           po.placed_at, po.confirmed_at, sh.unscanned_at, sh.voided_at, coalesce(sh.live, false) as live
      from c
      left join orders o on o.tenant_id = c.t and o.id = c.o
      left join lateral (
        select min(p.created_at) filter (where p.status = 'placed') as placed_at,
               max(p.updated_at) filter (where p.status = 'confirmed') as confirmed_at
          from purchase_orders p
         where p.tenant_id = c.t and p.order_id = c.o and p.status in ('placed', 'confirmed')) po on true
      left join lateral (
        select min(s.bought_at) filter (where s.status = 'label_created') as unscanned_at,
               max(s.voided_at) filter (where s.status = 'voided') as voided_at,
               bool_or(s.status <> 'voided') as live
          from shipments s
         where s.tenant_id = c.t and s.order_id = c.o and s.direction = 'outbound') sh on true),
  staged as (
    select f.t, f.o,
           case
             when f.status = 'pending' then 'intake'
             when f.status = 'routed' then 'routing'
             when f.status = 'ordered_from_supplier' and f.placed_at is not null then 'supplier'
             when f.status = 'ordered_from_supplier' and f.unscanned_at is null then 'label'
             when f.status = 'shipped' and f.unscanned_at is not null then 'tracking'
             when f.status = 'shipped' and f.voided_at is not null and not f.live then 'label'
           end as stage,
           case
             when f.status in ('pending', 'routed') then f.status_at
             when f.status = 'ordered_from_supplier' and f.placed_at is not null then f.placed_at
             when f.status = 'shipped' and f.unscanned_at is not null then f.unscanned_at
             else greatest(f.status_at, f.confirmed_at, f.voided_at)
           end as since,
           f.hold_reason is not null as held
      from facts f)
  update order_pipeline op set stage = s.stage, since = s.since, held = s.held
    from staged s
   where op.tenant_id = s.t and op.order_id = s.o
     and (op.stage, op.since, op.held) is distinct from (s.stage, s.since, s.held);

  delete from order_pipeline op
   using (select distinct t, o from unnest(p_tenants, p_orders) as u(t, o)) c
   where op.tenant_id = c.t and op.order_id = c.o and op.stage is null;
end $$;

-- orders: a new order in the pipeline's statuses, or a change of status, hold or status time
create function order_pipeline_orders_inserted() returns trigger language plpgsql as $$
begin
  perform order_pipeline_refresh(array_agg(n.tenant_id), array_agg(n.id))
     from new_rows n where n.status in ('pending', 'routed', 'ordered_from_supplier', 'shipped');
  return null;
end $$;
create function order_pipeline_orders_updated() returns trigger language plpgsql as $$
begin
  perform order_pipeline_refresh(array_agg(n.tenant_id), array_agg(n.id))
     from new_rows n join old_rows o on o.id = n.id
    where (n.status, n.hold_reason, n.status_at) is distinct from (o.status, o.hold_reason, o.status_at)
      and (n.status in ('pending', 'routed', 'ordered_from_supplier', 'shipped')
           or o.status in ('pending', 'routed', 'ordered_from_supplier', 'shipped'));
  return null;
end $$;
create trigger order_pipeline_orders_inserted after insert on orders
  referencing new table as new_rows for each statement execute function order_pipeline_orders_inserted();
create trigger order_pipeline_orders_updated after update on orders
  referencing old table as old_rows new table as new_rows for each statement execute function order_pipeline_orders_updated();

-- purchase orders and shipments: the orders of the rows written (before and after an update)
create function order_pipeline_children_inserted() returns trigger language plpgsql as $$
begin
  perform order_pipeline_refresh(array_agg(n.tenant_id), array_agg(n.order_id)) from new_rows n where n.order_id is not null;
  return null;
end $$;
create function order_pipeline_children_updated() returns trigger language plpgsql as $$
begin
  perform order_pipeline_refresh(array_agg(x.tenant_id), array_agg(x.order_id))
     from (select n.tenant_id, n.order_id from new_rows n where n.order_id is not null
           union select o.tenant_id, o.order_id from old_rows o where o.order_id is not null) x;
  return null;
end $$;
create function order_pipeline_children_deleted() returns trigger language plpgsql as $$
begin
  perform order_pipeline_refresh(array_agg(o.tenant_id), array_agg(o.order_id)) from old_rows o where o.order_id is not null;
  return null;
end $$;
create trigger order_pipeline_purchase_orders_inserted after insert on purchase_orders
  referencing new table as new_rows for each statement execute function order_pipeline_children_inserted();
create trigger order_pipeline_purchase_orders_updated after update on purchase_orders
  referencing old table as old_rows new table as new_rows for each statement execute function order_pipeline_children_updated();
create trigger order_pipeline_purchase_orders_deleted after delete on purchase_orders
  referencing old table as old_rows for each statement execute function order_pipeline_children_deleted();
create trigger order_pipeline_shipments_inserted after insert on shipments
  referencing new table as new_rows for each statement execute function order_pipeline_children_inserted();
create trigger order_pipeline_shipments_updated after update on shipments
  referencing old table as old_rows new table as new_rows for each statement execute function order_pipeline_children_updated();
create trigger order_pipeline_shipments_deleted after delete on shipments
  referencing old table as old_rows for each statement execute function order_pipeline_children_deleted();

-- the orders in the pipeline now, tenant by tenant (the row-level security of the tables read and
-- written holds for the migration's owner too: it reads the tenant ids as the scheduler does)
do $$
declare
  t uuid;
begin
  perform set_config('app.runtime', 'scheduler', true);
  for t in select id from tenants loop
    perform set_config('app.tenant_id', t::text, true);
    perform order_pipeline_refresh(array_agg(o.tenant_id), array_agg(o.id))
       from orders o where o.tenant_id = t and o.status in ('pending', 'routed', 'ordered_from_supplier', 'shipped');
  end loop;
  perform set_config('app.tenant_id', '', true);
  perform set_config('app.runtime', '', true);
end $$;
