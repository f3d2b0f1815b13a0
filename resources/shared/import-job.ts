/**
 * Import jobs seen from the console — issue 5 §3 "large files stream with progress". A large file
 * answers 202 with a job (docs/commerce.md "Import jobs"); the dialog polls it every POLL_MS until
 * it is done or failed. Stopping the poll (closing the dialog) does not cancel the job.
 */
import { getJson } from './raw-request';

export const POLL_MS = 500;

export interface RowError { row: number; column: string; reason: string }

export interface ImportJob {
  id: string;
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  phase: 'queued' | 'validating' | 'writing' | 'done' | 'failed';
  dry_run: boolean;
  rows_total: number | null;
  rows_done: number;
  percent: number;
  result: Record<string, unknown> | null;
  error: { code: string; message: string; details: { errors?: RowError[]; rows_total?: number } | null } | null;
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
    const job = (await getJson<{ data: ImportJob }>(`/imports/jobs/${id}`)).data;
    if (signal.aborted) return null;
    onUpdate(job);
    if (job.status === 'done' || job.status === 'failed') return job;
  }
}
