/**
 * The sandbox clock (docs/marketplaces.md "Sandbox clock"): every SANDBOX_TICK_MS the demo tenant's
 * connected sandbox accounts advance one tick, as `POST /api/marketplaces/{id}/sandbox/tick` would.
 * Default 60 s when the server runs, off under the test runner unless SANDBOX_TICK_MS is set; 0 = off.
 */
import type { Db } from '../../db';
import { DEMO_TENANT } from '../../seed/accounts';
import { tickAccount } from './tick-command';

export function sandboxTickMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SANDBOX_TICK_MS;
  if (raw !== undefined && raw !== '') return Math.max(0, Number(raw) || 0);
  return env.VITEST ? 0 : 60_000;
}

/** Starts the clock; returns its stop function. */
export function startSandboxClock(
  db: Db,
  everyMs: number,
  tenantId: string = process.env.SANDBOX_TICK_TENANT || DEMO_TENANT.id,
  onError: (err: unknown) => void = () => undefined,
): () => void {
  if (everyMs <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return; // a slow tick is never overlapped by the next
    running = true;
    void (async () => {
      try {
        const { rows } = await db.transaction(
          (tx) => tx.query<{ id: string }>(`select id from marketplace_accounts where tenant_id = $1 and mode = 'sandbox' and status = 'connected' order by created_at, id`, [tenantId]),
          { tenantId },
        );
        for (const r of rows) await db.transaction((tx) => tickAccount(tx, tenantId, r.id, 1, {}), { tenantId });
      } catch (err) {
        // the next interval tries again; a failing tick must not stop the server
        onError(err);
      } finally {
        running = false;
      }
    })();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
