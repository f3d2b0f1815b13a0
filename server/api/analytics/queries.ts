/**
 * Analytics reads (docs/analytics.md): every figure is summed by the database from the parts of each
 * order's profit (docs/commerce.md "Order profit": its total, the fees it stores, its live purchase
 * orders, its live labels, its refunded returns), over the orders created in the period, cancelled
 * ones left out. Each cost sums what is known of it; the net margin covers only the orders whose
 * every cost is known, and the others are counted (never guessed at 0). Summary and time series
 * read the daily rollup (./rollup.ts) and the detail tables for today's orders it has not seen yet;
 * breakdowns read the detail tables. No row reaches Node but the aggregates.
 */
import type { Tx } from '../../db';
import {
  addDays, figuresOf, type AnalyticsBreakdownQuery, type AnalyticsBreakdownRow, type AnalyticsFigures, type BreakdownBy, type Interval,
} from '../../../contract/analytics';
import { MARKETPLACE_LABEL, type Marketplace } from '../../../contract/orders';

/** A UTC day as the timestamptz of its midnight, whatever the session's time zone. */
const dayStart = (ph: string) => `((${ph})::date::timestamp at time zone 'UTC')`;

/** The open statuses of a return: while one is open, the order's refunds are not known yet (docs/commerce.md "Order profit"). */
const OPEN_RETURNS = `('requested', 'approved', 'in_transit', 'received')`;

/**
 * The per-order parts of the orders `where` selects (tenant `$1`): `v`, one row per order, each
 * cost read as the order's profit reads it (server/api/orders/queries.ts `orderProfitOf`): one
 * probe per order of each cost table's (tenant_id, order_id) index (0037_analytics.sql,
 * 0042_analytics_daily.sql), each answering the part's sum and whether it is known. Probes, not
 * joins: PGlite keeps no statistics, and a join of estimates is a plan of chance. `k` is 1 for an
 * order whose every cost is known (a live purchase order, a live outbound label, no open return),
 * with `known_revenue` and `known_net` its revenue and net then (0 otherwise). `extra` adds columns;
 * `source` replaces the orders' FROM (the rollup's days joined to their ranges).
 */
export const orderParts = (where: string, extra = '', source = 'orders o') => `
  v as (
    select o.id, o.created_at, o.marketplace, o.items_count as units, o.total_cents as revenue, o.fees_cents as fees,
           coalesce(po.s, 0) as supplier, coalesce(sh.s, 0) as shipping, coalesce(rt.s, 0) as refunds,
           (po.n > 0 and sh.n > 0 and rt.n = 0)::int as k,
           case when po.n > 0 and sh.n > 0 and rt.n = 0 then o.total_cents else 0 end as known_revenue,
           case when po.n > 0 and sh.n > 0 and rt.n = 0
                then o.total_cents - o.fees_cents - coalesce(po.s, 0) - coalesce(sh.s, 0) - coalesce(rt.s, 0) else 0 end as known_net${extra}
      from ${source}
      cross join lateral (select sum(p.total_cents) as s, count(*) as n from purchase_orders p
                           where p.tenant_id = $1 and p.order_id = o.id and p.status not in ('rejected', 'cancelled')) po
      cross join lateral (select sum(s.rate_cents) filter (where s.status <> 'voided') as s,
                                 count(*) filter (where s.direction = 'outbound' and s.status <> 'voided') as n
                            from shipments s where s.tenant_id = $1 and s.order_id = o.id) sh
      cross join lateral (select sum(r.refund_cents) filter (where r.status = 'refunded') as s,
                                 count(*) filter (where r.status in ${OPEN_RETURNS}) as n
                            from returns r where r.tenant_id = $1 and r.order_id = o.id) rt
     where o.tenant_id = $1 and ${where} and o.status <> 'cancelled'
  )`;

