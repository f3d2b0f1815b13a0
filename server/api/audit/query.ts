/**
 * The audit trail query — issue 3 item 12: filters actor (user id or email), resource, action,
 * resource_id and a time range; newest first; paged. The order (created_at, id) matches the
 * indexes audit_log_tenant_time / _resource / _actor, so a page is an index range, not a sort.
 */
import { withWindowTotal } from '../../domain/paging';
import { z } from 'zod';
import type { Tx } from '../../db';
import { listQuery } from '../../../contract/api';
import { whereBuilder } from '../../domain/sql-where';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const auditQuery = listQuery
  .pick({ limit: true, offset: true, order: true })
  .extend({
    actor: z.string().trim().min(1).max(320).optional(),
    resource: z.string().trim().min(1).max(100).optional(),
    action: z.string().trim().min(1).max(100).optional(),
    resource_id: z.string().trim().min(1).max(200).optional(),
    from: z.coerce.date().optional(),
    to: z.coerce.date().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Must not be before from', path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuery>;

export interface AuditEntry {
  id: number;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  resource: string;
  resource_id: string | null;
  before: unknown;
  after: unknown;
  correlation_id: string | null;
  created_at: string;
}

function where(tenantId: string, q: AuditQuery): { sql: string; params: unknown[] } {
  const { where: clauses, params, add } = whereBuilder('tenant_id = $1', tenantId);
  if (q.actor) {
    if (UUID.test(q.actor)) add((p) => `actor_id = ${p}::uuid`, q.actor);
    else add((p) => `lower(actor_email) = lower(${p})`, q.actor);
  }
  if (q.resource) add((p) => `resource = ${p}`, q.resource);
  if (q.action) add((p) => `action = ${p}`, q.action);
  if (q.resource_id) add((p) => `resource_id = ${p}`, q.resource_id);
  if (q.from) add((p) => `created_at >= ${p}`, q.from.toISOString());
  if (q.to) add((p) => `created_at <= ${p}`, q.to.toISOString());
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
