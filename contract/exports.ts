/**
 * Exports as jobs (docs/governance.md "Exports"): a request writes a job and is answered 202; the
 * `exports` consumer writes the file into the object store, moving `progress` on as it goes; the
 * file is downloadable for 24 hours (`EXPORT_TTL_MS`), then 410 and removed by the expiry sweep.
 * - POST /api/governance/exports `{ kind, format, filters? }` → 202 `{ data: Export }`
 *   (kind `tenant` needs governance:edit, kind `audit` governance:view);
 * - GET /api/governance/exports?kind= → the list, newest first, paginated like other lists;
 * - GET /api/governance/exports/:id → `{ data: Export }`;
 * - GET /api/governance/exports/:id/download → the file (audit: .jsonl or .csv; tenant: a ZIP with
 *   one .jsonl or .csv file per tenant table); 410 once expired.
 */
import { z } from 'zod';
import { pageQuery } from './api';
import { auditFilters } from './audit';

export const EXPORT_KINDS = ['tenant', 'audit'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** How long a finished export's file can be downloaded. */
export const EXPORT_TTL_MS = 24 * 60 * 60 * 1000;

/** The subject the exports consumer takes its jobs from (contract/exports-events.ts). */
export const EXPORT_EVENTS = { requested: 'governance.export_requested' } as const;

export const exportBody = z
  .strictObject({
    kind: z.enum(EXPORT_KINDS),
    format: z.enum(EXPORT_FORMATS),
    /** The Audit Logs filters (contract/audit.ts) for kind `audit`. */
    filters: auditFilters.optional(),
  })
  .refine((b) => b.kind === 'audit' || b.filters === undefined, { message: 'Only an audit export takes filters', path: ['filters'] });
export type ExportBody = z.infer<typeof exportBody>;

export const exportListQuery = pageQuery.extend({ kind: z.enum(EXPORT_KINDS).optional() });
export type ExportListQuery = z.infer<typeof exportListQuery>;

export const exportParams = z.object({ id: z.uuid() });

export const exportRow = z.object({
  id: z.string(),
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  /** 0–100 */
  progress: z.number(),
  rows: z.number(),
  bytes: z.number().nullable(),
  /** Set while the file can be downloaded (status done, not expired). */
  download_url: z.string().nullable(),
  expires_at: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type Export = z.infer<typeof exportRow>;

export const exportDownloadPath = (id: string) => `/api/governance/exports/${encodeURIComponent(id)}/download`;
