/**
 * Imports on the wire (docs/commerce.md "Imports" and "Import jobs"): the raw file as the body,
 * `?dry_run=true` validates only, `?mode=job` (or a large file) answers 202 with a job to poll.
 */
import { z } from 'zod';
import { pageQuery } from './api';
import { PAGE } from './constants';
import { queryFlag, queryInt, text } from './fields';

export const IMPORT_KINDS = ['shopify-products', 'amazon-orders', 'ebay-orders', 'amazon-settlement', 'shopify-payouts'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const importQuery = z.object({
  dry_run: queryFlag,
  /** `job`: always a job; `sync`: never (up to the body limit); absent: a job for large files. */
  mode: z.enum(['job', 'sync']).optional(),
  /** Shown in the job list; the file name the seller picked. */
  file_name: text({ max: 255 }).optional(),
  /** Payout uploads (amazon-settlement, shopify-payouts): the marketplace account they belong to (docs/reconciliation.md "Uploads"). */
  account_id: z.uuid().optional(),
});
export type ImportQuery = z.infer<typeof importQuery>;

/** The file travels as the request body (text/csv or text/tab-separated-values). */
export const fileBody = z.string({ error: 'Send the file as the request body (text/csv or text/tab-separated-values)' }).min(1, 'The file is empty');

export const jobParams = z.object({ id: z.uuid() });
export const jobListQuery = pageQuery.extend({ limit: queryInt(1, 100).default(PAGE.defaultSize) });

// ---- answers -------------------------------------------------------------------------------

/** A row problem: row numbers as a spreadsheet shows them (header = row 1). */
export const rowError = z.object({ row: z.number(), column: z.string(), reason: z.string() });
export type RowError = z.infer<typeof rowError>;

export const importSummary = z.object({
  created: z.number(), updated: z.number(), rows: z.number(),
  /** What the import did or left alone, in words (a payout already received: nothing changed). */
  notes: z.array(z.string()).optional(),
});
export type ImportSummary = z.infer<typeof importSummary>;

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_PHASES = ['queued', 'validating', 'writing', 'done', 'failed'] as const;
export type JobPhase = (typeof JOB_PHASES)[number];

export const jobError = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown(),
});
export type JobError = z.infer<typeof jobError>;

export const importJob = z.object({
  id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(JOB_STATUSES),
  phase: z.enum(JOB_PHASES),
  dry_run: z.boolean(),
  file_name: z.string().nullable(),
  file_bytes: z.number(),
  /** Known once the whole file has been read (null while validating). */
  rows_total: z.number().nullable(),
  /** Rows validated (validating) or written (writing). */
  rows_done: z.number(),
  /** Progress of the current phase, 0–100. */
  percent: z.number(),
  result: importSummary.extend({ dry_run: z.boolean() }).nullable(),
  error: jobError.nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;

/** The 400 of a file with bad rows: `details` of code `import_invalid`. */
export const importInvalidDetails = z.object({ errors: z.array(rowError), rows_total: z.number() });
export type ImportInvalidDetails = z.infer<typeof importInvalidDetails>;