/** The orders created from `$2` through `$3` (UTC days, both included). */
const PERIOD = `o.created_at >= ${dayStart('$2')} and o.created_at < ${dayStart('$3')} + interval '1 day'`;
const ORDER_PARTS = orderParts(PERIOD);

const SUMS = `count(*)::int8 as orders, coalesce(sum(v.units), 0)::int8 as units, coalesce(sum(v.revenue), 0)::int8 as revenue,
  coalesce(sum(v.fees), 0)::int8 as fees, coalesce(sum(v.supplier), 0)::int8 as supplier, coalesce(sum(v.shipping), 0)::int8 as shipping,
  coalesce(sum(v.refunds), 0)::int8 as refunds, coalesce(sum(v.k), 0)::int8 as known_orders,
  coalesce(sum(v.known_revenue), 0)::int8 as known_revenue, coalesce(sum(v.known_net), 0)::int8 as known_net`;

type N = number | string;
type SumRow = { orders: N; units: N; revenue: N; fees: N; supplier: N; shipping: N; refunds: N; known_orders: N; known_revenue: N; known_net: N };

const n = (x: number | string | null | undefined) => Number(x ?? 0);
function figures(r: SumRow | undefined): AnalyticsFigures {
  return figuresOf({
    orders: n(r?.orders), units: n(r?.units), revenue_cents: n(r?.revenue), fees_cents: n(r?.fees),
    supplier_cents: n(r?.supplier), shipping_cents: n(r?.shipping), refunds_cents: n(r?.refunds),
    margin_orders: n(r?.known_orders), margin_revenue_cents: n(r?.known_revenue), margin_net_cents: n(r?.known_net),
  });
}

/** Today (UTC): the one day whose newest orders may be read from the detail tables. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * The parts of the period `from`..`to` by UTC day: `parts`, the rollup's rows of every day of the
 * period (docs/analytics.md "Rollup"), and, when the period holds today, the detail tables' orders of
 * today created after today's rows were last recomputed (none when the consumer is up to date; all of
 * today's when it has no rows yet). Parameters: $1 tenant, $2..$3 the rollup's days, $4..$5 the
 * detail's days (an empty range when the period ends before today).
 */
function periodParts(from: string, to: string, today: string): { sql: string; params: string[] } {
  const lastRolled = to < today ? to : today;
  // detail: today, if the period holds it; else an empty range (from after to)
  const detail = to >= today ? [today, to] : [today, addDays(today, -1)];
  const since = `coalesce((select max(r.refreshed_at) from analytics_daily r where r.tenant_id = $1 and r.day = $4::date), ${dayStart('$4')} - interval '1 microsecond')`;
  // the constant bounds make it a range of the (tenant, created_at) index whatever the planner
  // guesses of the subquery's instant (without them PostgreSQL chose a sequential scan of the orders)
  const sql = `${orderParts(`o.created_at >= ${dayStart('$4')} and o.created_at < ${dayStart('$5')} + interval '1 day' and o.created_at > ${since}`)},
  parts as (
    select d.day, d.orders, d.units, d.revenue_cents as revenue, d.fees_cents as fees, d.supplier_cents as supplier,
           d.shipping_cents as shipping, d.refunds_cents as refunds, d.known_orders, d.known_revenue_cents as known_revenue, d.known_net_cents as known_net
      from analytics_daily d where d.tenant_id = $1 and d.day >= $2::date and d.day <= $3::date
    union all
    select (v.created_at at time zone 'UTC')::date, 1, v.units, v.revenue, v.fees, v.supplier, v.shipping, v.refunds, v.k, v.known_revenue, v.known_net from v
  )`;
  return { sql, params: [from, lastRolled, detail[0], detail[1]] };
}

