/**
 * The pipeline backlog (docs/dashboard.md "Pipeline backlog"): the tenant's open orders by where they
 * wait in the dropshipping automation (docs/dropshipping.md), each stage's count, how many of them are
 * on hold, and since when the longest-waiting one waits there:
 *
 * - intake: `pending` — not yet routed (the router takes them in, or a person routes them); since
 *   the order arrived;
 * - routing: `routed` — suppliers picked, purchase orders not placed yet; since it became routed;
 * - supplier: `ordered_from_supplier` with a purchase order still `placed` (not answered); since the
 *   oldest such purchase order was placed;
 * - label: `ordered_from_supplier` with no purchase order left unanswered and no label waiting for
 *   its first scan (the label bought ships the order in the same transaction, so an order ordered
 *   from its supplier has no other live label), or `shipped` on a label voided since and no live one
 *   (the work queue's, server/api/fulfillment/queue.ts); since the last of: it entered its status, a
 *   purchase order of it was confirmed, its label was voided;
 * - tracking: `shipped` on a live outbound label the carrier has not scanned yet (`label_created`);
 *   since the label was bought.
 *
 * The answer reads `order_pipeline`, each open order's stage kept by the writes that move it
 * (0058_order_pipeline.sql): one index range of the tenant's waiting orders, grouped by stage. The
 * same rules applied to the orders, purchase orders and labels themselves are `PIPELINE_DETAIL_SQL`,
 * what the answer cost before the table (docs/performance.md "Dashboard"), kept as the reference a
 * test holds the table to.
 */
import type { Tx } from '../../db';
import { PIPELINE_STAGES, type PipelineStage, type PipelineStageKey } from '../../../contract/dashboard';

/**
 * The facts of the orders ordered from their suppliers or shipped, one row each, folded from ranges
 * of open work by a GROUP BY rather than joined: an engine without statistics (PGlite) plans joins
 * of estimates as nested loops over every pair, a grouping of rows it has read stays linear. A
 * shipped order counts only on a label not scanned yet or voided, so only those shipped orders are
 * read (most shipped orders are on their way: a tenth of the grouping's rows at 690,000 orders,
 * docs/performance.md "Dashboard").
 */
const FACTS = `
facts as (
  select o.id as order_id, o.status, o.hold_reason, o.status_at,
         null::timestamptz as placed_at, null::timestamptz as confirmed_at, null::timestamptz as unscanned_at, null::timestamptz as voided_at
    from orders o where o.tenant_id = $1 and o.status = 'ordered_from_supplier'
  union all
  select o.id, o.status, o.hold_reason, o.status_at, null, null, null, null
    from orders o where o.tenant_id = $1 and o.status = 'shipped'
     and o.id in (select s.order_id from shipments s where s.tenant_id = $1 and s.status in ('label_created', 'voided') and s.direction = 'outbound')
  union all
  select p.order_id, null, null, null,
         case when p.status = 'placed' then p.created_at end, case when p.status = 'confirmed' then p.updated_at end, null, null
    from purchase_orders p where p.tenant_id = $1 and p.status in ('placed', 'confirmed')
  union all
  select s.order_id, null, null, null, null, null,
         case when s.status = 'label_created' then s.bought_at end, case when s.status = 'voided' then s.voided_at end
    from shipments s where s.tenant_id = $1 and s.status in ('label_created', 'voided') and s.direction = 'outbound'),
per_order as (
  select f.order_id, max(f.status) as status, max(f.hold_reason) as hold_reason, max(f.status_at) as status_at,
         min(f.placed_at) as placed_at, max(f.confirmed_at) as confirmed_at, min(f.unscanned_at) as unscanned_at, max(f.voided_at) as voided_at
    from facts f group by f.order_id)`;

/** A shipped order on a voided label has no live one (a probe, only for those: a relabelled order does). */
const NO_LIVE_LABEL = (o: string) =>
  `not exists (select 1 from shipments s where s.tenant_id = $1 and s.order_id = ${o}.order_id and s.direction = 'outbound' and s.status <> 'voided')`;

export const PIPELINE_DETAIL_SQL = `
with
waiting as (
  select o.status, count(*) as n, count(o.hold_reason) as held, min(o.status_at) as oldest
    from orders o where o.tenant_id = $1 and o.status in ('pending', 'routed') group by o.status),
${FACTS},
staged as (
  select case
           when x.status = 'ordered_from_supplier' and x.placed_at is not null then 'supplier'
           when x.status = 'ordered_from_supplier' and x.unscanned_at is null then 'label'
           when x.status = 'shipped' and x.unscanned_at is not null then 'tracking'
           when x.status = 'shipped' and x.voided_at is not null and ${NO_LIVE_LABEL('x')} then 'label'
         end as key,
         x.hold_reason,
         case
           when x.status = 'ordered_from_supplier' and x.placed_at is not null then x.placed_at
           when x.status = 'shipped' and x.unscanned_at is not null then x.unscanned_at
           else greatest(x.status_at, x.confirmed_at, x.voided_at)
         end as since
    from per_order x where x.status is not null)
select case status when 'pending' then 'intake' else 'routing' end as key, n, held, oldest from waiting
union all
select key, count(*) as n, count(hold_reason) as held, min(since) as oldest from staged where key is not null group by key`;

type Row = { key: PipelineStageKey; n: number | string; held: number | string; oldest: Date | string | null };

/** Each stage's count, held count and longest wait, from the stages the writes keep. */
export const PIPELINE_SQL = `
select stage as key, count(*) as n, count(*) filter (where held) as held, min(since) as oldest
  from order_pipeline where tenant_id = $1 and stage is not null group by stage`;

export function pipelineBacklogOf(tx: Tx, tenantId: string): Promise<PipelineStage[]> {
  return stagesOf(tx, PIPELINE_SQL, tenantId);
}

/** The same figures derived from the orders, purchase orders and labels on every call (the reference). */
export function pipelineBacklogFromDetail(tx: Tx, tenantId: string): Promise<PipelineStage[]> {
  return stagesOf(tx, PIPELINE_DETAIL_SQL, tenantId);
}

async function stagesOf(tx: Tx, sql: string, tenantId: string): Promise<PipelineStage[]> {
  const { rows } = await tx.query<Row>(sql, [tenantId]);
  const by = new Map(rows.map((r) => [r.key, r]));
  return PIPELINE_STAGES.map((key) => {
    const r = by.get(key);
    const count = Number(r?.n ?? 0);
    return { key, count, held: Number(r?.held ?? 0), oldest_at: count > 0 && r?.oldest ? new Date(r.oldest).toISOString() : null };
  });
}
