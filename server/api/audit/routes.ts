/**
 * GET /api/audit — the tenant's audit trail (issue 3 item 12, spec §6 governance). Admin only:
 * entries carry before/after values of every write, which agents and sellers do not see.
 */
import type { ApiModule } from '../module';
import { list } from '../kit';
import { auditQuery, queryAudit } from './query';

const audit: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/audit',
    roles: ['admin'],
    query: auditQuery,
    async handler({ tx, auth, query }) {
      const { rows, total } = await queryAudit(tx, auth.tenantId, query);
      return list(rows, total, query.limit, query.offset);
    },
  });
};
export default audit;
