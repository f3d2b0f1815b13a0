/**
 * Import job rows (0006_import_jobs.sql) — docs/commerce.md "Import jobs". The row is
 * what `GET /api/imports/jobs/{id}` answers when the job is not live in this process, and what a
 * restart repairs (recoverInterruptedJobs). docs/commerce.md "Import jobs".
 */
import type { Db, Queryable, Tx } from '../../db';
import type { ImportJob, ImportKind, ImportSummary, JobError } from '../../../contract/imports';
import { runtimeTx } from '../../events/runtime-tx';
import { withWindowTotal } from '../list-kit/paging';

export type { ImportJob, JobError, JobPhase, JobStatus } from '../../../contract/imports';

const COLUMNS = `id, kind, status, phase, dry_run, file_name, file_bytes, rows_total, rows_done, percent, result, error,
  created_at, started_at, finished_at`;

interface Row extends Omit<ImportJob, 'created_at' | 'started_at' | 'finished_at'> {
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toJob(r: Row): ImportJob {
  return { ...r, rows_total: r.rows_total === null ? null : Number(r.rows_total), created_at: iso(r.created_at)!, started_at: iso(r.started_at), finished_at: iso(r.finished_at) };
}

export interface NewJob {
  tenantId: string;
  kind: ImportKind;
  dryRun: boolean;
  fileName: string | null;
  fileBytes: number;
  userId: string;
  email: string;
  correlationId: string;
  workerId: string;
}

export async function insertJob(tx: Tx, j: NewJob): Promise<ImportJob> {
  const { rows } = await tx.query<Row>(
    `insert into import_jobs (tenant_id, kind, dry_run, file_name, file_bytes, created_by, created_by_email, correlation_id, worker_id, heartbeat_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now()) returning ${COLUMNS}`,
    [j.tenantId, j.kind, j.dryRun, j.fileName, j.fileBytes, j.userId, j.email, j.correlationId, j.workerId],
  );
  return toJob(rows[0]);
}

export async function getJob(tx: Queryable, id: string): Promise<ImportJob | null> {
  const { rows } = await tx.query<Row>(`select ${COLUMNS} from import_jobs where id = $1`, [id]);
  return rows[0] ? toJob(rows[0]) : null;
}

export async function listJobs(tx: Queryable, limit: number, offset: number): Promise<{ jobs: ImportJob[]; total: number }> {
  const page = await tx.query<Row>(`select ${COLUMNS}, count(*) over () as _total from import_jobs order by created_at desc, id limit $1 offset $2`, [limit, offset]);
  const { rows, total } = await withWindowTotal(page.rows, offset, async () =>
    Number((await tx.query<{ n: number }>('select count(*)::int as n from import_jobs')).rows[0].n),
  );
  return { jobs: rows.map(toJob), total };
}

/** queued → running; 0 rows while the request that created the job has not committed yet. */
export async function claimJob(db: Db, tenantId: string, id: string): Promise<boolean> {
  const r = await db.transaction(
    (tx) => tx.query(`update import_jobs set status = 'running', phase = 'validating', started_at = now(), heartbeat_at = now() where id = $1 and status = 'queued'`, [id]),
    { tenantId },
  );
  return r.rowCount > 0;
}

/** Progress of a running job; never touches a finished one (the final update may have committed first). */
export async function saveProgress(q: Queryable, id: string, p: Pick<ImportJob, 'phase' | 'rows_total' | 'rows_done' | 'percent'>): Promise<void> {
  await q.query(
    `update import_jobs set phase = $2, rows_total = $3, rows_done = $4, percent = $5, heartbeat_at = now() where id = $1 and status = 'running'`,
    [id, p.phase, p.rows_total, p.rows_done, p.percent],
  );
}

export async function finishJob(tx: Tx, id: string, rowsTotal: number, result: ImportSummary & { dry_run: boolean }): Promise<void> {
  await tx.query(
    `update import_jobs set status = 'done', phase = 'done', rows_total = $2, rows_done = $2, percent = 100, result = $3, finished_at = now()
      where id = $1`,
    [id, rowsTotal, JSON.stringify(result)],
  );
}

/** Never over a job that is done: its write may have committed after all when the connection went during COMMIT. */
export async function failJob(tx: Tx, id: string, rowsTotal: number | null, error: JobError): Promise<void> {
  await tx.query(
    `update import_jobs set status = 'failed', phase = 'failed', rows_total = coalesce($2, rows_total), error = $3, finished_at = now() where id = $1 and status <> 'done'`,
    [id, rowsTotal, JSON.stringify(error)],
  );
}

export const INTERRUPTED: JobError = {
  code: 'import_interrupted',
  message: 'The server stopped before this import finished. Nothing was imported; upload the file again.',
  details: null,
};

/** A job whose worker has not been heard of for this long is taken as dead (PostgreSQL, several processes). */
export const STALE_AFTER_S = 60;

/**
 * Marks unfinished jobs failed. Nothing of theirs was written: the write and the "done" mark commit
 * together. `all` (PGlite: one process per DATA_DIR) takes every unfinished job; otherwise only those
 * whose worker stopped sending heartbeats, so a restart does not fail another replica's job.
 */
export async function recoverInterruptedJobs(db: Db, opts: { all: boolean; exceptWorker?: string }): Promise<string[]> {
  // every tenant's jobs: the import worker's runtime scope (recovery policy of 0006_import_jobs.sql)
  const { rows } = await runtimeTx(
    db,
    (tx) =>
      tx.query<{ id: string }>(
        `update import_jobs set status = 'failed', phase = 'failed', error = $1, finished_at = now()
          where status in ('queued', 'running') and worker_id is distinct from $4
            and ($2 or heartbeat_at is null or heartbeat_at < now() - make_interval(secs => $3))
          returning id`,
        [JSON.stringify(INTERRUPTED), opts.all, STALE_AFTER_S, opts.exceptWorker ?? null],
      ),
    'imports',
  );
  return rows.map((r) => r.id);
}

export async function heartbeat(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await runtimeTx(db, (tx) => tx.query(`update import_jobs set heartbeat_at = now() where id = any($1::uuid[]) and status in ('queued', 'running')`, [ids]), 'imports');
}
