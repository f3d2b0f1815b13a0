/**
 * Bulk work in chunks — docs/commerce.md (bulk edit with progress and a per-item result). Ids go to the
 * server a chunk at a time so the progress bar moves; a chunk that fails as a whole (network,
 * validation) marks each of its items failed with that message and the run goes on.
 */
import { finalMessage } from '../../providers/api';

export interface BulkItemResult {
  id: string;
  ok: boolean;
  /** What was done, in words, when the server says more than "done" (e.g. "2 purchase orders placed"). */
  message?: string;
  /** `details`: what the server adds to a refusal (e.g. the proposal that replaced an expired one). */
  error?: { code?: string; message: string; details?: unknown };
}

export const BULK_CHUNK = 25;

export async function runInChunks(
  ids: readonly string[],
  send: (chunk: string[]) => Promise<BulkItemResult[]>,
  onProgress: (done: number, results: BulkItemResult[]) => void,
  size = BULK_CHUNK,
): Promise<BulkItemResult[]> {
  const results: BulkItemResult[] = [];
  for (let i = 0; i < ids.length; i += size) {
    const chunk = ids.slice(i, i + size);
    try {
      const answered = await send(chunk);
      const byId = new Map(answered.map((r) => [r.id, r]));
      // an id the server did not answer for is reported, not silently dropped
      results.push(...chunk.map((id) => byId.get(id) ?? { id, ok: false, error: { message: 'No result returned' } }));
    } catch (e) {
      const message = finalMessage(e);
      results.push(...chunk.map((id) => ({ id, ok: false, error: { message } })));
    }
    onProgress(Math.min(ids.length, i + size), [...results]);
  }
  return results;
}
