/**
 * Import jobs seen from the console — docs/commerce.md "Imports and exports". A large file
 * answers 202 with a job (docs/commerce.md "Import jobs"); the dialog follows it every POLL_MS until it
 * is done or failed. Stopping (closing the dialog) does not cancel the job. The file itself is a raw
 * body and goes through the API client (docs/api-client.md "Raw bodies and files"); the job's state is
 * JSON and is read through the data provider (docs/api-client.md "One data path").
 */
import { useOne, type HttpError } from '@refinedev/core';
import { apiClient } from '../../providers/app-client';
import type { Query } from '../../providers/api';
import type { ImportJob } from '../../contract/imports';

export const POLL_MS = 500;

export type { ImportJob, RowError } from '../../contract/imports';

/** `GET /imports/jobs/{id}`: a job has no list, only its state. */
const JOBS = { resource: 'import_jobs', meta: { path: '/imports/jobs' } } as const;

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

export const jobEnded = (job: ImportJob) => job.status === 'done' || job.status === 'failed';

const n = (v: number) => v.toLocaleString('en-US');

/** "Validating rows… 12,000 / 40,000", "Writing… 3,000 / 40,000". */
export function phaseText(job: ImportJob): string {
  const of = job.rows_total === null ? n(job.rows_done) : `${n(job.rows_done)} / ${n(job.rows_total)}`;
  if (job.phase === 'queued') return 'Waiting for the server to start…';
  if (job.phase === 'validating') return `Validating rows… ${of}`;
  if (job.phase === 'writing') return `Writing… ${of}`;
  return job.phase === 'done' ? 'Done' : 'Failed';
}

/**
 * Follows the job an upload answered (`null`: follows nothing, no request): `useOne` with the upload's
 * answer as its first state, read again every POLL_MS until the job is done or failed. Answers the
 * newest state, and the error of a read that failed (after the client's retries).
 */
export function useImportJob(started: ImportJob | null): { job: ImportJob | null; error: HttpError | null } {
  const { query } = useOne<ImportJob>({
    ...JOBS,
    id: started?.id,
    // the dialog shows a failed read itself
    errorNotification: false,
    liveMode: 'off',
    queryOptions: {
      enabled: started !== null,
      initialData: started ? { data: started } : undefined,
      // the upload's answer is this instant's state: the first read is one POLL_MS later
      staleTime: Infinity,
      refetchInterval: (q) => (q.state.data && jobEnded(q.state.data.data) ? false : POLL_MS),
      refetchIntervalInBackground: true,
    },
  });
  if (!started) return { job: null, error: null };
  return { job: query.data?.data ?? started, error: query.isError ? query.error : null };
}
