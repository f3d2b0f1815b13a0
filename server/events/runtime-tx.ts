/**
 * Transactions of the server's background runtimes. `runtimeTx` opts in to a runtime's policies
 * (0005_events.sql `event_runtime`, 0006_import_jobs.sql `import_recovery`, 0015_scheduler_tenants.sql
 * `scheduler_runtime`) to read or write every
 * tenant's rows; `tenantTx` is what a handler gets: one tenant under row-level security like any
 * request. This is the only place that sets `app.runtime` (docs/events.md "Runtime transactions").
 */
import type { Db, Tx } from '../db';

/** Whose cross-tenant policies a runtime transaction passes: the event runtime's, the import worker's or the scheduler's (tenant ids only). */
export type RuntimeScope = 'events' | 'imports' | 'scheduler';

/** `urgent`: served before other waiting work on PGlite's one connection (server/db/turns.ts). */
export async function runtimeTx<T>(db: Db, fn: (tx: Tx) => Promise<T>, scope: RuntimeScope = 'events', urgent = false): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('app.runtime', $1, true)", [scope]);
    return fn(tx);
  }, urgent ? { urgent } : {});
}

export function tenantTx<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn, { tenantId });
}
