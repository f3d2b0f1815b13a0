/**
 * DLQ commands (docs/events.md): replay one or selected, replay all matching a filter, discard with a
 * reason. Each one runs in chunks so the progress moves, and reports a result per message: a message
 * the server skipped (no longer pending) is reported as such, never silently dropped.
 */
import { runInChunks, type BulkItemResult } from '../shared/bulk-run';
import type { DlqCommandFilter } from './dlq-list-filters';

export type DlqCommand =
  | { kind: 'replay'; ids: number[] }
  | { kind: 'replay-filter'; filter: DlqCommandFilter; total: number }
  | { kind: 'discard'; ids: number[] };

export const SKIPPED = 'Skipped: no longer pending';

function resultsFor(chunk: string[], done: readonly number[]): BulkItemResult[] {
  const ok = new Set(done.map(String));
  return chunk.map((id) => (ok.has(id) ? { id, ok: true } : { id, ok: false, error: { message: SKIPPED } }));
}

/** POSTs a DLQ command and answers the record of `{data}` — the page's Refine custom mutation. */
export type DlqPost = <T>(path: string, body?: object) => Promise<T>;

export async function runDlqCommand(
  c: DlqCommand,
  reason: string,
  onProgress: (done: number, results: BulkItemResult[]) => void,
  post: DlqPost,
): Promise<BulkItemResult[]> {
  if (c.kind === 'replay-filter') {
    // one server-side command: the server picks the pending messages matching the filter
    const answer = await post<{ replayed: number[]; skipped: number }>('/dlq/replay', { filter: c.filter });
    const results: BulkItemResult[] = answer.replayed.map((id) => ({ id: String(id), ok: true }));
    if (answer.skipped > 0) results.push({ id: 'skipped', ok: false, error: { message: `${answer.skipped} ${SKIPPED.toLowerCase()}` } });
    onProgress(results.length, results);
    return results;
  }
  const ids = c.ids.map(String);
  return runInChunks(
    ids,
    async (chunk) => {
      const nums = chunk.map(Number);
      if (c.kind === 'replay') {
        const done =
          nums.length === 1
            ? (await post<{ replayed: number[] }>(`/dlq/${nums[0]}/replay`)).replayed
            : (await post<{ replayed: number[] }>('/dlq/replay', { ids: nums })).replayed;
        return resultsFor(chunk, done);
      }
      const done =
        nums.length === 1
          ? (await post<{ discarded: unknown[] }>(`/dlq/${nums[0]}/discard`, { reason })).discarded
          : (await post<{ discarded: unknown[] }>('/dlq/discard', { ids: nums, reason })).discarded;
      return resultsFor(chunk, done.map(Number));
    },
    onProgress,
  );
}

/** Confirmation texts: what will happen, to how many messages. */
export function describeCommand(c: DlqCommand): { title: string; body: string; ok: string; danger: boolean } {
  const n = c.kind === 'replay-filter' ? c.total : c.ids.length;
  const messages = `${n} ${n === 1 ? 'message' : 'messages'}`;
  if (c.kind === 'discard') {
    return {
      title: n === 1 ? 'Discard this message?' : `Discard ${messages}?`,
      body: 'Discarded messages are not delivered again. They stay in the DLQ marked discarded, with your reason, and the action is audited.',
      ok: n === 1 ? 'Discard' : `Discard ${n}`,
      danger: true,
    };
  }
  if (c.kind === 'replay-filter') {
    return {
      title: `Replay all ${messages} matching the filter?`,
      body: 'Every pending message matching the current filter goes back to its consumer. A message that fails again returns to the DLQ.',
      ok: 'Replay all',
      danger: false,
    };
  }
  return {
    title: n === 1 ? 'Replay this message?' : `Replay ${messages}?`,
    body: 'The message goes back to its consumer and is delivered again. If it fails again it returns to the DLQ.',
    ok: n === 1 ? 'Replay' : `Replay ${n}`,
    danger: false,
  };
}
