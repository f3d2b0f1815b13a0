/**
 * Work items (docs/alerts.md "Work items"): the orders on hold and the dropshipping automation's
 * failures (pending dead letters of its steps), in one server-side list for /work — the oldest
 * first, by kind, searched by order number or SKU. Read as orders are (read:orders); what clears an
 * item is an existing command (release-hold, the DLQ's replay) or the order's page.
 */
import { defineModule, type ApiModule } from '../module';
import { list } from '../kit';
import { listAnswer } from '../../../contract/api';
import { ordersPermissions } from '../../../contract/modules/orders';
import {
  AUTOMATION_STEPS, actionLabel, holdAction, workItemRow, workItemsQuery, type AutomationStep, type WorkItemKind, type WorkItemRow,
} from '../../../contract/work-items';
import { IN_QUEUE } from '../fulfillment/queue';

const STEP_CONSUMERS = Object.keys(AUTOMATION_STEPS);

interface ItemDbRow {
  kind: WorkItemKind; id: string; order_id: string | null; order_status: string | null; marketplace: string | null; skus: string | null;
  reason: string; consumer: string | null; dlq_id: string | null; attempts: number | null; since: Date | string; _total: string;
}

/**
 * The two kinds' rows in one shape. A hold is an order the fulfilment queue lists as held (the
 * dashboard's `held` count reads the same, server/api/fulfillment/queue.ts `IN_QUEUE`); a failure is a
 * pending dead letter of an automation step, with the order its message names (`order_id`, or the
 * new order's `id` for orders.created).
 */
const HOLDS = `select 'hold' as kind, 'hold:' || o.id as id, o.id as order_id, o.status as order_status, o.marketplace, o.skus,
       o.hold_reason as reason, null::text as consumer, null::text as dlq_id, null::int as attempts, o.held_at as since
  from orders o where o.tenant_id = $1 and o.hold_reason is not null and ${IN_QUEUE.join(' and ')}`;
const FAILURES = `select 'automation_failure' as kind, 'dlq:' || d.id as id,
       coalesce(o.id, d.payload->>'order_id', case when d.subject = 'orders.created' then d.payload->>'id' end) as order_id,
       o.status as order_status, o.marketplace, o.skus, coalesce(d.last_error, 'unknown error') as reason, d.consumer, d.id::text as dlq_id,
       d.attempts, d.first_failure_at as since
  from dlq_entries d
  left join orders o on o.tenant_id = d.tenant_id and o.id = coalesce(d.payload->>'order_id', case when d.subject = 'orders.created' then d.payload->>'id' end)
 where d.tenant_id = $1 and d.status = 'pending' and d.consumer = any($2::text[])`;

const iso = (v: Date | string) => new Date(v).toISOString();

function mapItem(r: ItemDbRow): WorkItemRow {
  const step = r.consumer ? (AUTOMATION_STEPS[r.consumer as keyof typeof AUTOMATION_STEPS] as AutomationStep) : null;
  const action = r.kind === 'hold' ? holdAction(r.reason) : 'retry';
  return {
    id: r.id, kind: r.kind, order_id: r.order_id, order_status: r.order_status, marketplace: r.marketplace,
    skus: (r.skus ?? '').split(' ').filter(Boolean), reason: r.reason, step, action, action_label: actionLabel(action, step),
    dlq_id: r.dlq_id, attempts: r.attempts === null ? null : Number(r.attempts), since: iso(r.since),
  };
}

const work: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/work/items',
    access: ordersPermissions.orders.read,
    answer: listAnswer(workItemRow),
    query: workItemsQuery,
    async handler({ tx, auth, query }) {
      const params: unknown[] = [auth.tenantId];
      const parts: string[] = [];
      if (query.kind !== 'automation_failure') parts.push(HOLDS);
      if (query.kind !== 'hold') {
        params.push(STEP_CONSUMERS);
        parts.push(FAILURES);
      }
      let where = '';
      if (query.search) {
        params.push(`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where = `where (x.order_id ilike $${params.length} or x.skus ilike $${params.length})`;
      }
      params.push(query.limit, query.offset);
      // the oldest first by default ("by age, descending"); equal times keep one order by id
      const dir = query.order === 'desc' ? 'asc' : 'desc';
      const { rows } = await tx.query<ItemDbRow>(
        `select x.*, count(*) over () as _total from (${parts.join(' union all ')}) x ${where}
          order by x.since ${dir}, x.id ${dir} limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      return list(rows.map(mapItem), rows.length ? Number(rows[0]._total) : 0, query.limit, query.offset);
    },
  });
};

export default defineModule({ name: 'work', routes: work });
