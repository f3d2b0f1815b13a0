/**
 * The export job (docs/governance.md "Exports"), never inside a request: the `exports` consumer of
 * `governance.export_requested` claims the job (queued → running), writes the rows page by page —
 * each page's transaction moving `progress` on — then, in one transaction, puts the file in the
 * object store (server/storage/) and marks the job done with its size, row count and `expires_at`
 * (24 h on). A redelivered job that is already done or failed is left as it is; one that stopped while
 * running starts again from the beginning (the file is written once, at the end). A failure marks the
 * job failed with its message: the person asks for a new one.
 */
import type { Db, Tx } from '../../db';
import type { ConsumerContext } from '../../events/consumers';
import { defineConsumer, type ConsumerDef } from '../../events/types';
import { EXPORT_EVENTS, EXPORT_TTL_MS, type ExportFormat, type ExportKind } from '../../../contract/exports';
import { auditFilters } from '../../../contract/audit';
import { objectStore } from '../../storage';
import { auditFile } from './audit-dump';
import { tenantFiles } from './tenant-dump';
import { zip } from './zip';
import { CONTENT_TYPE, EXTENSION } from './serialize';

export const EXPORTS_CONSUMER = 'exports';

export const exportKey = (id: string) => `exports/${id}`;

async function setProgress(tx: Tx, tenantId: string, id: string, done: number, total: number): Promise<void> {
  // 99 at most until the file is stored: 100 means it can be downloaded
  const pct = total <= 0 ? 0 : Math.min(99, Math.floor((done * 100) / total));
  await tx.query(`update exports set progress = greatest(progress, $3), rows = $4 where tenant_id = $1 and id = $2 and status = 'running'`, [tenantId, id, pct, done]);
}

export async function runExport(db: Db, tenantId: string, id: string, now: () => Date = () => new Date()): Promise<void> {
  const job = await db.transaction(
    async (tx) =>
      (
        await tx.query<{ kind: ExportKind; format: ExportFormat; filters: unknown; created_at: string | Date }>(
          `update exports set status = 'running', progress = 0, rows = 0, error = null
            where tenant_id = $1 and id = $2 and status in ('queued', 'running') returning kind, format, filters, created_at`,
          [tenantId, id],
        )
      ).rows[0],
    { tenantId },
  );
  if (!job) return;
  const progress = (tx: Tx, done: number, total: number) => setProgress(tx, tenantId, id, done, total);
  try {
    const day = new Date(job.created_at).toISOString().slice(0, 10);
    let file: { bytes: Uint8Array; name: string; type: string; rows: number };
    if (job.kind === 'audit') {
      const filters = auditFilters.parse(job.filters ?? {});
      const out = await auditFile(db, tenantId, { format: job.format, filters, progress });
      file = { bytes: new TextEncoder().encode(out.text), name: `audit-log-${day}.${EXTENSION[job.format]}`, type: CONTENT_TYPE[job.format], rows: out.rows };
    } else {
      const out = await tenantFiles(db, tenantId, { format: job.format, progress });
      file = { bytes: zip(out.files), name: `tenant-export-${day}-${job.format}.zip`, type: 'application/zip', rows: out.rows };
    }
    await db.transaction(async (tx) => {
      const running = await tx.query(`select 1 from exports where tenant_id = $1 and id = $2 and status = 'running' for update`, [tenantId, id]);
      if (running.rows.length === 0) return;
      await objectStore(tx, tenantId).put(exportKey(id), file.bytes, file.type);
      await tx.query(
        `update exports set status = 'done', progress = 100, rows = $3, bytes = $4, file_key = $5, file_name = $6, content_type = $7,
                finished_at = now(), expires_at = $8::timestamptz
          where tenant_id = $1 and id = $2`,
        [tenantId, id, file.rows, file.bytes.byteLength, exportKey(id), file.name, file.type, new Date(now().getTime() + EXPORT_TTL_MS).toISOString()],
      );
    }, { tenantId });
  } catch (e) {
    await db.transaction(
      (tx) => tx.query(`update exports set status = 'failed', error = $3, finished_at = now() where tenant_id = $1 and id = $2 and status = 'running'`, [tenantId, id, `The export stopped: ${(e as Error).message}`.slice(0, 500)]),
      { tenantId },
    );
  }
}

/** A large tenant takes a while: the delivery waits long before it is handed out again. */
export function exportsConsumer(ctx: ConsumerContext): ConsumerDef {
  return defineConsumer({
    name: EXPORTS_CONSUMER,
    filterSubjects: [EXPORT_EVENTS.requested],
    ackWaitMs: 30 * 60_000,
    async handle(msg) {
      await runExport(ctx.db, msg.tenantId, msg.data.id);
    },
  });
}
