/**
 * What no sequence of requests may break about returns and money (docs/dropshipping.md "Returned
 * quantity"), checked over every tenant's data; race and fuzz suites call it after they ran:
 *
 * - an order's refunds (over all its returns) never pass what its buyer paid (the order's total);
 * - a return never refunds more than its items are worth;
 * - an order line is returned at most up to its quantity: the items of the order's returns that are
 *   not rejected, summed per line, and the line's counter (`returned_quantity`) says exactly that;
 * - every item of a return takes a positive quantity;
 * - a rejected return holds nothing in stock (`restocked` is false).
 *
 * Engine-neutral: the tenants are listed through the scheduler's runtime policy (the only one that
 * reads every tenant id), then each tenant is read in its own transaction under row-level security,
 * as the server reads it — on PGlite and on PostgreSQL alike.
 */
import type { Harness } from './harness';
import { runtimeTx } from '../../server/events/runtime-tx';

/** One sentence per broken rule, naming the tenant and the rows. */
export async function moneyViolations(h: Pick<Harness, 'db'>): Promise<string[]> {
  const tenants = await runtimeTx(h.db, async (tx) => (await tx.query<{ id: string }>('select id from tenants order by id')).rows.map((r) => r.id), 'scheduler');
  const out: string[] = [];
  for (const t of tenants) {
    await h.db.transaction(async (tx) => {
      const overPaid = await tx.query<{ id: string; paid: string; refunded: string }>(
        `select o.id, o.total_cents as paid, sum(r.refund_cents)::bigint as refunded
           from orders o join returns r on r.tenant_id = o.tenant_id and r.order_id = o.id
          where o.tenant_id = $1 and r.refund_cents is not null
          group by o.id, o.total_cents having sum(r.refund_cents) > o.total_cents`,
        [t],
      );
      for (const r of overPaid.rows) out.push(`tenant ${t}: order ${r.id} refunded ${r.refunded} cents of ${r.paid} paid`);

      const overItems = await tx.query<{ number: string; refund_cents: number; worth: string }>(
        `select r.number, r.refund_cents, x.worth
           from returns r cross join lateral (
             select coalesce(sum((e->>'quantity')::bigint * (e->>'unit_price_cents')::bigint), 0)::bigint as worth from jsonb_array_elements(r.items) e) x
          where r.tenant_id = $1 and r.refund_cents > x.worth`,
        [t],
      );
      for (const r of overItems.rows) out.push(`tenant ${t}: ${r.number} refunded ${r.refund_cents} cents for items worth ${r.worth}`);

      const badItems = await tx.query<{ number: string; item: unknown }>(
        `select r.number, e as item from returns r cross join lateral jsonb_array_elements(r.items) e
          where r.tenant_id = $1 and (jsonb_typeof(e->'quantity') is distinct from 'number' or (e->>'quantity')::numeric <= 0)`,
        [t],
      );
      for (const r of badItems.rows) out.push(`tenant ${t}: ${r.number} has an item without a positive quantity: ${JSON.stringify(r.item)}`);

      const lines = await tx.query<{ id: string; order_id: string; quantity: number; returned_quantity: number; counted: string }>(
        `with counted as (
           select r.order_id, (e->>'order_item_id')::bigint as id, sum((e->>'quantity')::bigint) as n
             from returns r cross join lateral jsonb_array_elements(r.items) e
            where r.tenant_id = $1 and r.status <> 'rejected'
            group by 1, 2)
         select i.id::text, i.order_id, i.quantity, i.returned_quantity, coalesce(c.n, 0)::bigint as counted
           from order_items i left join counted c on c.id = i.id and c.order_id = i.order_id
          where i.tenant_id = $1
            and (coalesce(c.n, 0) > i.quantity or i.returned_quantity <> coalesce(c.n, 0) or i.returned_quantity not between 0 and i.quantity)`,
        [t],
      );
      for (const l of lines.rows) {
        out.push(`tenant ${t}: order ${l.order_id} line ${l.id} sold ${l.quantity}, its returns take ${l.counted}, its counter says ${l.returned_quantity}`);
      }

      const rejectedInStock = await tx.query<{ number: string }>(`select number from returns where tenant_id = $1 and status = 'rejected' and restocked`, [t]);
      for (const r of rejectedInStock.rows) out.push(`tenant ${t}: ${r.number} was rejected yet its items are still counted in stock`);
    }, { tenantId: t });
  }
  return out;
}

/** Throws, listing every broken rule, when any is broken. */
export async function assertMoneyInvariants(h: Pick<Harness, 'db'>): Promise<void> {
  const v = await moneyViolations(h);
  if (v.length) throw new Error(`Money invariants broken (${v.length}):\n${v.slice(0, 50).join('\n')}${v.length > 50 ? `\n… and ${v.length - 50} more` : ''}`);
}
