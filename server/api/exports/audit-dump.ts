/**
 * The audit export's rows (docs/governance.md "Exports"): the entries the Audit Logs filters select
 * (server/api/audit/query.ts), oldest first, in keyset pages — each page read in its own tenant
 * transaction that also moves the job's progress on.
 */
import type { Db, Tx } from '../../db';
import type { AuditFilters } from '../../../contract/audit';
import { AUDIT_COLUMNS, auditWhere, toEntry, type AuditRow } from '../audit/query';
import type { ExportFormat } from '../../../contract/exports';
import { serializeRows } from './serialize';

export const AUDIT_EXPORT_COLUMNS = ['id', 'created_at', 'actor_id', 'actor_email', 'action', 'resource', 'resource_id', 'correlation_id', 'before', 'after', 'diff'] as const;
const PAGE = 1000;

export async function auditFile(
  db: Db,
  tenantId: string,
  o: { format: ExportFormat; filters: AuditFilters; progress: (tx: Tx, done: number, total: number) => Promise<void> },
): Promise<{ text: string; rows: number }> {
  const base = auditWhere(tenantId, o.filters);
  const total = await db.transaction(async (tx) => Number((await tx.query<{ n: string }>(`select count(*) as n from audit_log where ${base.sql}`, base.params)).rows[0].n), { tenantId });
  const parts: string[] = [];
  let after: [string, number] | null = null;
  let done = 0;
  for (;;) {
    const w = auditWhere(tenantId, o.filters);
    if (after) {
      w.params.push(after[0], after[1]);
      w.clauses.push(`(created_at, id) > ($${w.params.length - 1}::timestamptz, $${w.params.length}::bigint)`);
    }
    const page: AuditRow[] = await db.transaction(async (tx) => {
      const { rows } = await tx.query<AuditRow>(`select ${AUDIT_COLUMNS} from audit_log where ${w.sql} order by created_at, id limit ${PAGE}`, w.params);
      await o.progress(tx, done + rows.length, Math.max(total, done + rows.length));
      return rows;
    }, { tenantId });
    if (page.length === 0) break;
    const entries = page.map((r) => toEntry(r) as unknown as Record<string, unknown>);
    parts.push(serializeRows(o.format, AUDIT_EXPORT_COLUMNS, entries, done === 0));
    done += page.length;
    const last = page[page.length - 1];
    after = [last.at_key, Number(last.id)];
    if (page.length < PAGE) break;
  }
  if (done === 0 && o.format === 'csv') parts.push(serializeRows('csv', AUDIT_EXPORT_COLUMNS, [], true));
  return { text: parts.join(''), rows: done };
}
