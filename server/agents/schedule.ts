/**
 * When the agents run on their own (docs/agents.md "Schedule"): a periodic check (AGENTS_TICK_MS,
 * default 5 minutes; 0 = off, and off under the test runner unless set) queues a `schedule` run of
 * each agent of each tenant whose last run was queued `every_hours` ago or more (none yet: now),
 * unless it is paused or a run is pending. The run goes through the event platform like a person's
 * run now: `agents.run_requested`, picked up by the agent's consumer. Pricing Intelligence keeps the
 * repricer's own sweep (PRICING_SWEEP_MS, docs/repricing.md "Repricer").
 */
import type { Db, Tx } from '../db';
import { runtimeTx } from '../events/runtime-tx';
import { startPeriodic } from '../periodic';
import type { AgentName } from '../../contract/agents';
import { queueRun, readState } from './store';

export const SCHEDULED: readonly AgentName[] = ['demand', 'competitor'];

/** When the agent's next scheduled run is due: its last run's queue time plus its interval (no run yet: now). */
export function nextRunAt(lastQueuedAt: string | null, everyHours: number, now = new Date()): Date {
  if (!lastQueuedAt) return now;
  return new Date(new Date(lastQueuedAt).getTime() + everyHours * 3_600_000);
}

export async function lastQueuedAt(tx: Tx, tenantId: string, agent: AgentName): Promise<string | null> {
  const { rows } = await tx.query<{ at: Date | string | null }>(`select max(queued_at) as at from agent_runs where tenant_id = $1 and agent = $2`, [tenantId, agent]);
  return rows[0]?.at ? new Date(rows[0].at).toISOString() : null;
}

/** Queues the runs that are due, every tenant; returns how many were queued. */
export async function scheduleDue(db: Db, now = new Date()): Promise<number> {
  const tenants = await runtimeTx(db, (tx) => tx.query<{ id: string }>('select id from tenants order by id'), 'scheduler');
  let queued = 0;
  for (const t of tenants.rows) {
    for (const agent of SCHEDULED) {
      const run = await db.transaction(async (tx) => {
        const st = await readState(tx, t.id, agent);
        if (st.paused) return null;
        const every = Number((st.settings as { every_hours?: number }).every_hours ?? 24);
        if (nextRunAt(await lastQueuedAt(tx, t.id, agent), every, now).getTime() > now.getTime()) return null;
        return queueRun(tx, t.id, agent, 'schedule', null, {});
      }, { tenantId: t.id });
      if (run) queued += 1;
    }
  }
  return queued;
}

export function agentsTickMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.AGENTS_TICK_MS;
  if (raw !== undefined && raw !== '') return Math.max(0, Number(raw) || 0);
  return env.VITEST ? 0 : 5 * 60_000;
}

export function startAgentSchedule(db: Db, everyMs: number, onError: (e: unknown) => void): () => void {
  const stop = startPeriodic(everyMs, () => scheduleDue(db), onError);
  return () => void stop();
}
