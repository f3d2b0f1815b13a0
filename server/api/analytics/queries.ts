/**
 * Analytics reads (docs/analytics.md): every figure is summed by the database from the parts of each
 * order's profit (docs/commerce.md "Order profit": its total, the fees it stores, its live purchase
 * orders, its live labels, its refunded returns), over the orders created in the period, cancelled
 * ones left out. A part not known yet counts as 0: nothing was spent on it yet. No row reaches Node
 * but the aggregates.
 */
import type { Tx } from '../../db';
import {
  figuresOf, type AnalyticsBreakdownQuery, type AnalyticsBreakdownRow, type AnalyticsFigures, type BreakdownBy, type Interval,
} from '../../../contract/analytics';
import { MARKETPLACE_LABEL, type Marketplace } from '../../../contract/orders';
import { marginPercentOf } from '../../../contract/profit';

/** A UTC day as the timestamptz of its midnight, whatever the session's time zone. */
const dayStart = (ph: string) => `((${ph})::date::timestamp at time zone 'UTC')`;

/**
 * The per-order parts of the orders created from `$2` through `$3` (UTC days) in tenant `$1`: `v`,
 * one row per order, each cost read as the order's profit reads it (server/api/orders/queries.ts
 * `orderProfitOf`): one probe per order of each cost table's (tenant_id, order_id) index
 * (0037_analytics.sql). Probes, not joins: PGlite keeps no statistics, and a join of estimates is a
 * plan of chance. `extra` adds columns (the order's supplier).
 */
const orderParts = (extra = '') => `
  v as (
    select o.id, o.created_at, o.marketplace, o.items_count as units, o.total_cents as revenue, o.fees_cents as fees,
           coalesce((select sum(p.total_cents) from purchase_orders p
                      where p.tenant_id = $1 and p.order_id = o.id and p.status not in ('rejected', 'cancelled')), 0) as supplier,
           coalesce((select sum(s.rate_cents) from shipments s
                      where s.tenant_id = $1 and s.order_id = o.id and s.status <> 'voided'), 0) as shipping,
           coalesce((select sum(r.refund_cents) from returns r
                      where r.tenant_id = $1 and r.order_id = o.id and r.status = 'refunded'), 0) as refunds${extra}
      from orders o
     where o.tenant_id = $1 and o.created_at >= ${dayStart('$2')} and o.created_at < ${dayStart('$3')} + interval '1 day'
       and o.status <> 'cancelled'
  )`;
const ORDER_PARTS = orderParts();

const SUMS = `count(*)::int8 as orders, coalesce(sum(v.units), 0)::int8 as units, coalesce(sum(v.revenue), 0)::int8 as revenue,
  coalesce(sum(v.fees), 0)::int8 as fees, coalesce(sum(v.supplier), 0)::int8 as supplier, coalesce(sum(v.shipping), 0)::int8 as shipping,
  coalesce(sum(v.refunds), 0)::int8 as refunds`;

type SumRow = { orders: number | string; units: number | string; revenue: number | string; fees: number | string; supplier: number | string; shipping: number | string; refunds: number | string };

const n = (x: number | string | null | undefined) => Number(x ?? 0);
function figures(r: SumRow | undefined): AnalyticsFigures {
  return figuresOf({
    orders: n(r?.orders), units: n(r?.units), revenue_cents: n(r?.revenue), fees_cents: n(r?.fees),
    supplier_cents: n(r?.supplier), shipping_cents: n(r?.shipping), refunds_cents: n(r?.refunds),
  });
}

export async function summaryOf(tx: Tx, tenantId: string, from: string, to: string): Promise<AnalyticsFigures> {
  const { rows } = await tx.query<SumRow>(`with ${ORDER_PARTS} select ${SUMS} from v`, [tenantId, from, to]);
  return figures(rows[0]);
}

