/**
 * Background workers in plain words (docs/alerts.md "Agent health"): a row of
 * `GET /api/alerts/agent-health` as "Repricer — healthy, last beat 12 s ago, no errors in the last
 * hour". Shared by the dashboard's Intelligent Agents card and /health; no imports beyond the
 * contract's types, so it adds nothing to the first page's chunks.
 */
import type { AgentHealthRow } from '../../contract/alerts';

/** The platform's own workers, which no domain declares as an agent (server/events/runtime.ts). */
export const PLATFORM_WORKERS: Record<string, string> = { 'outbox-relay': 'Event relay', 'sse-hub': 'Live updates' };

/** A worker no one names, by its heartbeat name: "dropship-intake" → "Dropship intake". */
export function workerName(heartbeat: string): string {
  const words = heartbeat.replace(/[-_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Seconds while under a minute ("12 s ago"), then minutes, hours, days. */
export function beatAgo(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3_600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3_600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}

/** "no errors in the last hour", "1 error in the last hour", "3 errors in the last hour" (messages dead-lettered). */
export function errorsWords(n: number): string {
  return n === 0 ? 'no errors in the last hour' : `${n.toLocaleString('en-US')} ${n === 1 ? 'error' : 'errors'} in the last hour`;
}

/** "healthy, last beat 12 s ago, no errors in the last hour" (and the messages waiting, when a consumer is behind). */
export function workerWords(row: AgentHealthRow, now = Date.now()): string {
  const waiting = row.lag ? `, ${row.lag.toLocaleString('en-US')} ${row.lag === 1 ? 'message' : 'messages'} waiting` : '';
  return `${row.status}, last beat ${beatAgo(row.last_heartbeat, now)}, ${errorsWords(row.errors_last_hour)}${waiting}`;
}

/** The badge colour of a status; `default` for a worker without a heartbeat. */
export const STATUS_DOT = { healthy: 'success', degraded: 'warning', offline: 'error' } as const;

const RANK = { healthy: 0, degraded: 1, offline: 2 } as const;

/** The worst status of some workers (offline over degraded over healthy), none when none reported. */
export function worstStatus(rows: readonly AgentHealthRow[]): AgentHealthRow['status'] | undefined {
  return rows.reduce<AgentHealthRow['status'] | undefined>((w, r) => (w === undefined || RANK[r.status] > RANK[w] ? r.status : w), undefined);
}

/** "Healthy", "Degraded", "Offline". */
export const statusLabel = (s: AgentHealthRow['status']) => s.charAt(0).toUpperCase() + s.slice(1);
