/**
 * The daily rollup of analytics (docs/analytics.md "Rollup", 0042_analytics_daily.sql): per tenant,
 * UTC day and marketplace, the summed parts of the orders created that day, as ./queries.ts sums
 * them from the detail tables. Summary and time series read it for the days before today, so a year
 * of a million order lines is ~1,500 rows rather than every order's probes.
 *
 * Kept by the `analytics-rollup` consumer, never in a request: an event that changes an order's
 * figures (created, cancelled, a purchase order placed, rejected or cancelled, a label bought or
 * voided, a return opened or refunded) makes it recompute the days those orders were created on,
 * batched per tenant (one read of the orders' days, one upsert of the days' rows). A recompute is
 * the whole day from the detail tables, so it is right whatever came before (a redelivery, events
 * out of order); a per-tenant transaction lock keeps two recomputes of a tenant in turn, so the
 * later one reads what the earlier committed. The seed (and anything else that bulk-inserts orders
 * without events: `npm run seed -- --orders`, the analytics bench) rebuilds it with `rebuildRollup`.
 */
import type { Tx } from '../../db';
import type { ConsumerContext } from '../../events/consumers';
import { batchedHandler } from '../../events/batching';
import { defineConsumer, type ConsumerDef, type EventMessage } from '../../events/types';
import { MARKETPLACES } from '../../../contract/orders';
import { orderParts } from './queries';

export const ROLLUP_CONSUMER = 'analytics-rollup';

/** The events after which an order's figures may have changed, and where each names its order. */
const ROLLUP_SUBJECTS = [
  'orders.created', 'orders.cancelled',
  'fulfillment.po_placed', 'fulfillment.po_rejected', 'fulfillment.po_cancelled',
  'labels.bought', 'labels.voided',
  'returns.requested', 'returns.status_changed',
] as const;

/** The order an event is about: `order_id`, or the order's own `id` for the orders' events. */
function orderOf(msg: EventMessage): string | null {
  const d = msg.data as { id?: unknown; order_id?: unknown };
  if (msg.subject.startsWith('orders.')) return typeof d.id === 'string' ? d.id : null;
  return typeof d.order_id === 'string' ? d.order_id : null;
}

/** Serializes a tenant's recomputes (two at once would each write what its own snapshot saw). */
async function lockTenant(tx: Tx, tenantId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended('analytics_daily:' || $1::text, 0))`, [tenantId]);
}

/**
 * Recomputes the rollup rows of `days` (UTC `YYYY-MM-DD`) of tenant `tenantId` from the detail
 * tables: one statement, each day read as one range of the orders' (tenant, created_at) index, a
 * row per day and marketplace written (zeros included, so a day whose orders were all cancelled
 * reads 0). Answers the rows written.
 */
export async function refreshDays(tx: Tx, tenantId: string, days: readonly string[]): Promise<number> {
  if (days.length === 0) return 0;
  await lockTenant(tx, tenantId);
  const { rowCount } = await tx.query(
    `with d as (select distinct unnest($2::date[]) as day),
     ${orderParts('true', '', `d join orders o on o.tenant_id = $1 and o.created_at >= (d.day::timestamp at time zone 'UTC')
                                and o.created_at < ((d.day + 1)::timestamp at time zone 'UTC')`)},
     agg as (
       select (v.created_at at time zone 'UTC')::date as day, v.marketplace, count(*) as orders, sum(v.units) as units,
              sum(v.revenue) as revenue, sum(v.fees) as fees, sum(v.supplier) as supplier, sum(v.shipping) as shipping, sum(v.refunds) as refunds,
              sum(v.k) as known_orders, sum(v.known_revenue) as known_revenue, sum(v.known_net) as known_net
         from v group by 1, 2)
     insert into analytics_daily (tenant_id, day, marketplace, orders, units, revenue_cents, fees_cents, supplier_cents, shipping_cents, refunds_cents,
                                  known_orders, known_revenue_cents, known_net_cents, refreshed_at)
     select $1, d.day, m.marketplace, coalesce(a.orders, 0), coalesce(a.units, 0), coalesce(a.revenue, 0), coalesce(a.fees, 0),
            coalesce(a.supplier, 0), coalesce(a.shipping, 0), coalesce(a.refunds, 0), coalesce(a.known_orders, 0),
            coalesce(a.known_revenue, 0), coalesce(a.known_net, 0), now()
       from d cross join unnest($3::text[]) as m(marketplace)
       left join agg a on a.day = d.day and a.marketplace = m.marketplace
     on conflict (tenant_id, day, marketplace) do update set
       orders = excluded.orders, units = excluded.units, revenue_cents = excluded.revenue_cents, fees_cents = excluded.fees_cents,
       supplier_cents = excluded.supplier_cents, shipping_cents = excluded.shipping_cents, refunds_cents = excluded.refunds_cents,
       known_orders = excluded.known_orders, known_revenue_cents = excluded.known_revenue_cents, known_net_cents = excluded.known_net_cents,
       refreshed_at = excluded.refreshed_at`,
    [tenantId, [...new Set(days)], MARKETPLACES],
  );
  return rowCount ?? 0;
}

/** Recomputes the days the orders `orderIds` were created on. */
export async function refreshOrders(tx: Tx, tenantId: string, orderIds: readonly string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const { rows } = await tx.query<{ day: string }>(
    `select distinct to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from orders where tenant_id = $1 and id = any($2::text[])`,
    [tenantId, [...new Set(orderIds)]],
  );
  return refreshDays(tx, tenantId, rows.map((r) => r.day));
}

/** Recomputes every day from the tenant's first order to today (the seed, bulk inserts without events). */
export async function rebuildRollup(tx: Tx, tenantId: string): Promise<number> {
  const { rows } = await tx.query<{ day: string }>(
    `select to_char(g.day, 'YYYY-MM-DD') as day
       from (select min(created_at) as first from orders where tenant_id = $1) f,
            generate_series((f.first at time zone 'UTC')::date, greatest((now() at time zone 'UTC')::date, (f.first at time zone 'UTC')::date), interval '1 day') as g(day)
      where f.first is not null`,
    [tenantId],
  );
  return refreshDays(tx, tenantId, rows.map((r) => r.day));
}

export function analyticsRollupConsumer(ctx: ConsumerContext): ConsumerDef {
  const run = (tenantId: string, msgs: EventMessage[]) =>
    ctx.db.transaction(async (tx) => {
      await refreshOrders(tx, tenantId, msgs.map(orderOf).filter((x): x is string => x !== null));
    }, { tenantId });
  const max = 500;
  return defineConsumer({
    name: ROLLUP_CONSUMER,
    filterSubjects: ROLLUP_SUBJECTS,
    batchSize: max,
    concurrency: max,
    handle: batchedHandler<EventMessage>({ max, rounds: 1, many: run, one: (msg) => run(msg.tenantId, [msg]) }),
  });
}
