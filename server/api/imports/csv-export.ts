/**
 * Streams a list's current filtered view as CSV (docs/commerce.md "Imports and exports"). Pages of
 * EXPORT_PAGE rows are read by keyset, each in its own short tenant transaction, and written as they come
 * (backpressure respected), so a 100k-row export never sits in memory.
 */
import { once } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db';
import type { AuthInfo } from '../context';
import { toCsv } from '../../domain/csv';

export const EXPORT_PAGE = 1000;

export interface CsvExport {
  filename: string;
  fields: readonly string[];
  /** Reads one page after `cursor` (null = first) and returns its CSV rows and the next cursor. */
  page(tx: Tx, cursor: string | null): Promise<{ rows: unknown[][]; next: string | null }>;
}

export async function streamCsv(db: Db, auth: AuthInfo, req: FastifyRequest, reply: FastifyReply, exp: CsvExport): Promise<void> {
  const first = await db.transaction((tx) => exp.page(tx, null), { tenantId: auth.tenantId, userId: auth.userId });
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${exp.filename}"`,
    'cache-control': 'no-store',
    'x-correlation-id': req.correlationId,
    'x-request-id': String(req.id),
  });
  const write = async (chunk: string) => {
    if (chunk && !out.write(chunk)) await once(out, 'drain');
  };
  try {
    await write(toCsv(exp.fields, first.rows, true));
    let next = first.next;
    while (next && !out.destroyed) {
      const cursor: string = next;
      const page = await db.transaction((tx) => exp.page(tx, cursor), { tenantId: auth.tenantId, userId: auth.userId });
      await write(toCsv(exp.fields, page.rows, false));
      next = page.next;
    }
    out.end();
  } catch (e) {
    req.log.error({ err: e, correlationId: req.correlationId }, 'csv export failed mid-stream');
    out.destroy(e as Error);
  }
}