/** The figures per bucket that has orders, keyed by the bucket's first day (`YYYY-MM-DD`, UTC). */
export async function bucketsFigures(tx: Tx, tenantId: string, from: string, to: string, interval: Interval): Promise<Map<string, AnalyticsFigures>> {
  // the interval is one of three words (the query's enum), never the caller's text
  const unit = ({ day: 'day', week: 'week', month: 'month' } as const)[interval];
  const { rows } = await tx.query<SumRow & { bucket: string }>(
    `with ${ORDER_PARTS}
     select to_char(date_trunc('${unit}', v.created_at at time zone 'UTC'), 'YYYY-MM-DD') as bucket, ${SUMS}
       from v group by 1`,
    [tenantId, from, to],
  );
  return new Map(rows.map((r) => [r.bucket, figures(r)]));
}

/**
 * A breakdown's rows. Marketplace: the order's. Supplier: the supplier of the order's live purchase
 * order (the latest when several), none without one. Product: each line's share of its order's
 * parts, in proportion to the line's subtotal (quantity × unit price), each share rounded half up.
 */
const GROUPS: Record<BreakdownBy, { parts: string; ctes: string; key: string; label: string; from: string; groupBy: string; orders: string; units: string; part: (col: string) => string }> = {
  marketplace: {
    parts: ORDER_PARTS, ctes: '', key: 'v.marketplace', label: 'v.marketplace', from: 'v', groupBy: 'v.marketplace',
    orders: 'count(*)', units: 'sum(v.units)', part: (c) => `sum(v.${c})`,
  },
  supplier: {
    parts: orderParts(`,
           (select p.supplier_id from purchase_orders p
             where p.tenant_id = $1 and p.order_id = o.id and p.status not in ('rejected', 'cancelled')
             order by p.created_at desc, p.id desc limit 1) as supplier_id`),
    ctes: '',
    key: 'v.supplier_id::text', label: "coalesce(max(su.name), 'No purchase order')",
    from: 'v left join suppliers su on su.tenant_id = $1 and su.id = v.supplier_id',
    groupBy: 'v.supplier_id', orders: 'count(*)', units: 'sum(v.units)', part: (c) => `sum(v.${c})`,
  },
  product: {
    // each order's lines per product, with the order's parts; then each line's share of its order
    parts: ORDER_PARTS,
    ctes: `, li as (
      select v.id, v.revenue, v.fees, v.supplier, v.shipping, v.refunds, i.product_id, sum(i.quantity)::int8 as q,
             sum(i.quantity * i.unit_price_cents)::numeric as sub, max(i.title) as title
        from v join order_items i on i.tenant_id = $1 and i.order_id = v.id
       group by v.id, v.revenue, v.fees, v.supplier, v.shipping, v.refunds, i.product_id),
    ls as (
      select li.*, case when sum(li.sub) over w > 0 then li.sub / sum(li.sub) over w else 1::numeric / count(*) over w end as share
        from li window w as (partition by li.id))`,
    key: 'ls.product_id::text', label: "coalesce(max(pr.title), max(ls.title), 'Unknown product')",
    from: 'ls left join products pr on pr.tenant_id = $1 and pr.id = ls.product_id',
    groupBy: 'ls.product_id', orders: 'count(distinct ls.id)', units: 'sum(ls.q)', part: (c) => `sum(round(ls.${c} * ls.share))`,
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
  const { rows } = await tx.query<SumRow & { key: string | null; label: string; net: number | string; total: number | string }>(
    `with ${g.parts}${g.ctes},
     grouped as (
       select ${g.key} as key, ${g.label} as label, ${g.orders}::int8 as orders, coalesce(${g.units}, 0)::int8 as units,
              coalesce(${g.part('revenue')}, 0)::int8 as revenue, coalesce(${g.part('fees')}, 0)::int8 as fees,
              coalesce(${g.part('supplier')}, 0)::int8 as supplier, coalesce(${g.part('shipping')}, 0)::int8 as shipping,
              coalesce(${g.part('refunds')}, 0)::int8 as refunds
         from ${g.from} group by ${g.groupBy})
     select *, revenue - fees - supplier - shipping - refunds as net, count(*) over () as total
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
      const f = figures(r);
      const label = q.by === 'marketplace' ? MARKETPLACE_LABEL[r.label as Marketplace] ?? r.label : r.label;
      return { key: r.key, label, ...f, net_margin_cents: n(r.net), net_margin_percent: marginPercentOf(n(r.net), f.revenue_cents) };
    }),
  };
}
