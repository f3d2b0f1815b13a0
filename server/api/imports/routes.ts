/**
 * Imports a seller already has — docs/commerce.md: Shopify product CSV, Amazon order report (TSV), eBay
 * orders CSV; and payouts (docs/reconciliation.md "Uploads"): Amazon's settlement report, Shopify's payout transactions. Validate all, report every bad row, write all or nothing in one transaction, answer
 * `{created, updated, rows}`. A small file is done within the request; a large one (or `?mode=job`)
 * answers 202 with a job that streams through validation and writing with progress
 * (import-worker.ts; docs/commerce.md "Import jobs"). The body arrives here already on disk
 * (import-file.ts, streamed there after authentication: server/http/file-uploads.ts).
 */
import { defineModule, type ApiModule } from '../module';
import { list, one, type Ctx } from '../kit';
import { HttpError, notFound } from '../errors';
import { importQuery, jobListQuery, jobParams, type ImportQuery } from '../../../contract/imports';
import { shopifyImporter } from './shopify';
import { amazonImporter, ebayImporter } from './orders';
import { amazonSettlementImporter, shopifyPayoutsImporter } from './payouts';
import { allErrors, importInvalid, type Importer } from './importer';
import { createImportWorker, MAX_PENDING, type ImportWorker } from './import-worker';
import { getJob, insertJob, listJobs } from './import-jobs';
import { importUpload, type ImportFile } from './import-file';
import { SIGNED_IN } from '../../../contract/permissions';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { importJob } from '../../../contract/imports';

/** Above either size a file becomes a job unless `?mode=sync`. */
export const JOB_MIN_BYTES = 1024 * 1024;
export const JOB_MIN_ROWS = 5000;

// line count as a cheap stand-in for rows (a quoted newline counts too: only the switch depends on it)
const isLarge = (file: ImportFile) => file.bytes > JOB_MIN_BYTES || file.lines > JOB_MIN_ROWS;

/** The synchronous path: everything inside the request's one transaction. */
async function importNow(ctx: Ctx<unknown, ImportQuery, ImportFile>, importer: Importer) {
  const t = ctx.auth.tenantId;
  const file = await importer.read(ctx.body.input);
  const plan = await file.plan(ctx.tx, t);
  const errors = allErrors(file, plan);
  if (errors.length) throw importInvalid(errors, file.rowsTotal);
  if (ctx.query.dry_run) return { ...plan.summary, dry_run: true };
  await plan.write(ctx, () => undefined);
  return { ...plan.summary, dry_run: false };
}

async function importLater(ctx: Ctx<unknown, ImportQuery, ImportFile>, importer: Importer, worker: ImportWorker) {
  if (worker.pending() >= MAX_PENDING) {
    throw new HttpError(503, 'import_queue_full', 'Too many imports are waiting; try again in a minute.', null, { 'Retry-After': '30' });
  }
  const job = await insertJob(ctx.tx, {
    tenantId: ctx.auth.tenantId, kind: importer.kind, dryRun: ctx.query.dry_run, fileName: ctx.query.file_name ?? null,
    fileBytes: ctx.body.bytes, userId: ctx.auth.userId, email: ctx.auth.email, correlationId: ctx.req.correlationId, workerId: worker.id,
  });
  // the worker claims the row once this request's transaction has committed; the file is the job's from here
  worker.enqueue({ job, tenantId: ctx.auth.tenantId, auth: ctx.auth, correlationId: ctx.req.correlationId, upload: ctx.body, importer });
  ctx.status(202);
  return one({ job });
}

const imports: ApiModule = (api) => {
  const { db } = api.services;
  const worker = createImportWorker(db, api.app.log, api.services.config.dataDir);
  // startup recovery of jobs a restart interrupted; on close the running job finishes, queued ones fail
  api.app.addHook('onReady', () => worker.start());
  api.app.addHook('onClose', () => worker.stop());

  for (const importer of [shopifyImporter, amazonImporter, ebayImporter, amazonSettlementImporter, shopifyPayoutsImporter]) {
    api.route({
      method: 'POST',
      url: `/imports/${importer.kind}`,
      access: importer.access,
      query: importQuery,
      body: importUpload,
      handler: async (ctx) => {
        const job = ctx.query.mode === 'job' || (ctx.query.mode !== 'sync' && isLarge(ctx.body));
        const imp = importer.withQuery?.(ctx.query) ?? importer;
        return job ? importLater(ctx, imp, worker) : one(await importNow(ctx, imp));
      },
    });
  }

  api.route({
    method: 'GET',
    url: '/imports/jobs',
    access: SIGNED_IN,
    answer: listAnswer(importJob),
    query: jobListQuery,
    handler: async (ctx) => {
      const { jobs, total } = await listJobs(ctx.tx, ctx.query.limit, ctx.query.offset);
      // a job running here is fresher in memory than in its row
      return list(jobs.map((j) => worker.live(ctx.auth.tenantId, j.id) ?? j), total, ctx.query.limit, ctx.query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/imports/jobs/:id',
    access: SIGNED_IN,
    answer: oneAnswer(importJob),
    params: jobParams,
    // a live job answers from memory without waiting for the database (on PGlite the write holds it)
    noTransaction: true,
    handler: async (ctx) => {
      const t = ctx.auth.tenantId;
      const job = worker.live(t, ctx.params.id) ?? (await db.transaction((tx) => getJob(tx, ctx.params.id), { tenantId: t, userId: ctx.auth.userId }));
      if (!job) throw notFound('Import job');
      return one(job);
    },
  });
};
export default defineModule({ name: 'imports', routes: imports });
