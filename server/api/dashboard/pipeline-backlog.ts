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
 * - label: `ordered_from_supplier` with no purchase order left unanswered and no live outbound label,
 *   or `shipped` on a label voided since (the work queue's, server/api/fulfillment/queue.ts); since
 *   the last of: it entered its status, a purchase order of it was confirmed, its label was voided;
 * - tracking: `shipped` on a live outbound label the carrier has not scanned yet (`label_created`);
 *   since the label was bought.
 *
 * One statement; each stage starts from an index range of its own status ((tenant, status, …) of
 * orders, purchase orders and shipments), so it reads the orders waiting, never the tenant's history.
 */
import type { Tx } from '../../db';
import { PIPELINE_STAGES, type PipelineStage, type PipelineStageKey } from '../../../contract/dashboard';

const ENTERED = (o: string) =>
  `(select max(h.at) from order_status_history h where h.tenant_id = ${o}.tenant_id and h.order_id = ${o}.id and h.to_status = ${o}.status)`;
const LIVE_LABEL = (o: string) =>
  `exists (select 1 from shipments s where s.tenant_id = ${o}.tenant_id and s.order_id = ${o}.id and s.direction = 'outbound' and s.status <> 'voided')`;
const PLACED_PO = (o: string) => `exists (select 1 from purchase_orders p where p.tenant_id = ${o}.tenant_id and p.order_id = ${o}.id and p.status = 'placed')`;

export const PIPELINE_SQL = `
with
intake as (
  select 'intake' as key, count(*) as n, count(*) filter (where o.hold_reason is not null) as held, min(o.created_at) as oldest
    from orders o where o.tenant_id = $1 and o.status = 'pending'),
routing as (
  select 'routing' as key, count(*) as n, count(*) filter (where o.hold_reason is not null) as held,
         min(coalesce(${ENTERED('o')}, o.created_at)) as oldest
    from orders o where o.tenant_id = $1 and o.status = 'routed'),
supplier_waits as (
  select p.order_id, min(p.created_at) as since from purchase_orders p
   where p.tenant_id = $1 and p.status = 'placed' group by p.order_id),
supplier as (
  select 'supplier' as key, count(*) as n, count(*) filter (where o.hold_reason is not null) as held, min(w.since) as oldest
    from supplier_waits w join orders o on o.tenant_id = $1 and o.id = w.order_id
   where o.status = 'ordered_from_supplier'),
label_orders as (
  select o.id, o.tenant_id, o.status, o.hold_reason, o.created_at from orders o
   where o.tenant_id = $1 and o.status = 'ordered_from_supplier' and not ${PLACED_PO('o')} and not ${LIVE_LABEL('o')}
  union
  select o.id, o.tenant_id, o.status, o.hold_reason, o.created_at
    from shipments v join orders o on o.tenant_id = $1 and o.id = v.order_id
   where v.tenant_id = $1 and v.status = 'voided' and v.direction = 'outbound' and o.status = 'shipped' and not ${LIVE_LABEL('o')}),
label as (
  select 'label' as key, count(*) as n, count(*) filter (where l.hold_reason is not null) as held,
         min(greatest(
           coalesce(${ENTERED('l')}, l.created_at),
           (select max(p.updated_at) from purchase_orders p where p.tenant_id = l.tenant_id and p.order_id = l.id and p.status = 'confirmed'),
           (select max(s.voided_at) from shipments s where s.tenant_id = l.tenant_id and s.order_id = l.id and s.direction = 'outbound' and s.status = 'voided'))) as oldest
    from label_orders l),
tracking as (
  select 'tracking' as key, count(*) as n, count(*) filter (where o.hold_reason is not null) as held, min(s.bought_at) as oldest
    from shipments s join orders o on o.tenant_id = $1 and o.id = s.order_id
   where s.tenant_id = $1 and s.status = 'label_created' and s.direction = 'outbound' and o.status = 'shipped')
select * from intake union all select * from routing union all select * from supplier
 union all select * from label union all select * from tracking`;

type Row = { key: PipelineStageKey; n: number | string; held: number | string; oldest: Date | string | null };

export async function pipelineBacklogOf(tx: Tx, tenantId: string): Promise<PipelineStage[]> {
  const { rows } = await tx.query<Row>(PIPELINE_SQL, [tenantId]);
  const by = new Map(rows.map((r) => [r.key, r]));
  return PIPELINE_STAGES.map((key) => {
    const r = by.get(key);
    const count = Number(r?.n ?? 0);
    return { key, count, held: Number(r?.held ?? 0), oldest_at: count > 0 && r?.oldest ? new Date(r.oldest).toISOString() : null };
  });
}
