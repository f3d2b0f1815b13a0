/**
 * The expiry sweep (docs/governance.md "Exports"): a finished export's file is kept 24 hours; a
 * periodic job (server/periodic.ts; EXPORT_SWEEP_MS, default every 10 minutes, 0 = off, off under
 * tests) removes the files whose time is up from the object store and marks their jobs expired.
 * The download answers 410 from `expires_at` on, whether or not the sweep has run yet.
 */
import type { Db } from '../../db';
import { runtimeTx } from '../../events/runtime-tx';
import { startPeriodic } from '../../periodic';
import { objectStore } from '../../storage';

/** Every tenant's expired files; returns how many were removed. */
export async function sweepExpiredExports(db: Db, now = new Date()): Promise<number> {
  const tenants = await runtimeTx(db, (tx) => tx.query<{ id: string }>('select id from tenants order by id'), 'scheduler');
  let removed = 0;
  for (const t of tenants.rows) {
    removed += await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; file_key: string | null }>(
        `select id, file_key from exports where tenant_id = $1 and status = 'done' and expires_at <= $2::timestamptz for update`,
        [t.id, now.toISOString()],
      );
      if (rows.length === 0) return 0;
      const store = objectStore(tx, t.id);
      for (const r of rows) if (r.file_key) await store.delete(r.file_key);
      await tx.query(`update exports set status = 'expired', file_key = null where tenant_id = $1 and id = any($2::uuid[])`, [t.id, rows.map((r) => r.id)]);
      return rows.length;
    }, { tenantId: t.id });
  }
  return removed;
}

export function exportSweepMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.EXPORT_SWEEP_MS;
  if (raw !== undefined && raw !== '') return Math.max(0, Number(raw) || 0);
  return env.VITEST ? 0 : 10 * 60_000;
}

export function startExportSweep(db: Db, everyMs: number, onError: (e: unknown) => void): () => void {
  const stop = startPeriodic(everyMs, () => sweepExpiredExports(db), onError);
  return () => void stop();
}
