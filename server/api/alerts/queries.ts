/**
 * The alerts table's reads (docs/alerts.md "API"): the row as the wire carries it, and the queue's
 * filters as a WHERE list shared by the list and the bulk actions "by filter".
 */
import type { AlertFilter, AlertRow, AlertSeverity } from '../../../contract/alerts';
import { whereBuilder } from '../list-kit/where-builder';
import { iso, isoOrNull } from '../wire';

export const ALERT_COLUMNS = `id::text as id, type, severity, level, message, note, source, key, link, count, created_at, last_seen_at,
  acknowledged_at, acknowledged_by, resolved_at, resolved_by, assignee`;

export interface AlertDbRow {
  id: string; type: string; severity: AlertSeverity; level: AlertRow['level']; message: string; note: string | null; source: string;
  key: string; link: string | null; count: number | string; created_at: Date | string; last_seen_at: Date | string;
  acknowledged_at: Date | string | null; acknowledged_by: string | null; resolved_at: Date | string | null; resolved_by: string | null; assignee: string | null;
}

export function mapAlert(r: AlertDbRow): AlertRow {
  const resolved = r.resolved_at != null;
  const acknowledged = r.acknowledged_at != null;
  return {
    id: r.id,
    type: r.type,
    severity: r.severity,
    level: r.level,
    message: r.message,
    note: r.note,
    source: r.source,
    key: r.key,
    link: r.link,
    count: Number(r.count),
    created_at: iso(r.created_at),
    last_seen_at: iso(r.last_seen_at),
    status: resolved ? 'resolved' : acknowledged ? 'acknowledged' : 'open',
    acknowledged,
    acknowledged_by: r.acknowledged_by,
    acknowledged_at: isoOrNull(r.acknowledged_at),
    resolved,
    resolved_by: r.resolved_by,
    resolved_at: isoOrNull(r.resolved_at),
    assignee: r.assignee,
  };
}

/** The filters as a WHERE list over `alerts` (alias-free), tenant first; `me` is the caller's email. */
export function alertWhere(tenantId: string, f: Partial<AlertFilter>, me: string) {
  const w = whereBuilder('tenant_id = $1', tenantId);
  const status = f.status ?? 'open';
  if (status === 'open') w.where.push('resolved_at is null');
  else if (status === 'acknowledged') w.where.push('resolved_at is null and acknowledged_at is not null');
  else if (status === 'resolved') w.where.push('resolved_at is not null');
  if (f.severity?.length) w.add((p) => `severity = any(${p}::text[])`, f.severity);
  if (f.source) w.add((p) => `source = ${p}`, f.source);
  if (f.type) w.add((p) => `type = ${p}`, f.type);
  if (f.assignee === 'none') w.where.push('assignee is null');
  else if (f.assignee) w.add((p) => `assignee = ${p}`, f.assignee === 'me' ? me : f.assignee.toLowerCase());
  if (f.search) w.add((p) => `(message ilike ${p} or source ilike ${p} or type ilike ${p} or coalesce(note, '') ilike ${p})`, `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return { sql: w.where.join(' and '), params: w.params };
}
