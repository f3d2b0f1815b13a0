/**
 * The work queue of /fulfillment and releasing a hold (docs/dropshipping.md "Hold rules" and "Work
 * queue"): orders still to ship, held ones first with their reason; releasing a hold clears it and
 * emits `fulfillment.released`, on which the router consumer routes the order again without the
 * tenant's hold rules (a person accepted them), so an unmapped or unstocked item still holds it.
 */
import type { Api } from '../module';
import { list, one } from '../kit';
import { fulfillmentQueueQuery, orderParams, type QueueOrder } from '../../../contract/fulfillment';
import { commandCtx, releaseByHand } from './order-commands';
import { listAnswer } from '../../../contract/api';
import { queueOrder } from '../../../contract/fulfillment';

/**
 * An order `o` is in the queue when it is held, or routed and still without a live outbound label —
 * or shipped on a label that was voided since (the parcel never left: it needs a new label). The
 * dashboard's counts (summary.ts) read the same.
 */
export const IN_QUEUE = [
  `(o.hold_reason is not null or (not exists (
     select 1 from shipments s where s.tenant_id = o.tenant_id and s.order_id = o.id and s.direction = 'outbound' and s.status <> 'voided')
   and (o.status in ('routed', 'ordered_from_supplier') or (o.status = 'shipped' and exists (
     select 1 from shipments s where s.tenant_id = o.tenant_id and s.order_id = o.id and s.direction = 'outbound' and s.status = 'voided')))))`,
  `o.status not in ('cancelled', 'partially_returned', 'returned', 'delivered')`,
];

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export function queueRoutes(api: Api) {
  api.route({
    method: 'GET',
    url: '/fulfillment/queue',
    access: 'read:orders',
    answer: listAnswer(queueOrder),
    query: fulfillmentQueueQuery,
    async handler({ tx, auth, query }) {
      const where = ['o.tenant_id = $1', ...IN_QUEUE];
      const params: unknown[] = [auth.tenantId];
      if (query.held !== undefined) where.push(query.held ? 'o.hold_reason is not null' : 'o.hold_reason is null');
      if (query.search) { params.push(`%${query.search}%`); where.push(`(o.id ilike $${params.length} or o.customer_name ilike $${params.length})`); }
      params.push(query.limit, query.offset);
      const { rows } = await tx.query<Record<string, unknown>>(
        `select o.id, o.marketplace, o.customer_name, o.status, o.hold_reason, o.held_at, o.items_count, o.total_cents,
                o.ship_to_country, to_char(o.promised_by, 'YYYY-MM-DD') as promised_by, o.created_at, count(*) over () as _total
           from orders o where ${where.join(' and ')}
          order by (o.hold_reason is not null) desc, o.${query.sort} ${query.order} nulls last, o.id
          limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      const data: QueueOrder[] = rows.map((r) => ({
        id: String(r.id), marketplace: String(r.marketplace), customer_name: (r.customer_name as string) ?? null, status: String(r.status),
        hold_reason: (r.hold_reason as string) ?? null, held_at: iso(r.held_at), items_count: Number(r.items_count), total_cents: Number(r.total_cents),
        ship_to_country: String(r.ship_to_country), promised_by: (r.promised_by as string) ?? null, created_at: iso(r.created_at)!,
      }));
      return list(data, rows.length ? Number(rows[0]._total) : 0, query.limit, query.offset);
    },
  });

  api.route({
    method: 'POST',
    url: '/orders/:id/release-hold',
    lock: { table: 'orders', what: 'Order', normalize: (id) => id.toUpperCase() },
    access: 'write:orders',
    params: orderParams,
    async handler(ctx) {
      return one(await releaseByHand(commandCtx(ctx), ctx.params.id));
    },
  });
}
