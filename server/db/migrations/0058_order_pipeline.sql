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
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- Recomputes the rows of a tenant's orders named.
--
-- Two transactions may move the same order at once through different tables (one confirms its
-- purchase order while the other holds the order): each computes from a snapshot that lacks the
-- other's uncommitted change. So the rows are first taken (created, empty, when missing) in a fixed
-- order, which makes the second wait for the first to commit; then, in a new statement and so a new
-- snapshot under READ COMMITTED, the stage is derived from what is committed plus the transaction's
-- own writes. The last of them to take the row therefore writes a stage that includes every move.
-- (An order outside the pipeline with no row is not taken: it enters through its own status change,
-- whose transaction holds the order's row.)
--
-- Every step reads each table once, by its keys, whatever the statistics say: the writes it follows
-- fill tables faster than PGlite's upkeep analyzes them (server/db/maintenance.ts), and a plan that
-- probed the purchase orders or labels once per order of a round of thousands (a nested loop over a
-- guessed index) cost more than the round itself. Hence no sequential scans and no nested loops in
-- the function: each table is read once for the round's orders and the parts are hashed together.
create function order_pipeline_refresh(p_tenant uuid, p_orders text[]) returns void
language plpgsql set enable_seqscan = off set enable_nestloop = off as $$
begin
  if p_orders is null or cardinality(p_orders) = 0 then
    return;
  end if;
  -- take the rows: of orders in the pipeline's statuses, and of orders that had a row (leaving it)
  insert into order_pipeline as op (tenant_id, order_id, stage, since, held)
  select p_tenant, x.id, null, null, false
    from (select o.id from orders o
           where o.tenant_id = p_tenant and o.id = any(p_orders)
             and o.status in ('pending', 'routed', 'ordered_from_supplier', 'shipped')
          union
          select p.order_id from order_pipeline p where p.tenant_id = p_tenant and p.order_id = any(p_orders)) x
   order by x.id
  on conflict (tenant_id, order_id) do update set held = op.held;

  insert into order_pipeline as op (tenant_id, order_id, stage, since, held)
  select p_tenant, f.id,
         case
           when f.status = 'pending' then 'intake'
           when f.status = 'routed' then 'routing'
           when f.status = 'ordered_from_supplier' and f.placed_at is not null then 'supplier'
           when f.status = 'ordered_from_supplier' and f.unscanned_at is null then 'label'
           when f.status = 'shipped' and f.unscanned_at is not null then 'tracking'
           when f.status = 'shipped' and f.voided_at is not null and not coalesce(f.live, false) then 'label'
         end,
         case
           when f.status in ('pending', 'routed') then f.status_at
           when f.status = 'ordered_from_supplier' and f.placed_at is not null then f.placed_at
           when f.status = 'shipped' and f.unscanned_at is not null then f.unscanned_at
           else greatest(f.status_at, f.confirmed_at, f.voided_at)
         end,
         f.hold_reason is not null
    from (select o.id, o.status, o.hold_reason, o.status_at, po.placed_at, po.confirmed_at, sh.unscanned_at, sh.voided_at, sh.live
            from orders o
            left join (
              select p.order_id,
                     min(p.created_at) filter (where p.status = 'placed') as placed_at,
                     max(p.updated_at) filter (where p.status = 'confirmed') as confirmed_at
                from purchase_orders p
               where p.tenant_id = p_tenant and p.order_id = any(p_orders) and p.status in ('placed', 'confirmed')
               group by p.order_id) po on po.order_id = o.id
            left join (
              select s.order_id,
                     min(s.bought_at) filter (where s.status = 'label_created') as unscanned_at,
                     max(s.voided_at) filter (where s.status = 'voided') as voided_at,
                     bool_or(s.status <> 'voided') as live
                from shipments s
               where s.tenant_id = p_tenant and s.order_id = any(p_orders) and s.direction = 'outbound'
               group by s.order_id) sh on sh.order_id = o.id
           where o.tenant_id = p_tenant and o.id = any(p_orders)
             and o.id in (select p.order_id from order_pipeline p where p.tenant_id = p_tenant and p.order_id = any(p_orders))) f
  on conflict (tenant_id, order_id) do update set stage = excluded.stage, since = excluded.since, held = excluded.held
   where (op.stage, op.since, op.held) is distinct from (excluded.stage, excluded.since, excluded.held);

  delete from order_pipeline op where op.tenant_id = p_tenant and op.order_id = any(p_orders) and op.stage is null;
end $$;

-- The same for orders of any tenants (a statement's transition table): one call per tenant.
create function order_pipeline_refresh_each(p_tenants uuid[], p_orders text[]) returns void
language plpgsql as $$
declare
  r record;
begin
  for r in select u.t, array_agg(distinct u.o) as ids from unnest(p_tenants, p_orders) as u(t, o)
            where u.o is not null group by u.t loop
    perform order_pipeline_refresh(r.t, r.ids);
  end loop;
end $$;

-- orders: a new order in the pipeline's statuses, or a change of status, hold or status time
create function order_pipeline_orders_inserted() returns trigger language plpgsql as $$
begin
  perform order_pipeline_refresh_each(array_agg(n.tenant_id), array_agg(n.id))
     from new_rows n where n.status in ('pending', 'routed', 'ordered_from_supplier', 'shipped');
  return null;
end $$;
create function order_pipeline_orders_updated() returns trigger language plpgsql as $$
begin
  perform order_pipeline_refresh_each(array_agg(n.tenant_id), array_agg(n.id))
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
create function order_pipeline_children_written() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform order_pipeline_refresh_each(array_agg(n.tenant_id), array_agg(n.order_id)) from new_rows n;
  elsif tg_op = 'UPDATE' then
    perform order_pipeline_refresh_each(array_agg(x.tenant_id), array_agg(x.order_id))
       from (select n.tenant_id, n.order_id from new_rows n union all select o.tenant_id, o.order_id from old_rows o) x;
  else
    perform order_pipeline_refresh_each(array_agg(o.tenant_id), array_agg(o.order_id)) from old_rows o;
  end if;
  return null;
end $$;
create trigger order_pipeline_purchase_orders_inserted after insert on purchase_orders
  referencing new table as new_rows for each statement execute function order_pipeline_children_written();
create trigger order_pipeline_purchase_orders_updated after update on purchase_orders
  referencing old table as old_rows new table as new_rows for each statement execute function order_pipeline_children_written();
create trigger order_pipeline_purchase_orders_deleted after delete on purchase_orders
  referencing old table as old_rows for each statement execute function order_pipeline_children_written();
create trigger order_pipeline_shipments_inserted after insert on shipments
  referencing new table as new_rows for each statement execute function order_pipeline_children_written();
create trigger order_pipeline_shipments_updated after update on shipments
  referencing old table as old_rows new table as new_rows for each statement execute function order_pipeline_children_written();
create trigger order_pipeline_shipments_deleted after delete on shipments
  referencing old table as old_rows for each statement execute function order_pipeline_children_written();

-- the orders in the pipeline now, tenant by tenant (the row-level security of the tables read and
-- written holds for the migration's owner too: it reads the tenant ids as the scheduler does)
do $$
declare
  t uuid;
begin
  perform set_config('app.runtime', 'scheduler', true);
  for t in select id from tenants loop
    perform set_config('app.tenant_id', t::text, true);
    perform order_pipeline_refresh(t, array_agg(o.id))
       from orders o where o.tenant_id = t and o.status in ('pending', 'routed', 'ordered_from_supplier', 'shipped');
  end loop;
  perform set_config('app.tenant_id', '', true);
  perform set_config('app.runtime', '', true);
end $$;
