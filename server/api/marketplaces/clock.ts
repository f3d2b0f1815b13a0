/**
 * The sandbox clock (docs/marketplaces.md "Sandbox clock"): every SANDBOX_TICK_MS the demo tenant's
 * connected sandbox accounts advance one tick, as `POST /api/marketplaces/{id}/sandbox/tick` would.
 * Default 60 s when the server runs, off under the test runner unless SANDBOX_TICK_MS is set; 0 = off.
 */
import type { Db } from '../../db';
import { DEMO_TENANT } from '../../seed/accounts';
import { tickAccount } from './tick-command';
import { startPeriodic } from '../../periodic';

export function sandboxTickMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SANDBOX_TICK_MS;
  if (raw !== undefined && raw !== '') return Math.max(0, Number(raw) || 0);
  return env.VITEST ? 0 : 60_000;
}

/** Starts the clock (a slow tick is never overlapped by the next; a failing one is retried the next interval); returns its stop function. */
export function startSandboxClock(
  db: Db,
  everyMs: number,
  tenantId: string = process.env.SANDBOX_TICK_TENANT || DEMO_TENANT.id,
  onError: (err: unknown) => void = () => undefined,
): () => void {
  const stop = startPeriodic(everyMs, async () => {
    const { rows } = await db.transaction(
      (tx) => tx.query<{ id: string }>(`select id from marketplace_accounts where tenant_id = $1 and mode = 'sandbox' and status = 'connected' order by created_at, id`, [tenantId]),
      { tenantId },
    );
    for (const r of rows) await db.transaction((tx) => tickAccount(tx, tenantId, r.id, 1, {}), { tenantId });
  }, onError);
  return () => void stop();
}
