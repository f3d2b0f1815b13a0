/**
 * The dashboard's own reads (docs/alerts.md "Needs attention"): GET /api/dashboard/needs-attention —
 * the short list of what to look at now, by the rules of contract/needs-attention.ts, over the
 * tenant's dead-letter queue, its unresolved alerts, the workers' heartbeats and the consumers' lag.
 * GET /api/dashboard/pipeline-backlog and /recent-actions (docs/dashboard.md): where open orders wait
 * in the dropshipping automation, and the tenant's latest actions from the audit log.
 */
import { defineModule, type ApiModule } from '../module';
import { list, one } from '../kit';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { SIGNED_IN } from '../../../contract/permissions';
import { POLICY_ALERT_TYPES } from '../../../contract/alerts';
import { needsAttention, needsAttentionItem, RECENT_ERROR_MS } from '../../../contract/needs-attention';
import { ALERT_COLUMNS, mapAlert, type AlertDbRow } from '../alerts/queries';
import { pipelineBacklog, recentAction, recentActionsQuery } from '../../../contract/dashboard';
import { fulfillmentPermissions } from '../../../contract/modules/fulfillment';
import { pipelineBacklogOf } from './pipeline-backlog';
import { describeAction, type AuditRowIn } from './describe-action';

/** Most alerts the rules look at: more than the list can show, newest first. */
const ALERTS_READ = 50;

const dashboard: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/dashboard/needs-attention',
    access: SIGNED_IN,
    answer: listAnswer(needsAttentionItem),
    async handler({ tx, auth, reply }) {
      reply.header('cache-control', 'no-store');
      const rt = api.app.events;
      const [dlq, alerts, agents, consumers] = await Promise.all([
        tx.query<{ n: number | string; oldest: Date | string | null }>(
          `select count(*) as n, min(first_failure_at) as oldest from dlq_entries where tenant_id = $1 and status = 'pending'`,
          [auth.tenantId],
        ),
        tx.query<AlertDbRow>(
          `select ${ALERT_COLUMNS} from alerts
            where tenant_id = $1 and resolved_at is null
              and ((severity = 'critical' and last_seen_at >= now() - interval '1 hour')
                or type = any($2::text[])
                or ((level = 'error' or severity = 'error') and last_seen_at >= now() - make_interval(secs => $3)))
            order by last_seen_at desc, id desc limit ${ALERTS_READ}`,
          [auth.tenantId, [...POLICY_ALERT_TYPES], RECENT_ERROR_MS / 1000],
        ),
        rt.dashboardAgentHealth(),
        rt.dashboardConsumerStats(auth.tenantId),
      ]);
      const oldest = dlq.rows[0]?.oldest;
      const items = needsAttention({
        now: new Date(),
        dlq: { pending: Number(dlq.rows[0]?.n ?? 0), oldestAt: oldest ? new Date(oldest).toISOString() : null },
        alerts: alerts.rows.map(mapAlert),
        agents: Object.entries(agents).map(([name, a]) => ({ name, status: a.status, last_heartbeat: a.last_heartbeat })),
        consumers: consumers.map((c) => ({ name: c.name, lag: c.lag })),
      });
      return list(items, items.length, items.length, 0);
    },
  });

  api.route({
    method: 'GET',
    url: '/dashboard/pipeline-backlog',
    // the orders and the work queue it counts are read:orders (the fulfillment resource's read)
    access: fulfillmentPermissions.fulfillment.read,
    answer: oneAnswer(pipelineBacklog),
    async handler({ tx, auth, reply }) {
      reply.header('cache-control', 'no-store');
      return one({ stages: await pipelineBacklogOf(tx, auth.tenantId), as_of: new Date().toISOString() });
    },
  });

  api.route({
    method: 'GET',
    url: '/dashboard/recent-actions',
    // the audit log's read: governance:view (docs/api-conventions.md "Access")
    access: 'governance:view',
    query: recentActionsQuery,
    answer: listAnswer(recentAction),
    async handler({ tx, auth, query, reply }) {
      reply.header('cache-control', 'no-store');
      // the newest rows of the (tenant_id, created_at desc, id desc) index: no count, no sort
      const { rows } = await tx.query<AuditRowIn>(
        `select id, actor_email, action, resource, resource_id, after, created_at from audit_log
          where tenant_id = $1 order by created_at desc, id desc limit $2`,
        [auth.tenantId, query.limit],
      );
      const items = rows.map(describeAction);
      return list(items, items.length, query.limit, 0);
    },
  });
};

export default defineModule({ name: 'dashboard', routes: dashboard });
