/**
 * Needs attention (docs/alerts.md "Needs attention"): the dashboard's short list of what to look at
 * now, by the product's rules — at most 7 items, sorted by priority:
 *
 *   1. dead-letter queue pending over 50 (critical)      3. pending over 10 (warning)
 *   2. a critical alert seen in the last hour             4. a degraded or offline agent
 *   5. a consumer lagging over 1000 messages              6. a policy-related alert (MAP, buy box)
 *   7. a recent error alert (the last 24 hours), only while fewer than 7 items are listed
 *
 * One pure function, used by GET /api/dashboard/needs-attention and unit-tested rule by rule.
 * Alerts count while unresolved; within one priority the newest comes first.
 */
import { z } from 'zod';
import { NEEDS_ATTENTION } from './constants';
import { POLICY_ALERT_TYPES, type AlertRow } from './alerts';

export const needsAttentionItem = z.object({
  id: z.string(),
  title: z.string(),
  context: z.string(),
  severity: z.enum(['critical', 'warning', 'error', 'info']),
  deepLink: z.string(),
  /** An icon name the console maps to its icon set. */
  icon: z.enum(['inbox', 'alert', 'robot', 'hourglass', 'policy', 'error']),
  timestamp: z.string(),
  priority: z.number().int().min(1).max(7),
});
export type NeedsAttentionItem = z.infer<typeof needsAttentionItem>;

export interface NeedsAttentionInput {
  now: Date;
  dlq: { pending: number; oldestAt: string | null };
  /** Unresolved alerts, newest first (the list reads the ones its rules ask for). */
  alerts: Pick<AlertRow, 'id' | 'type' | 'severity' | 'level' | 'message' | 'source' | 'link' | 'last_seen_at' | 'resolved' | 'count'>[];
  agents: { name: string; status: 'healthy' | 'degraded' | 'offline'; last_heartbeat: string }[];
  consumers: { name: string; lag: number }[];
}

/** What "recent" means for rule 7. */
export const RECENT_ERROR_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

const times = (n: number) => (n === 1 ? '' : ` (${n.toLocaleString('en-US')} times)`);

export function needsAttention(input: NeedsAttentionInput): NeedsAttentionItem[] {
  const { now } = input;
  const at = now.toISOString();
  const items: NeedsAttentionItem[] = [];
  const open = input.alerts.filter((a) => !a.resolved);
  const age = (iso: string) => now.getTime() - new Date(iso).getTime();

  const { pending } = input.dlq;
  if (pending > NEEDS_ATTENTION.dlqCritical || pending > NEEDS_ATTENTION.dlqWarning) {
    const critical = pending > NEEDS_ATTENTION.dlqCritical;
    items.push({
      id: 'dlq-pending',
      title: `${pending.toLocaleString('en-US')} messages in the dead-letter queue`,
      context: critical ? `Over ${NEEDS_ATTENTION.dlqCritical}: consumers keep failing; replay or discard them` : `Over ${NEEDS_ATTENTION.dlqWarning}: look at why they failed`,
      severity: critical ? 'critical' : 'warning',
      deepLink: '/streams?tab=dlq',
      icon: 'inbox',
      timestamp: input.dlq.oldestAt ?? at,
      priority: critical ? 1 : 3,
    });
  }

  const listed = new Set<string>();
  for (const a of open) {
    if (a.severity !== 'critical' || age(a.last_seen_at) > HOUR_MS) continue;
    listed.add(a.id);
    items.push({ id: `alert-${a.id}`, title: a.message, context: `Critical alert from ${a.source}${times(a.count)}`, severity: 'critical', deepLink: a.link ?? '/work', icon: 'alert', timestamp: a.last_seen_at, priority: 2 });
  }

  for (const g of input.agents) {
    if (g.status === 'healthy') continue;
    items.push({
      id: `agent-${g.name}`,
      title: `${g.name} is ${g.status}`,
      context: g.status === 'offline' ? 'No heartbeat for six intervals' : 'Its heartbeats are late or it reports trouble',
      severity: g.status === 'offline' ? 'critical' : 'warning',
      deepLink: '/health',
      icon: 'robot',
      timestamp: g.last_heartbeat,
      priority: 4,
    });
  }

  for (const c of input.consumers) {
    if (c.lag <= NEEDS_ATTENTION.consumerLag) continue;
    items.push({
      id: `lag-${c.name}`,
      title: `${c.name} is ${c.lag.toLocaleString('en-US')} messages behind`,
      context: `Consumer lag over ${NEEDS_ATTENTION.consumerLag.toLocaleString('en-US')}`,
      severity: 'warning',
      deepLink: `/streams?tab=consumers`,
      icon: 'hourglass',
      timestamp: at,
      priority: 5,
    });
  }

  for (const a of open) {
    if (listed.has(a.id) || !POLICY_ALERT_TYPES.has(a.type)) continue;
    listed.add(a.id);
    items.push({ id: `alert-${a.id}`, title: a.message, context: `Pricing policy${times(a.count)}`, severity: 'warning', deepLink: a.link ?? '/work', icon: 'policy', timestamp: a.last_seen_at, priority: 6 });
  }

  // rule 7 fills the list up to its cap, never pushes a more urgent item out
  const byPriority = (x: NeedsAttentionItem, y: NeedsAttentionItem) => x.priority - y.priority || y.timestamp.localeCompare(x.timestamp);
  items.sort(byPriority);
  for (const a of open) {
    if (items.length >= NEEDS_ATTENTION.maxItems) break;
    if (listed.has(a.id) || (a.level !== 'error' && a.severity !== 'error') || age(a.last_seen_at) > RECENT_ERROR_MS) continue;
    listed.add(a.id);
    items.push({ id: `alert-${a.id}`, title: a.message, context: `Error from ${a.source}${times(a.count)}`, severity: 'error', deepLink: a.link ?? '/work', icon: 'error', timestamp: a.last_seen_at, priority: 7 });
  }
  return items.sort(byPriority).slice(0, NEEDS_ATTENTION.maxItems);
}