const PART_SUMS = `coalesce(sum(orders), 0)::int8 as orders, coalesce(sum(units), 0)::int8 as units, coalesce(sum(revenue), 0)::int8 as revenue,
  coalesce(sum(fees), 0)::int8 as fees, coalesce(sum(supplier), 0)::int8 as supplier, coalesce(sum(shipping), 0)::int8 as shipping,
  coalesce(sum(refunds), 0)::int8 as refunds, coalesce(sum(known_orders), 0)::int8 as known_orders,
  coalesce(sum(known_revenue), 0)::int8 as known_revenue, coalesce(sum(known_net), 0)::int8 as known_net`;

/** The summary's one statement and its parameters (the bench EXPLAINs it, docs/performance.md "Analytics"). */
export function summaryStatement(tenantId: string, from: string, to: string, today = utcToday()): { sql: string; params: string[] } {
  const p = periodParts(from, to, today);
  return { sql: `with ${p.sql} select ${PART_SUMS} from parts`, params: [tenantId, ...p.params] };
}

export async function summaryOf(tx: Tx, tenantId: string, from: string, to: string, today = utcToday()): Promise<AnalyticsFigures> {
  const st = summaryStatement(tenantId, from, to, today);
  const { rows } = await tx.query<SumRow>(st.sql, st.params);
  return figures(rows[0]);
}

/** The figures per bucket that has orders, keyed by the bucket's first day (`YYYY-MM-DD`, UTC). */
export async function bucketsFigures(tx: Tx, tenantId: string, from: string, to: string, interval: Interval, today = utcToday()): Promise<Map<string, AnalyticsFigures>> {
  // the interval is one of three words (the query's enum), never the caller's text
  const unit = ({ day: 'day', week: 'week', month: 'month' } as const)[interval];
  const p = periodParts(from, to, today);
  const { rows } = await tx.query<SumRow & { bucket: string }>(
    `with ${p.sql}
     select to_char(date_trunc('${unit}', day::timestamp), 'YYYY-MM-DD') as bucket, ${PART_SUMS}
       from parts group by 1`,
    [tenantId, ...p.params],
  );
  return new Map(rows.map((r) => [r.bucket, figures(r)]));
}

/**
 * The figures of the same period straight from the detail tables (no rollup): what the rollup must
 * equal (tests, docs/analytics.md "Rollup").
 */
export async function summaryFromDetail(tx: Tx, tenantId: string, from: string, to: string): Promise<AnalyticsFigures> {
  const { rows } = await tx.query<SumRow>(`with ${ORDER_PARTS} select ${SUMS} from v`, [tenantId, from, to]);
  return figures(rows[0]);
}

/**
 * A breakdown's rows. Marketplace: the order's. Supplier: the supplier of the order's live purchase
 * order (the latest when several), none without one. Product: each line's share of its order's
 * parts, in proportion to the line's subtotal (quantity × unit price), each share rounded half up.
 */
