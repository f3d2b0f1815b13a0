/**
 * GET /api/alerts/agent-health (docs/alerts.md "Agent health", polled every 10 s): every background
 * worker of the runtime with its status from its heartbeats (degraded after 3 missed beats, offline
 * after 6: server/events/heartbeats.ts), the tenant's lag where the worker is a consumer, and its
 * messages dead-lettered for the tenant in the last hour.
 */
import type { Api } from '../module';
import { list } from '../kit';
import { listAnswer } from '../../../contract/api';
import { agentHealthRow, type AgentHealthRow } from '../../../contract/alerts';
import { SIGNED_IN } from '../../../contract/permissions';
import { agentHealth } from '../../events/heartbeats';

export function agentHealthRoute(api: Api) {
  api.route({
    method: 'GET',
    url: '/alerts/agent-health',
    access: SIGNED_IN,
    answer: listAnswer(agentHealthRow),
    async handler({ tx, auth, reply }) {
      reply.header('cache-control', 'no-store');
      const rt = api.app.events;
      const [beats, consumers, failures] = await Promise.all([
        agentHealth(rt.db, rt.cfg.workerHeartbeatMs),
        rt.engine.consumerStats(auth.tenantId),
        tx.query<{ consumer: string; n: number | string }>(
          `select consumer, count(*) as n from dlq_entries where tenant_id = $1 and last_failure_at >= now() - interval '1 hour' group by consumer`,
          [auth.tenantId],
        ),
      ]);
      const lagOf = new Map(consumers.map((c) => [c.name, c.lag]));
      const failedOf = new Map(failures.rows.map((r) => [r.consumer, Number(r.n)]));
      const rows: AgentHealthRow[] = Object.entries(beats).map(([name, b]) => ({
        name,
        kind: b.kind,
        status: b.status,
        last_heartbeat: b.last_heartbeat,
        lag: lagOf.get(name) ?? null,
        errors_last_hour: failedOf.get(name) ?? 0,
      }));
      return list(rows, rows.length, rows.length, 0);
    },
  });
}
