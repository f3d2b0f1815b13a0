-- Since when an order is in its status (docs/dashboard.md "Pipeline backlog"): the dashboard's
-- pipeline backlog ages each stage by it. Looking it up in the status history per waiting order cost
-- ~0.1 ms an order on PGlite (400 ms at 5,000 open orders of 100,000); a column kept by the row's
-- own writes, and indexes of the open work only (orders in the pipeline's statuses, purchase orders
-- not answered or confirmed, labels not scanned or voided), make each stage an index-only range
-- whose size is the work waiting, whatever plan an engine without statistics picks: each is the
-- smallest index whose predicate the stage's condition implies.
alter table orders add column status_at timestamptz;

-- set on insert (the order's arrival, unless given) and whenever the status changes; the status
-- write (server/api/orders/status.ts) names `status` in its SET list, so this fires on it alone
create function orders_status_at() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    new.status_at := coalesce(new.status_at, new.created_at, now());
  elsif new.status is distinct from old.status then
    new.status_at := now();
  end if;
  return new;
end $$;
create trigger orders_status_at before insert or update of status on orders
  for each row execute function orders_status_at();

-- the orders in the pipeline now: since their last history row into their status, else their arrival
-- (orders past the pipeline keep null until their status changes: nothing reads it for them)
update orders o
   set status_at = coalesce((select max(h.at) from order_status_history h
                              where h.tenant_id = o.tenant_id and h.order_id = o.id and h.to_status = o.status), o.created_at)
 where o.status in ('pending', 'routed', 'ordered_from_supplier', 'shipped');

create index orders_pipeline on orders (tenant_id, status, status_at, id) include (hold_reason)
  where status in ('pending', 'routed', 'ordered_from_supplier', 'shipped');

create index purchase_orders_open on purchase_orders (tenant_id, order_id) include (status, created_at, updated_at)
  where status in ('placed', 'confirmed');
create index shipments_pipeline on shipments (tenant_id, order_id) include (direction, bought_at, voided_at)
  where status in ('label_created', 'voided');
