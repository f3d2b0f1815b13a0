/**
 * Dead-letter tools (docs/orchestrator.md "Tools"): list the failed messages, replay them, discard
 * them. Discarding is destructive: a danger tool (docs/orchestrator.md "Danger").
 */
import { z } from 'zod';
import type { DlqEntry } from '../../../contract/dlq';
import { defineTool, type ToolContext, type WritePlan } from '../tool-kit';
import { allRows, daySlot, plural, PLAN_CAP, preview, table, when } from './shared';

const filterShape = {
  consumer: z.string().trim().min(1).max(100).optional().describe('The consumer that failed, e.g. dropship-labels (label purchases), dropship-router (routing), dropship-tracking'),
  subject: z.string().trim().min(1).max(200).regex(/^[A-Za-z0-9_.*>-]+$/).optional().describe('Event subject or pattern, e.g. orders.*'),
  since: daySlot.optional().describe('Only messages that first failed on or after this day'),
};
type Filter = { consumer?: string; subject?: string; since?: string };

async function failed(ctx: ToolContext, f: Filter, limit: number): Promise<{ rows: DlqEntry[]; total: number }> {
  const maxAge = f.since ? Math.max(0, Math.ceil((ctx.now.getTime() - Date.parse(`${f.since}T00:00:00.000Z`)) / 1000)) : undefined;
  return allRows<DlqEntry>(ctx.api, '/dlq', { status: 'pending', consumer: f.consumer, subject: f.subject, max_age_s: maxAge }, limit);
}

const describe = (f: Filter) => [f.consumer ? `of ${f.consumer}` : '', f.subject ? `on ${f.subject}` : '', f.since ? `since ${f.since}` : ''].filter(Boolean).join(' ');
const dlqRow = (d: DlqEntry) => ({ id: d.id, consumer: d.consumer, subject: d.subject, error: d.last_error ?? '—', attempts: d.attempts, failed: when(d.first_failure_at), _link: `/ops/dlq?id=${d.id}` });

export const findFailedMessages = defineTool({
  name: 'find_failed_messages',
  description: 'List failed messages waiting in the dead-letter queue.',
  permission: 'ops:dlq',
  route: 'GET /dlq',
  writes: false,
  danger: false,
  input: z.object(filterShape),
  async run(ctx, i) {
    const { rows, total } = await failed(ctx, i, 20);
    return table(`Failed messages ${describe(i)}`.trim(), [['id', '#'], ['consumer', 'Consumer'], ['subject', 'Subject'], ['error', 'Error'], ['attempts', 'Attempts'], ['failed', 'First failed']], rows.map(dlqRow), total, '/ops/dlq');
  },
});

function dlqWrite(kind: 'replay' | 'discard') {
  return defineTool({
    name: kind === 'replay' ? 'replay_failed_messages' : 'discard_failed_messages',
    description: kind === 'replay' ? 'Replay failed messages from the dead-letter queue.' : 'Discard failed messages from the dead-letter queue (they are not processed again).',
    permission: 'ops:dlq',
    route: kind === 'replay' ? 'POST /dlq/replay' : 'POST /dlq/discard',
    writes: true,
    danger: kind === 'discard',
    input: kind === 'replay' ? z.object(filterShape) : z.object({ ...filterShape, reason: z.string().trim().min(1).max(500).optional() }),
    async plan(ctx, i: Filter & { reason?: string }): Promise<WritePlan> {
      const { rows, total } = await failed(ctx, i, PLAN_CAP);
      return {
        summary: `${kind === 'replay' ? 'Replay' : 'Discard'} ${plural(total, 'failed message')} ${describe(i)}`.trim(),
        count: total,
        preview: preview(rows, dlqRow),
        args: { ids: rows.map((r) => r.id), reason: i.reason ?? 'Discarded from the AI Orchestrator' },
      };
    },
    async apply({ api }, a) {
      const ids = a.ids as number[];
      if (ids.length === 0) return { kind: 'text', text: 'There was nothing to change.' };
      if (kind === 'replay') {
        const r = await api.post<{ data: { replayed: number[]; skipped: number } }>('/dlq/replay', { ids });
        return { kind: 'text', text: `Replayed ${plural(r.data.replayed.length, 'message')}${r.data.skipped ? `; ${r.data.skipped} were no longer waiting` : ''}.` };
      }
      const r = await api.post<{ data: { discarded?: unknown[] | number; skipped?: number } }>('/dlq/discard', { ids, reason: a.reason });
      return { kind: 'text', text: `Discarded ${plural(Array.isArray(r.data.discarded) ? r.data.discarded.length : (r.data.discarded ?? ids.length), 'message')}.` };
    },
  });
}

export const replayFailedMessages = dlqWrite('replay');
export const discardFailedMessages = dlqWrite('discard');
