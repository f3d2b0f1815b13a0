/**
 * GET /api/ops/summary — docs/events.md "Ops summary" (polled every 10 s by the ops console); permission read:ops.
 * GET /api/health/system — docs/ops-ui.md "System Health", for every signed-in user.
 */
import { defineModule, type ApiModule } from '../module';
import { one } from '../kit';
import { opsSummary } from './summary';
import { systemHealthRoute } from './system-health';
import { oneAnswer } from '../../../contract/api';
import { opsSummary as opsSummaryAnswer } from '../../../contract/ops';

const ops: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/ops/summary',
    access: 'read:ops',
    noTransaction: true,
    answer: oneAnswer(opsSummaryAnswer),
    async handler({ auth, reply }) {
      reply.header('cache-control', 'no-store');
      return one(await opsSummary(api.app.events, auth.tenantId));
    },
  });
  systemHealthRoute(api);
};

export default defineModule({ name: 'ops', routes: ops });
