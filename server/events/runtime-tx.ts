/**
 * Transactions of the event runtime. `runtimeTx` opts in to the `event_runtime` policies
 * (0005_events.sql) to read every tenant's events; `tenantTx` is what a handler gets: the
 * event's tenant under row-level security like any request.
 */
import type { Db, Tx } from '../db';

export async function runtimeTx<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('app.runtime', 'events', true)");
    return fn(tx);
  });
}

export function tenantTx<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn, { tenantId });
}
