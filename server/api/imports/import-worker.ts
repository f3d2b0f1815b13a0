/**
 * Import job worker — docs/commerce.md "Import jobs", in the server's own process.
 * Jobs run one at a time: read and validate every row (phase `validating`, streaming), check the file
 * against the tenant's data, then write everything in ONE transaction (phase `writing`) that also
 * marks the job done — so a job is either done with everything written or failed with nothing.
 *
 * Progress lives in memory (`live`) and is what a poll in this process answers. The write
 * transaction's progress cannot be read from the database by anyone else (uncommitted), so it is
 * copied to the job row from outside that transaction: on PostgreSQL through another pooled
 * connection; on PGlite (one connection, held by the write) not at all until the commit.
 *
 * A job's file (import-file.ts) is the job's from `enqueue`: removed once it has been read, or when
 * the job ends or is dropped; files a crash left behind are removed on start.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { countsChanged } from '../list-kit/count-cache';
import type { ReadProgress } from '../../domain/csv';
import type { AuthInfo } from '../context';
import { writeAudit } from '../kit';
import { CommandOutbox } from '../../events/outbox';
import { runtimeTx } from '../../events/runtime-tx';
import { isDatabaseUnavailable, retryInBackground } from '../../db/unavailable';
import { allErrors, importInvalid, type Importer, type ImportPlan } from './importer';
import { importFilesDir, sweepImportFiles, type ImportFile } from './import-file';
import {
  claimJob, failJob, finishJob, heartbeat, INTERRUPTED, recoverInterruptedJobs, saveProgress,
  type ImportJob, type JobError,
} from './import-jobs';

/** Jobs waiting or running in one process; more answer 503 (each holds its file on disk until read). */
export const MAX_PENDING = 10;
/** How often progress reaches the job row (other processes, later reads). */
const SAVE_EVERY_MS = 1000;
const HEARTBEAT_MS = 10_000;
/** How long the worker waits for the creating request's transaction to commit before dropping a job. */
const CLAIM_WAIT_MS = 5000;

interface Pending {
  job: ImportJob;
  tenantId: string;
  auth: AuthInfo;
  correlationId: string;
  /** The uploaded file; `enqueue` makes the job its owner. */
  upload: ImportFile;
  importer: Importer;
}

class InvalidFile extends Error {
  constructor(readonly report: JobError, readonly rowsTotal: number) {
    super(report.message);
  }
}

