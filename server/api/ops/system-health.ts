/**
 * GET /api/health/system (docs/ops-ui.md "System Health"), for every signed-in user: the tenant's SLO
 * figures of the last hour and per minute (server/events/metrics.ts `sloHour`), whether the database
 * answers and which engine it is, and the event platform (engine, connected, its streams and the
 * tenant's durable consumers). The operator's ops summary holds the same figures and more; this
 * answer carries nothing of another tenant.
 */
import type { Api } from '../module';
import { one } from '../kit';
import { oneAnswer } from '../../../contract/api';
import { STREAM_NAMES } from '../../../contract/events';
import { SIGNED_IN } from '../../../contract/permissions';
import { systemHealth, type SystemHealth } from '../../../contract/ops';

const PING_TIMEOUT_MS = 2_000;

export function systemHealthRoute(api: Api) {
  api.route({
    method: 'GET',
    url: '/health/system',
    access: SIGNED_IN,
    noTransaction: true,
    answer: oneAnswer(systemHealth),
    async handler({ auth, reply }) {
      reply.header('cache-control', 'no-store');
      const rt = api.app.events;
      const t0 = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const connected = await Promise.race([
        rt.db.query('select 1').then(() => true, () => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      const pingMs = connected ? Math.round((performance.now() - t0) * 100) / 100 : null;
      const consumers = await rt.engine.consumerStats(auth.tenantId).catch(() => null);
      const answer: SystemHealth = {
        slo: rt.metrics.sloHour(auth.tenantId),
        database: { engine: rt.db.engine, connected, ping_ms: pingMs },
        events: { engine: rt.engine.kind, connected: rt.engine.connected(), streams: STREAM_NAMES.length, consumers: consumers?.length ?? 0 },
      };
      return one(answer);
    },
  });
}
