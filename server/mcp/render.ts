/**
 * A tool call as MCP content (docs/mcp.md "What is exposed"): a read's table, card or text rendered
 * as plain text, followed by the structured result as JSON (also `structuredContent`); a write's
 * pending action with where to confirm it; a refusal or failure in words (`isError`).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PendingAction, ToolCall, ToolResult } from '../../contract/orchestrator';

/** Where a proposed change is confirmed (the console's /orchestrator page). */
export const CONFIRM_SENTENCE = 'Confirm it in the console: /orchestrator';

const cell = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)).replace(/\s*\n\s*/g, ' ');

export function renderResult(r: ToolResult): string {
  if (r.kind === 'text') return r.text;
  if (r.kind === 'card') return [r.title, ...r.fields.map((f) => `${f.label}: ${f.value}${f.link ? ` (${f.link})` : ''}`)].join('\n');
  if (r.total === 0 || r.rows.length === 0) return `${r.title}: none found.`;
  const lines = [
    `${r.title}: showing ${r.rows.length} of ${r.total}.`,
    r.columns.map((c) => c.title).join(' | '),
    ...r.rows.map((row) => r.columns.map((c) => cell(row[c.key])).join(' | ')),
  ];
  if (r.link) lines.push(`View all: ${r.link}`);
  return lines.join('\n');
}

export function renderAction(a: PendingAction, conversationId: string | null): string {
  const where = conversationId ? `${CONFIRM_SENTENCE}?c=${conversationId}` : CONFIRM_SENTENCE;
  const lines = [
    `Proposed, not done yet: ${a.summary}.`,
    `Records: ${a.count}.`,
    ...(a.preview.length ? ['Preview:', ...a.preview.map((p) => `- ${Object.entries(p).map(([k, v]) => `${k}: ${cell(v)}`).join(', ')}`)] : []),
    `${where} (action ${a.id}, before ${a.expires_at}). Nothing changes until you confirm it there.`,
  ];
  return lines.join('\n');
}

const json = (v: unknown) => ({ type: 'text' as const, text: JSON.stringify(v, null, 2) });

export function toolCallContent(c: ToolCall, conversationId: string | null): CallToolResult {
  if (c.status === 'refused' || c.status === 'failed') return { isError: true, content: [{ type: 'text', text: c.error ?? 'The tool could not run.' }] };
  if (c.status === 'pending_confirmation' && c.action) {
    const structured = { status: c.status, action: c.action, confirm_in: conversationId ? `/orchestrator?c=${conversationId}` : '/orchestrator' };
    return { content: [{ type: 'text', text: renderAction(c.action, conversationId) }, json(structured)], structuredContent: structured };
  }
  const result: ToolResult = c.result ?? { kind: 'text', text: 'Done.' };
  return { content: [{ type: 'text', text: renderResult(result) }, json(result)], structuredContent: result as unknown as Record<string, unknown> };
}
