/** Import request shapes — issue 5 §3: the raw file as the body, `?dry_run=true` validates only. */
import { z } from 'zod';

export const importQuery = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export type ImportQuery = z.infer<typeof importQuery>;

/** Fastify hands text/csv and text/tab-separated-values bodies over as strings (server/app.ts). */
export const fileBody = z.string({ error: 'Send the file as the request body (text/csv or text/tab-separated-values)' }).min(1, 'The file is empty');
