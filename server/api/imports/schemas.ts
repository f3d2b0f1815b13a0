/**
 * Import request shapes — issue 5 §3: the raw file as the body, `?dry_run=true` validates only,
 * `?mode=job` (or a large file) answers 202 with a job to poll (docs/commerce.md "Import jobs").
 */
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const importQuery = z.object({
  dry_run: flag,
  /** `job`: always a job; `sync`: never (up to the body limit); absent: a job for large files. */
  mode: z.enum(['job', 'sync']).optional(),
  /** Shown in the job list; the file name the seller picked. */
  file_name: z.string().max(255).optional(),
});
export type ImportQuery = z.infer<typeof importQuery>;

/** Fastify hands text/csv and text/tab-separated-values bodies over as strings (server/app.ts). */
export const fileBody = z.string({ error: 'Send the file as the request body (text/csv or text/tab-separated-values)' }).min(1, 'The file is empty');

export const jobParams = z.object({ id: z.uuid() });

export const jobListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
