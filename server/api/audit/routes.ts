/**
 * GET /api/audit — the tenant's audit trail (governance). Permission `governance:view`: admins and
 * agents read it (docs/api-conventions.md "Access"); sellers get 403.
 */
import { defineModule, type ApiModule } from '../module';
import { list } from '../kit';
import { auditQuery, queryAudit } from './query';
import { listAnswer } from '../../../contract/api';
import { auditEntry } from '../../../contract/audit';

const audit: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/audit',
    access: 'governance:view',
    query: auditQuery,
    answer: listAnswer(auditEntry),
    async handler({ tx, auth, query }) {
      const { rows, total } = await queryAudit(tx, auth.tenantId, query);
      return list(rows, total, query.limit, query.offset);
    },
  });
};
export default defineModule({ name: 'audit', routes: audit });
