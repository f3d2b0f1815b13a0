/**
 * Exports as jobs (docs/governance.md "Exports"; contract/exports.ts):
 * - POST /api/governance/exports → 202 `{ data: Export }`: writes the job and `governance.export_requested`
 *   in one transaction (an idempotency key makes a double submit one job — the route kit); the
 *   `exports` consumer does the work (run.ts). Kind `tenant` needs governance:edit (admins), kind
 *   `audit` governance:view (admins and agents). The request is audited (`export.create`).
 * - GET /api/governance/exports?kind= → newest first, paginated; a caller without governance:edit sees
 *   audit exports only.
 * - GET /api/governance/exports/:id, GET …/:id/download → the file; 410 `export_expired` once expired,
 *   409 `export_not_ready` before it is done.
 */
import { defineModule, type ApiModule } from '../module';
import { list, one } from '../kit';
import { forbidden, HttpError, notFound } from '../errors';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { hasPermission } from '../../../contract/permissions';
import type { Role } from '../../../contract/roles';
import { EXPORT_KINDS, exportBody, exportListQuery, exportParams, exportRow, type ExportKind } from '../../../contract/exports';
import { objectStore, StorageError } from '../../storage';
import { createExport, findExport, isExpired, listExports, toExport } from './store';
import { exportsConsumer } from './run';
import { exportSweepMs, startExportSweep } from './sweep';

/** The kinds a role may request and read. */
const kindsOf = (role: Role): ExportKind[] => EXPORT_KINDS.filter((k) => hasPermission(role, k === 'tenant' ? 'governance:edit' : 'governance:view'));

const storageFailed = (e: unknown): never => {
  if (e instanceof StorageError) throw new HttpError(503, 'storage_unavailable', 'File storage is unavailable; try again shortly');
  throw e;
};

const exportsModule: ApiModule = (api) => {
  let stopSweep: (() => void) | null = null;
  api.app.addHook('onReady', async () => {
    stopSweep = startExportSweep(api.services.db, exportSweepMs(), (e) => api.app.log.error({ err: e }, 'export expiry sweep'));
  });
  api.app.addHook('onClose', async () => stopSweep?.());

  api.route({
    method: 'POST',
    url: '/governance/exports',
    access: 'governance:view',
    body: exportBody,
    answer: oneAnswer(exportRow),
    async handler(ctx) {
      if (!kindsOf(ctx.auth.role).includes(ctx.body.kind)) throw forbidden();
      const row = await createExport(ctx.tx, ctx.emit, {
        tenantId: ctx.auth.tenantId, body: ctx.body, userId: ctx.auth.userId, email: ctx.auth.email, correlationId: ctx.req.correlationId,
      });
      await ctx.audit({ action: 'export.create', resource: 'export', resourceId: String(row.id), after: { kind: row.kind, format: row.format, filters: ctx.body.filters ?? null } });
      ctx.status(202);
      return one(toExport(row));
    },
  });

  api.route({
    method: 'GET',
    url: '/governance/exports',
    access: 'governance:view',
    query: exportListQuery,
    answer: listAnswer(exportRow),
    async handler({ tx, auth, query }) {
      const allowed = kindsOf(auth.role);
      if (query.kind && !allowed.includes(query.kind)) throw forbidden();
      const { rows, total } = await listExports(tx, auth.tenantId, query.kind ? [query.kind] : allowed, query.limit, query.offset);
      return list(rows.map((r) => toExport(r)), total, query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/governance/exports/:id',
    access: 'governance:view',
    params: exportParams,
    answer: oneAnswer(exportRow),
    async handler({ tx, auth, params }) {
      const row = await findExport(tx, auth.tenantId, params.id);
      if (!row || !kindsOf(auth.role).includes(row.kind)) throw notFound('Export');
      return one(toExport(row));
    },
  });

  api.route({
    method: 'GET',
    url: '/governance/exports/:id/download',
    access: 'governance:view',
    params: exportParams,
    async handler({ tx, auth, params, reply }) {
      const row = await findExport(tx, auth.tenantId, params.id);
      if (!row || !kindsOf(auth.role).includes(row.kind)) throw notFound('Export');
      if (isExpired(row)) throw new HttpError(410, 'export_expired', 'This export has expired (files are kept 24 hours); start a new one');
      if (row.status !== 'done' || !row.file_key) throw new HttpError(409, 'export_not_ready', `This export is ${row.status}; its file is not ready`);
      const obj = await objectStore(tx, auth.tenantId).get(row.file_key).catch(storageFailed);
      if (!obj) throw new HttpError(410, 'export_expired', 'This export has expired (files are kept 24 hours); start a new one');
      const name = (row.file_name ?? `export-${row.id}`).replace(/[^\w.-]/g, '_');
      reply
        .type(row.content_type ?? obj.contentType)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff');
      return Buffer.from(obj.bytes);
    },
  });
};

export default defineModule({ name: 'exports', routes: exportsModule, consumers: [exportsConsumer] });