export interface ImportWorker {
  readonly id: string;
  /** Jobs waiting or running. */
  pending(): number;
  enqueue(p: Pending): void;
  /** The job as this process knows it right now, if it is queued or running here. */
  live(tenantId: string, id: string): ImportJob | null;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createImportWorker(db: Db, log: FastifyBaseLogger, dataDir: string): ImportWorker {
  const id = randomUUID();
  const queue: Pending[] = [];
  const live = new Map<string, Pending>();
  let running: Promise<void> | null = null;
  let stopping = false;
  let beat: NodeJS.Timeout | undefined;

  /** Removes the job's file (once: later calls do nothing); a failure to remove is only logged. */
  const dropFile = (p: Pending) => p.upload.release('job').catch((e: unknown) => log.warn({ err: e, job: p.job.id }, 'import file not removed'));

  async function claim(p: Pending): Promise<boolean> {
    const until = Date.now() + CLAIM_WAIT_MS;
    while (!stopping) {
      if (await claimJob(db, p.tenantId, p.job.id)) return true;
      if (Date.now() > until) return false;
      await sleep(25);
    }
    return false;
  }

  async function run(p: Pending): Promise<void> {
    const job = p.job;
    const t = p.tenantId;
    let lastSave = 0;
    let saving = false;
    // progress to the row from outside any write transaction; never awaited by the write itself
    const save = (force = false) => {
      const now = Date.now();
      if (saving || (!force && now - lastSave < SAVE_EVERY_MS)) return;
      if (job.phase === 'writing' && db.engine === 'pglite') return;
      lastSave = now;
      saving = true;
      void db
        .transaction((tx) => saveProgress(tx, job.id, job), { tenantId: t })
        .catch((e: unknown) => log.warn({ err: e, job: job.id }, 'import progress not saved'))
        .finally(() => {
          saving = false;
        });
    };
    job.status = 'running';
    job.phase = 'validating';
    job.started_at = new Date().toISOString();
    const file = await p.importer.read(p.upload.input, (r: ReadProgress) => {
      job.rows_done = r.rows;
      job.percent = Math.min(99, Math.floor(r.fraction * 100));
      save();
    });
    // the file is read: only the parsed rows are needed from here on
    await dropFile(p);
    job.rows_total = file.rowsTotal;
    job.rows_done = file.rowsTotal;
    job.percent = 100;
    const check = (plan: ImportPlan) => {
      const errors = allErrors(file, plan);
      if (errors.length) {
        const e = importInvalid(errors, file.rowsTotal);
        throw new InvalidFile({ code: e.code, message: e.message, details: e.details }, file.rowsTotal);
      }
    };
    // a short read-only check first, so a clash with the catalogue fails before any write starts
    const first = await db.transaction((tx) => file.plan(tx, t), { tenantId: t });
    check(first);
    if (job.dry_run) {
      const result = { ...first.summary, dry_run: true };
      await db.transaction((tx) => finishJob(tx, job.id, file.rowsTotal, result), { tenantId: t });
      Object.assign(job, { status: 'done', phase: 'done', result, finished_at: new Date().toISOString() });
      return;
    }
    job.phase = 'writing';
    job.rows_done = 0;
    job.percent = 0;
    await db.transaction((tx) => saveProgress(tx, job.id, job), { tenantId: t });
    const result = await db.transaction(
      async (tx) => {
        // checked again inside the write: the catalogue may have changed since the first check
        const plan = await file.plan(tx, t);
        check(plan);
        // events go to the outbox in one statement at the end, as a request's do (kit.ts)
        const outbox = new CommandOutbox(t, { correlationId: p.correlationId });
        await plan.write(
          {
            tx,
            auth: p.auth,
            audit: (e) => writeAudit(tx, p.auth, p.correlationId, e),
            emit: outbox.emit,
          },
          (rows) => {
            job.rows_done = Math.min(rows, file.rowsTotal);
            job.percent = file.rowsTotal ? Math.min(99, Math.floor((job.rows_done / file.rowsTotal) * 100)) : 99;
            save();
          },
        );
        await outbox.flush(tx);
        const out = { ...plan.summary, dry_run: false };
        await finishJob(tx, job.id, file.rowsTotal, out);
        return out;
      },
      { tenantId: t },
    );
    // a job commits outside any request, so the route kit's invalidation does not see this write
    countsChanged(t);
    Object.assign(job, { status: 'done', phase: 'done', rows_done: file.rowsTotal, percent: 100, result, finished_at: new Date().toISOString() });
  }

  async function fail(p: Pending, e: unknown): Promise<void> {
    const job = p.job;
    let error: JobError;
    if (e instanceof InvalidFile) {
      error = e.report;
      job.rows_total = e.rowsTotal;
    } else {
      log.error({ err: e, job: job.id, correlationId: p.correlationId }, 'import job failed');
      error = stopping ? INTERRUPTED : { code: 'import_failed', message: 'The import could not be written. Nothing was imported.', details: null };
    }
    Object.assign(job, { status: 'failed', phase: 'failed', error, finished_at: new Date().toISOString() });
    const record = () => db.transaction((tx) => failJob(tx, job.id, job.rows_total, error), { tenantId: p.tenantId });
    // the row stays unfinished until it is recorded: the next start's recovery marks it failed
    const notRecorded = (err: unknown) => log.error({ err, job: job.id }, 'import job failure not recorded');
    await record().catch((err: unknown) => {
      // the database unreachable (docs/reliability.md): recorded once it is back
      if (isDatabaseUnavailable(err)) retryInBackground(record, notRecorded);
      else notRecorded(err);
    });
  }

  async function drain(): Promise<void> {
    for (let p = queue.shift(); p && !stopping; p = queue.shift()) {
      try {
        if (!(await claim(p))) {
          // the request that created the job did not commit (or the server is stopping)
          live.delete(p.job.id);
          continue;
        }
        await run(p);
      } catch (e) {
        await fail(p, e);
      } finally {
        live.delete(p.job.id);
        await dropFile(p);
      }
    }
  }

  // cleared once the drain has settled, never inside it: a drain that finds the worker stopping
  // returns at once, and clearing it there would leave a settled promise in `running` for good
  function kick(): void {
    running ??= drain().finally(() => {
      running = null;
      if (queue.length > 0 && !stopping) kick();
    });
  }

  return {
    id,
    pending: () => live.size,
    enqueue(p) {
      // throws when the request has already let the file go (its client left): no job then
      p.upload.adopt();
      live.set(p.job.id, p);
      queue.push(p);
      kick();
    },
    live(tenantId, jobId) {
      const p = live.get(jobId);
      return p && p.tenantId === tenantId && p.job.status !== 'queued' ? { ...p.job } : null;
    },
    async start() {
      // no job of a previous run is resumed (below), so none of their files is needed
      const dir = importFilesDir(dataDir);
      const swept = await sweepImportFiles(dir, { all: db.engine === 'pglite' });
      if (swept) log.warn({ files: swept, dir }, 'import files left by an earlier run removed');
      const failed = await recoverInterruptedJobs(db, { all: db.engine === 'pglite', exceptWorker: id });
      if (failed.length) log.warn({ jobs: failed }, 'import jobs interrupted by a restart marked failed');
      // other processes (PostgreSQL) judge this one alive by these heartbeats
      if (db.engine === 'postgres') {
        beat = setInterval(() => {
          void heartbeat(db, [...live.keys()]).catch((e: unknown) => log.warn({ err: e }, 'import heartbeat failed'));
        }, HEARTBEAT_MS);
        beat.unref();
      }
    },
    async stop() {
      stopping = true;
      if (beat) clearInterval(beat);
      const waiting = queue.splice(0);
      await Promise.all(waiting.map(dropFile));
      if (running) await running;
      if (waiting.length) {
        await runtimeTx(db, (tx) =>
          tx.query(
            `update import_jobs set status = 'failed', phase = 'failed', error = $2, finished_at = now() where id = any($1::uuid[]) and status = 'queued'`,
            [waiting.map((w) => w.job.id), JSON.stringify(INTERRUPTED)],
          ),
          'imports',
        ).catch((e: unknown) => log.warn({ err: e }, 'queued imports not marked failed'));
      }
      live.clear();
    },
  };
}
