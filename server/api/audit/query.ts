/**
 * The audit trail query — docs/api-conventions.md: filters actor (user id or email), resource, action,
 * resource_id and a time range; newest first; paged. The order (created_at, id) matches the
 * indexes audit_log_tenant_time / _resource / _actor, so a page is an index range, not a sort.
 */
import { withWindowTotal } from '../list-kit/paging';
import type { AuditEntry, AuditQuery } from '../../../contract/audit';
import type { Tx } from '../../db';
import { whereBuilder } from '../list-kit/where-builder';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export { auditQuery, type AuditQuery, type AuditEntry } from '../../../contract/audit';

function where(tenantId: string, q: AuditQuery): { sql: string; params: unknown[] } {
  const { where: clauses, params, add } = whereBuilder('tenant_id = $1', tenantId);
  if (q.actor) {
    if (UUID.test(q.actor)) add((p) => `actor_id = ${p}::uuid`, q.actor);
    else add((p) => `lower(actor_email) = lower(${p})`, q.actor);
  }
  if (q.resource) add((p) => `resource = ${p}`, q.resource);
  if (q.action) add((p) => `action = ${p}`, q.action);
  if (q.resource_id) add((p) => `resource_id = ${p}`, q.resource_id);
  if (q.from) add((p) => `created_at >= ${p}::timestamptz`, q.from);
  if (q.to) add((p) => `created_at <= ${p}::timestamptz`, q.to);
  return { sql: clauses.join(' and '), params };
}

export async function queryAudit(tx: Tx, tenantId: string, q: AuditQuery): Promise<{ rows: AuditEntry[]; total: number }> {
  const w = where(tenantId, q);
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  const page = await tx.query<Omit<AuditEntry, 'created_at' | 'id'> & { id: number | string; created_at: string | Date }>(
    `select id, actor_id, actor_email, action, resource, resource_id, before, after, correlation_id, created_at, count(*) over () as _total
     from audit_log where ${w.sql}
     order by created_at ${dir}, id ${dir}
     limit ${q.limit} offset ${q.offset}`,
    w.params,
  );
  const { rows, total } = await withWindowTotal(page.rows, q.offset, async () =>
    Number((await tx.query<{ total: number | string }>(`select count(*) as total from audit_log where ${w.sql}`, w.params)).rows[0].total),
  );
  return {
    rows: rows.map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at).toISOString() })),
    total,
  };
}
