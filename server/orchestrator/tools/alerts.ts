/** Alert and overview tools (docs/orchestrator.md "Tools"): find alerts; summarise today (the dashboard's figures). */
import { z } from 'zod';
import { ALERT_LEVELS, ALERT_STATUSES, type AlertRow } from '../../../contract/alerts';
import type { AnalyticsSummary } from '../../../contract/analytics';
import type { NeedsAttentionItem } from '../../../contract/needs-attention';
import { defineTool } from '../tool-kit';
import { humanize, money, plural, table, when, type Page } from './shared';

export const findAlerts = defineTool({
  name: 'find_alerts',
  description: 'Find alerts by status, severity or source.',
  permission: 'signed-in',
  route: 'GET /alerts',
  writes: false,
  danger: false,
  input: z.object({ status: z.enum([...ALERT_STATUSES, 'all']).optional(), severity: z.enum(ALERT_LEVELS).optional(), search: z.string().trim().min(1).max(200).optional() }),
  async run({ api }, i) {
    const r = await api.get<Page<AlertRow>>('/alerts', { status: i.status ?? 'open', severity: i.severity, search: i.search, sort: 'severity', limit: 20 });
    return table(`${i.severity ? `${i.severity[0].toUpperCase()}${i.severity.slice(1)} alerts` : 'Alerts'} (${i.status ?? 'open'})`,
      [['title', 'Alert'], ['severity', 'Severity'], ['source', 'Source'], ['count', 'Count'], ['last_seen', 'Last seen']],
      r.data.map((a) => ({ title: a.message, severity: a.severity, source: humanize(a.source), count: a.count, last_seen: when(a.last_seen_at), _link: a.link ?? '/work' })),
      r.pagination.total, '/work');
  },
});

export const summariseToday = defineTool({
  name: 'summarise_today',
  description: "Summarise today: revenue and orders, open alerts, failed messages, and what needs attention.",
  permission: 'read:analytics',
  route: 'GET /analytics/summary',
  writes: false,
  danger: false,
  input: z.object({}),
  async run({ api, now }) {
    const today = now.toISOString().slice(0, 10);
    const [sales, alerts, dlq, attention] = await Promise.all([
      api.get<{ data: AnalyticsSummary }>('/analytics/summary', { from: today, to: today }),
      api.get<{ data: { open: number; critical: number; new: number } }>('/alerts/summary'),
      api.get<{ data: { pending: number } }>('/dashboard/dlq'),
      api.get<Page<NeedsAttentionItem>>('/dashboard/needs-attention'),
    ]);
    const f = sales.data.figures;
    const fields: { label: string; value: string; link: string | null }[] = [
      { label: 'Revenue today', value: money(f.revenue_cents), link: '/analytics' },
      { label: 'Orders today', value: String(f.orders), link: '/orders' },
      { label: 'Open alerts', value: `${alerts.data.open} (${alerts.data.critical} critical, ${alerts.data.new} new)`, link: '/work' },
      { label: 'Failed messages waiting', value: String(dlq.data.pending), link: '/ops/dlq' },
      ...attention.data.map((a) => ({ label: `Needs attention (${a.severity})`, value: `${a.title}: ${a.context}`, link: a.deepLink })),
    ];
    if (attention.data.length === 0) fields.push({ label: 'Needs attention', value: 'Nothing right now', link: null });
    return { kind: 'card', title: `Today, ${today}: ${plural(attention.data.length, 'thing')} need${attention.data.length === 1 ? 's' : ''} attention`, fields };
  },
});
