/** GET /api/ops/summary — spec §3 / §7.2 (polled every 10 s by the ops console); permission read:ops. */
import type { ApiModule } from '../module';
import { one } from '../kit';
import { opsSummary } from './summary';

const ops: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/ops/summary',
    permission: 'read:ops',
    noTransaction: true,
    async handler({ auth, reply }) {
      reply.header('cache-control', 'no-store');
      return one(await opsSummary(api.app.events, auth.tenantId));
    },
  });
};

export default ops;
