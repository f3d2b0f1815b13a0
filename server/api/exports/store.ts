/**
 * The exports table (docs/governance.md "Exports"; migration 0049): one row per requested export,
 * its progress, and where its file is while it can be downloaded.
 */
import type { Tx } from '../../db';
import { EXPORT_EVENTS, exportDownloadPath, type Export, type ExportBody, type ExportKind } from '../../../contract/exports';
import type { Emit } from '../../events/outbox';
import { iso } from '../wire';

export interface ExportDbRow {
  id: string; kind: Export['kind']; format: Export['format']; status: Export['status']; progress: number; rows: number; bytes: number | null;
  expires_at: string | Date | null; error: string | null; created_at: string | Date; created_by: string | null; created_by_email: string | null;
  file_key: string | null; file_name: string | null; content_type: string | null; filters: Record<string, unknown>;
}

export const EXPORT_COLUMNS = 'id, kind, format, status, progress, rows, bytes, expires_at, error, created_at, created_by, created_by_email, file_key, file_name, content_type, filters';

/** Expired: marked so by the sweep, or past its time and not swept yet. */
export const isExpired = (r: Pick<ExportDbRow, 'status' | 'expires_at'>, now = Date.now()) =>
  r.status === 'expired' || (r.status === 'done' && r.expires_at != null && new Date(r.expires_at).getTime() <= now);

export function toExport(r: ExportDbRow, now = Date.now()): Export {
  const expired = isExpired(r, now);
  const status = expired ? 'expired' : r.status;
  return {
    id: String(r.id),
    kind: r.kind,
    format: r.format,
    status,
    progress: Number(r.progress),
    rows: Number(r.rows),
    bytes: r.bytes == null ? null : Number(r.bytes),
    download_url: status === 'done' ? exportDownloadPath(String(r.id)) : null,
    expires_at: r.expires_at == null ? null : iso(r.expires_at),
    error: r.error,
    created_at: iso(r.created_at),
    created_by: r.created_by_email ?? (r.created_by == null ? null : String(r.created_by)),
  };
}

export async function createExport(
  tx: Tx,
  emit: Emit,
  o: { tenantId: string; body: ExportBody; userId: string | null; email: string | null; correlationId?: string },
): Promise<ExportDbRow> {
  const { rows } = await tx.query<ExportDbRow>(
    `insert into exports (tenant_id, kind, format, filters, created_by, created_by_email, correlation_id)
     values ($1, $2, $3, $4::jsonb, $5, $6, $7) returning ${EXPORT_COLUMNS}`,
    [o.tenantId, o.body.kind, o.body.format, JSON.stringify(o.body.filters ?? {}), o.userId, o.email, o.correlationId ?? null],
  );
  await emit(EXPORT_EVENTS.requested, { id: String(rows[0].id), kind: o.body.kind, format: o.body.format });
  return rows[0];
}

export async function findExport(tx: Tx, tenantId: string, id: string): Promise<ExportDbRow | null> {
  const { rows } = await tx.query<ExportDbRow>(`select ${EXPORT_COLUMNS} from exports where tenant_id = $1 and id = $2`, [tenantId, id]);
  return rows[0] ?? null;
}

/** Newest first; `kinds` are the kinds the caller may see. */
export async function listExports(tx: Tx, tenantId: string, kinds: readonly ExportKind[], limit: number, offset: number): Promise<{ rows: ExportDbRow[]; total: number }> {
  const { rows } = await tx.query<ExportDbRow & { _total: string }>(
    `select ${EXPORT_COLUMNS}, count(*) over () as _total from exports where tenant_id = $1 and kind = any($2::text[])
      order by created_at desc, id desc limit ${limit} offset ${offset}`,
    [tenantId, kinds],
  );
  const total = rows.length > 0
    ? Number(rows[0]._total)
    : Number((await tx.query<{ n: string }>('select count(*) as n from exports where tenant_id = $1 and kind = any($2::text[])', [tenantId, kinds])).rows[0].n);
  return { rows, total };
}
