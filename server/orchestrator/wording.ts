/** What the embedded engine says about a tool call (docs/orchestrator.md "The embedded engine"). */
import type { ToolCall } from '../../contract/orchestrator';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function sayCall(c: ToolCall): string {
  if (c.status === 'refused') return c.error ?? 'I cannot do that.';
  if (c.status === 'failed') return `That did not work: ${c.error ?? 'the tool failed'}`;
  if (c.status === 'pending_confirmation' && c.action) {
    return `I can do that once you confirm: ${c.action.summary}. Nothing changes until you press Confirm (within 10 minutes).`;
  }
  const r = c.result;
  if (!r) return 'Done.';
  if (r.kind === 'text') return r.text;
  if (r.kind === 'card') return `${r.title}.`;
  if (r.total === 0) return `${r.title}: none found.`;
  return `${r.title}: ${plural(r.total, 'result')}${r.rows.length < r.total ? `, the first ${r.rows.length} below` : ''}.`;
}
