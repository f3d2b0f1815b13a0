/**
 * Import jobs seen from the console — docs/commerce.md "large files stream with progress". A large file
 * answers 202 with a job (docs/commerce.md "Import jobs"); the dialog polls it every POLL_MS until
 * it is done or failed. Stopping the poll (closing the dialog) does not cancel the job. Uploads and
 * polls go through the one API client (docs/api-client.md "Raw bodies and files").
 */
import { apiClient } from '../../providers/app-client';
import type { Query } from '../../providers/api';
import type { ImportJob } from '../../contract/imports';

export const POLL_MS = 500;

export type { ImportJob, RowError } from '../../contract/imports';

/**
 * Posts a file's text as is (the API client's raw-body mode: same headers, retries, session refresh,
 * request log and idempotency key as every call), reporting upload progress 0–100.
 */
export function uploadImport(path: string, text: string, contentType: string, opts: { query?: Query; onProgress?: (percent: number) => void } = {}) {
  return apiClient.post<unknown>(path, undefined, {
    rawBody: text,
    headers: { 'Content-Type': contentType },
    query: opts.query,
    onUploadProgress: opts.onProgress,
  });
}

/** The job of a 202 answer (`{data: {job}}`), else null (a synchronous answer). */
export function jobOf(answer: unknown): ImportJob | null {
  const job = (answer as { data?: { job?: unknown } } | null)?.data?.job;
  return job && typeof job === 'object' && 'id' in job ? (job as ImportJob) : null;
}

const n = (v: number) => v.toLocaleString('en-US');

/** "Validating rows… 12,000 / 40,000", "Writing… 3,000 / 40,000". */
export function phaseText(job: ImportJob): string {
  const of = job.rows_total === null ? n(job.rows_done) : `${n(job.rows_done)} / ${n(job.rows_total)}`;
  if (job.phase === 'queued') return 'Waiting for the server to start…';
  if (job.phase === 'validating') return `Validating rows… ${of}`;
  if (job.phase === 'writing') return `Writing… ${of}`;
  return job.phase === 'done' ? 'Done' : 'Failed';
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

/** Polls until the job ends (answers it) or `signal` aborts (answers null); `onUpdate` gets every state. */
export async function followJob(id: string, onUpdate: (job: ImportJob) => void, signal: AbortSignal): Promise<ImportJob | null> {
  for (;;) {
    await sleep(POLL_MS, signal);
    if (signal.aborted) return null;
    const job = (await apiClient.get<{ data: ImportJob }>(`/imports/jobs/${id}`)).data;
    if (signal.aborted) return null;
    onUpdate(job);
    if (job.status === 'done' || job.status === 'failed') return job;
  }
}
