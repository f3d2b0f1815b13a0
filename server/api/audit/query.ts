/**
 * The audit trail query (docs/governance.md "Audit log"): filters actor (user id or email), resource,
 * action (a full name, or a bare verb on any resource; older names read as their current ones —
 * contract/audit-vocabulary.ts), resource_id, correlation_id and a time range; newest first; keyset
 * pages (`cursor`) or offset pages. The order (created_at, id) matches the indexes audit_log_tenant_time
 * / _resource / _actor / _action, so a page is an index range, not a sort. Each entry carries its diff.
 */
import { withWindowTotal } from '../list-kit/paging';
import { decodeCursor, encodeCursor, type CursorSort } from '../list-kit/cursor';
import type { AuditEntry, AuditFilters, AuditQuery } from '../../../contract/audit';
import { auditDiff } from '../../../contract/audit-diff';
import { actionFilter, canonicalResource } from '../../../contract/audit-vocabulary';
import type { Tx } from '../../db';
import { whereBuilder } from '../list-kit/where-builder';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FROM = 'audit_log';
const SORT: CursorSort = { columns: ['created_at', 'id'], types: ['timestamptz', 'bigint'] };

export { auditQuery, type AuditQuery, type AuditEntry } from '../../../contract/audit';

export function auditWhere(tenantId: string, q: AuditFilters): { sql: string; params: unknown[]; add: (f: (p: string) => string, v: unknown) => void; clauses: string[] } {
  const { where: clauses, params, add } = whereBuilder('tenant_id = $1', tenantId);
  if (q.actor) {
    if (UUID.test(q.actor)) add((p) => `actor_id = ${p}::uuid`, q.actor);
    else add((p) => `lower(actor_email) = lower(${p})`, q.actor);
  }
  if (q.resource) add((p) => `resource = ${p}`, canonicalResource(q.resource));
  if (q.action) {
    const a = actionFilter(q.action);
    if ('exact' in a) add((p) => `action = ${p}`, a.exact);
    else add((p) => `split_part(action, '.', 2) = ${p}`, a.verb);
  }
  if (q.resource_id) add((p) => `resource_id = ${p}`, q.resource_id);
  if (q.correlation_id) add((p) => `correlation_id = ${p}`, q.correlation_id);
  if (q.from) add((p) => `created_at >= ${p}::timestamptz`, q.from);
  if (q.to) add((p) => `created_at <= ${p}::timestamptz`, q.to);
  return { get sql() { return clauses.join(' and '); }, params, add, clauses };
}

export interface AuditRow {
  id: number | string; actor_id: string | null; actor_email: string | null; action: string; resource: string; resource_id: string | null;
  before: unknown; after: unknown; correlation_id: string | null; created_at: string | Date; at_key: string;
}

/** The columns of an entry; `at_key` is created_at with its microseconds, for the cursor. */
export const AUDIT_COLUMNS = `id, actor_id, actor_email, action, resource, resource_id, before, after, correlation_id, created_at,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key`;

export function toEntry(r: AuditRow): AuditEntry {
  return {
    id: Number(r.id), actor_id: r.actor_id == null ? null : String(r.actor_id), actor_email: r.actor_email, action: r.action, resource: r.resource,
    resource_id: r.resource_id, before: r.before ?? null, after: r.after ?? null, diff: auditDiff(r.before, r.after), correlation_id: r.correlation_id,
    created_at: new Date(r.created_at).toISOString(),
  };
}

export async function queryAudit(tx: Tx, tenantId: string, q: AuditQuery): Promise<{ rows: AuditEntry[]; total: number; nextCursor: string | null }> {
  const w = auditWhere(tenantId, q);
  const countSql = w.sql;
  const countParams = [...w.params];
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  if (q.cursor) {
    const [at, id] = decodeCursor(FROM, SORT, q.cursor);
    w.params.push(at, id);
    const n = w.params.length;
    w.clauses.push(`(created_at, id) ${dir === 'desc' ? '<' : '>'} ($${n - 1}::timestamptz, $${n}::bigint)`);
  }
  const offset = q.cursor ? 0 : q.offset;
  const page = await tx.query<AuditRow & { _total: string | number }>(
    `select ${AUDIT_COLUMNS}, count(*) over () as _total
     from audit_log where ${w.sql}
     order by created_at ${dir}, id ${dir}
     limit ${q.limit + 1} offset ${offset}`,
    w.params,
  );
  const more = page.rows.length > q.limit;
  const pageRows = page.rows.slice(0, q.limit);
  const { rows, total } = q.cursor
    ? { rows: pageRows, total: Number((await tx.query<{ total: number | string }>(`select count(*) as total from audit_log where ${countSql}`, countParams)).rows[0].total) }
    : await withWindowTotal(pageRows, offset, async () =>
        Number((await tx.query<{ total: number | string }>(`select count(*) as total from audit_log where ${countSql}`, countParams)).rows[0].total),
      );
  const last = rows[rows.length - 1];
  return {
    rows: rows.map(toEntry),
    total,
    nextCursor: more && last ? encodeCursor(FROM, SORT, [last.at_key, Number(last.id)]) : null,
  };
}

export async function auditEntryById(tx: Tx, tenantId: string, id: number): Promise<AuditEntry | null> {
  const { rows } = await tx.query<AuditRow>(`select ${AUDIT_COLUMNS} from audit_log where tenant_id = $1 and id = $2`, [tenantId, id]);
  return rows[0] ? toEntry(rows[0]) : null;
}
