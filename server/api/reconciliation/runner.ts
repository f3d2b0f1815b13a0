/**
 * When reconciliation runs (docs/reconciliation.md "When it runs"), never inside a request:
 * - `payout-reconciler`, a durable consumer of `marketplaces.settlement_created` (a payout arrived,
 *   from a connector or an upload): the tenant's books are reconciled in one transaction; a failure
 *   is retried and dead-lettered like any consumer's (docs/events.md);
 * - a periodic tick (RECONCILE_EVERY_MS, default hourly; 0 = off, and off under tests) for every
 *   tenant, since an order becomes unpaid by the calendar alone.
 */
import type { ConsumerContext } from '../../events/consumers';
import { defineConsumer, type ConsumerDef } from '../../events/types';
import { runtimeTx } from '../../events/runtime-tx';
import { startPeriodic } from '../../periodic';
import type { Db } from '../../db';
import { MARKETPLACE_EVENTS } from '../../../contract/listings';
import { reconcileTenant, type ReconcileResult, type Trigger } from './reconcile';

export const RECONCILER_CONSUMER = 'payout-reconciler';

/** One tenant's run in its own transaction (row-level security as a request has it). */
export function runReconciliation(db: Db, tenantId: string, o: { trigger: Trigger; now?: Date; causationId?: string }): Promise<ReconcileResult> {
  return db.transaction((tx) => reconcileTenant(tx, tenantId, o), { tenantId });
}

export function reconcilerConsumer(ctx: ConsumerContext): ConsumerDef {
  return defineConsumer({
    name: RECONCILER_CONSUMER,
    filterSubjects: [MARKETPLACE_EVENTS.settlement],
    async handle(msg) {
      await runReconciliation(ctx.db, msg.tenantId, { trigger: 'payout', causationId: String(msg.tenantSeq) });
    },
  });
}

/** Every tenant, one after the other. */
export async function reconcileAll(db: Db, now = new Date()): Promise<number> {
  const tenants = await runtimeTx(db, (tx) => tx.query<{ id: string }>('select id from tenants order by id'), 'scheduler');
  for (const t of tenants.rows) await runReconciliation(db, t.id, { trigger: 'tick', now });
  return tenants.rows.length;
}

export function reconcileEveryMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.RECONCILE_EVERY_MS;
  if (raw !== undefined && raw !== '') return Math.max(0, Number(raw) || 0);
  return env.VITEST ? 0 : 60 * 60_000;
}

export function startReconcileTick(db: Db, everyMs: number, onError: (e: unknown) => void): () => void {
  const stop = startPeriodic(everyMs, () => reconcileAll(db), onError);
  return () => void stop();
}
