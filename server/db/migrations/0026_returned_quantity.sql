-- How much of each order line has come back (docs/dropshipping.md "Returns", "Returned quantity"):
-- the sum of the line's quantities over the order's returns that are not rejected, kept by a
-- trigger on returns, so no code path can forget it. A CHECK bounds it by the quantity sold: a
-- return that would take more of a line than is left fails with 23514 and the constraint
-- order_items_returned_quantity_max (the API answers 400). The counter is an UPDATE of the line's
-- row, so two returns of the same line at the same time wait for each other on its row lock and
-- the second one sees what the first took.
alter table order_items add column returned_quantity integer not null default 0;

-- Returns made before the counter: a line may already have been returned more than once; the
-- counter starts at what was sold then, at most, and a rejection never takes it below zero.
update order_items i set returned_quantity = least(x.n, i.quantity)
  from (select r.tenant_id, r.order_id, (e->>'order_item_id')::bigint as id, sum((e->>'quantity')::integer) as n
          from returns r cross join lateral jsonb_array_elements(r.items) e
         where r.status <> 'rejected'
         group by 1, 2, 3) x
 where i.tenant_id = x.tenant_id and i.order_id = x.order_id and i.id = x.id;

alter table order_items
  add constraint order_items_returned_quantity_min check (returned_quantity >= 0),
  add constraint order_items_returned_quantity_max check (returned_quantity <= quantity);

-- Adds (p_sign 1) or takes back (-1) a return's items on its order's lines. The lines are locked
-- in id order first, so two returns of several lines never deadlock. Adding needs every item to
-- name a line of the order with a positive quantity; taking back skips lines that are gone (an
-- order re-imported with new lines).
create function returned_quantity_apply(p_tenant uuid, p_order text, p_items jsonb, p_sign integer) returns void language plpgsql as $$
declare
  ids bigint[];
  ns integer[];
  found integer;
begin
  if p_sign > 0 and exists (
    select 1 from (select e->>'order_item_id' as line,
                          case when jsonb_typeof(e->'quantity') = 'number' then (e->>'quantity')::numeric end as q
                     from jsonb_array_elements(p_items) e) x
     where x.line is null or x.q is null or x.q <= 0 or x.q <> trunc(x.q)) then
    raise exception 'A return item needs an order line and a positive whole quantity' using errcode = '23514', constraint = 'returns_items_valid';
  end if;
  select array_agg(x.id order by x.id), array_agg(x.n order by x.id) into ids, ns
    from (select (e->>'order_item_id')::bigint as id, sum((e->>'quantity')::integer)::integer as n
            from jsonb_array_elements(p_items) e group by 1) x;
  if ids is null then
    return;
  end if;
  perform 1 from order_items i where i.id = any(ids) order by i.id for update;
  if p_sign > 0 then
    update order_items i set returned_quantity = i.returned_quantity + q.n
      from unnest(ids, ns) as q(id, n)
     where i.id = q.id and i.tenant_id = p_tenant and i.order_id = p_order;
    get diagnostics found = row_count;
    if found <> cardinality(ids) then
      raise exception 'A return item is not a line of order %', p_order using errcode = '23503', constraint = 'returns_items_order_line';
    end if;
  else
    update order_items i set returned_quantity = greatest(i.returned_quantity - q.n, 0)
      from unnest(ids, ns) as q(id, n)
     where i.id = q.id and i.tenant_id = p_tenant and i.order_id = p_order;
  end if;
end $$;

create function returns_returned_quantity() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status <> 'rejected' then
    perform returned_quantity_apply(old.tenant_id, old.order_id, old.items, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status <> 'rejected' then
    perform returned_quantity_apply(new.tenant_id, new.order_id, new.items, 1);
  end if;
  return null;
end $$;
create trigger returns_returned_quantity_insert after insert on returns
  for each row execute function returns_returned_quantity();
-- only a change that moves the count: rejected or not, other items, another order
create trigger returns_returned_quantity_update after update of status, items, order_id, tenant_id on returns
  for each row when ((old.status = 'rejected') is distinct from (new.status = 'rejected')
                     or old.items is distinct from new.items or old.order_id is distinct from new.order_id
                     or old.tenant_id is distinct from new.tenant_id)
  execute function returns_returned_quantity();
create trigger returns_returned_quantity_delete after delete on returns
  for each row execute function returns_returned_quantity();