const GROUPS: Record<BreakdownBy, { parts: string; ctes: string; key: string; label: string; from: string; groupBy: string; orders: string; known: string; units: string; part: (col: string) => string }> = {
  marketplace: {
    parts: ORDER_PARTS, ctes: '', key: 'v.marketplace', label: 'v.marketplace', from: 'v', groupBy: 'v.marketplace',
    orders: 'count(*)', known: 'sum(v.k)', units: 'sum(v.units)', part: (c) => `sum(v.${c})`,
  },
  supplier: {
    parts: orderParts(PERIOD, `,
           (select p.supplier_id from purchase_orders p
             where p.tenant_id = $1 and p.order_id = o.id and p.status not in ('rejected', 'cancelled')
             order by p.created_at desc, p.id desc limit 1) as supplier_id`),
    ctes: '',
    key: 'v.supplier_id::text', label: "coalesce(max(su.name), 'No purchase order')",
    from: 'v left join suppliers su on su.tenant_id = $1 and su.id = v.supplier_id',
    groupBy: 'v.supplier_id', orders: 'count(*)', known: 'sum(v.k)', units: 'sum(v.units)', part: (c) => `sum(v.${c})`,
  },
  product: {
    // each order's lines per product, with the order's parts; then each line's share of its order
    parts: ORDER_PARTS,
    ctes: `, li as (
      select v.id, v.revenue, v.fees, v.supplier, v.shipping, v.refunds, v.k, v.known_revenue, v.known_net, i.product_id, sum(i.quantity)::int8 as q,
             sum(i.quantity * i.unit_price_cents)::numeric as sub, max(i.title) as title
        from v join order_items i on i.tenant_id = $1 and i.order_id = v.id
       group by v.id, v.revenue, v.fees, v.supplier, v.shipping, v.refunds, v.k, v.known_revenue, v.known_net, i.product_id),
    ls as (
      select li.*, case when sum(li.sub) over w > 0 then li.sub / sum(li.sub) over w else 1::numeric / count(*) over w end as share
        from li window w as (partition by li.id))`,
    key: 'ls.product_id::text', label: "coalesce(max(pr.title), max(ls.title), 'Unknown product')",
    from: 'ls left join products pr on pr.tenant_id = $1 and pr.id = ls.product_id',
    groupBy: 'ls.product_id', orders: 'count(distinct ls.id)', known: 'count(distinct ls.id) filter (where ls.k = 1)', units: 'sum(ls.q)', part: (c) => `sum(round(ls.${c} * ls.share))`,
  },
};

const SORT_SQL: Record<AnalyticsBreakdownQuery['sort'], string> = {
  orders: 'orders', units: 'units', revenue_cents: 'revenue', fees_cents: 'fees', supplier_cents: 'supplier', shipping_cents: 'shipping',
  refunds_cents: 'refunds', net_margin_cents: 'net', label: 'label',
};

export async function breakdownOf(
  tx: Tx, tenantId: string, q: Pick<AnalyticsBreakdownQuery, 'from' | 'to' | 'by' | 'sort' | 'order' | 'limit' | 'offset'>,
): Promise<{ rows: AnalyticsBreakdownRow[]; total: number }> {
  const g = GROUPS[q.by];
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  const { rows } = await tx.query<SumRow & { key: string | null; label: string; net: number | string | null; total: number | string }>(
    `with ${g.parts}${g.ctes},
     grouped as (
       select ${g.key} as key, ${g.label} as label, ${g.orders}::int8 as orders, coalesce(${g.units}, 0)::int8 as units,
              coalesce(${g.part('revenue')}, 0)::int8 as revenue, coalesce(${g.part('fees')}, 0)::int8 as fees,
              coalesce(${g.part('supplier')}, 0)::int8 as supplier, coalesce(${g.part('shipping')}, 0)::int8 as shipping,
              coalesce(${g.part('refunds')}, 0)::int8 as refunds, coalesce(${g.known}, 0)::int8 as known_orders,
              coalesce(${g.part('known_revenue')}, 0)::int8 as known_revenue, coalesce(${g.part('known_net')}, 0)::int8 as known_net
         from ${g.from} group by ${g.groupBy})
     select *, case when known_orders > 0 then known_net end as net, count(*) over () as total
       from grouped order by ${SORT_SQL[q.sort]} ${dir} nulls last, key ${dir} nulls last
      limit ${q.limit} offset ${q.offset}`,
    [tenantId, q.from, q.to],
  );
  let total = n(rows[0]?.total);
  if (rows.length === 0 && q.offset > 0) {
    const c = await tx.query<{ total: number | string }>(`with ${g.parts}${g.ctes} select count(distinct ${g.key})::int8 + (count(*) filter (where ${g.key} is null) > 0)::int as total from ${g.from}`, [tenantId, q.from, q.to]);
    total = n(c.rows[0]?.total);
  }
  return {
    total,
    rows: rows.map((r) => {
      const label = q.by === 'marketplace' ? MARKETPLACE_LABEL[r.label as Marketplace] ?? r.label : r.label;
      return { key: r.key, label, ...figures(r) };
    }),
  };
}
