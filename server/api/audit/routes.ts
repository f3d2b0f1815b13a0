/**
 * The tenant's audit trail (docs/governance.md "Audit log"). Permission `governance:view`: admins and
 * agents read it (docs/api-conventions.md "Access"); sellers get 403. Read-only by design: there is
 * no route that changes or deletes an entry, and the database refuses UPDATE and DELETE on audit_log
 * (migration 0049).
 * - GET /api/audit — filters, keyset pages (`?cursor=`, `pagination.next_cursor`) or offset pages;
 * - GET /api/audit/:id — one entry, with its diff.
 */
import { defineModule, type ApiModule } from '../module';
import { list, one } from '../kit';
import { notFound } from '../errors';
import { auditEntryById, auditQuery, queryAudit } from './query';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { auditEntry, auditParams } from '../../../contract/audit';

const audit: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/audit',
    access: 'governance:view',
    query: auditQuery,
    answer: listAnswer(auditEntry),
    async handler({ tx, auth, query }) {
      const { rows, total, nextCursor } = await queryAudit(tx, auth.tenantId, query);
      const page = list(rows, total, query.limit, query.cursor ? 0 : query.offset);
      return { ...page, pagination: { ...page.pagination, next_cursor: nextCursor } };
    },
  });

  api.route({
    method: 'GET',
    url: '/audit/:id',
    access: 'governance:view',
    params: auditParams,
    answer: oneAnswer(auditEntry),
    async handler({ tx, auth, params }) {
      const entry = await auditEntryById(tx, auth.tenantId, params.id);
      if (!entry) throw notFound('Audit entry');
      return one(entry);
    },
  });
};
export default defineModule({ name: 'audit', routes: audit });
