/**
 * The agents' records (docs/agents.md "Runs"): each tenant's settings and pause switch, and the runs
 * with their inputs, outputs, duration and error. A run is queued (run now, the schedule, an event),
 * claimed by the agent's consumer with a conditional update (a redelivered message claims nothing),
 * and finished with its outputs or its error. At most one run per tenant and agent waits or runs at
 * a time (0053_agents.sql `agent_runs_one_pending`).
 */
import type { Db, Tx } from '../db';
import { appendEvent } from '../events/outbox';
import { AGENT_EVENTS } from '../../contract/agents-events';
import { SETTINGS_DEFAULTS, type AgentName, type AgentRun } from '../../contract/agents';

/** A run still `running` this long after it started lost its worker (a crash, a restart): it is failed. */
export const STALE_RUN_MS = 30 * 60_000;

export const RUN_COLUMNS = `id, agent, trigger, status, requested_by, inputs, outputs, error, queued_at, started_at, finished_at, duration_ms`;

export interface RawRun {
  id: string; agent: AgentRun['agent']; trigger: AgentRun['trigger']; status: AgentRun['status']; requested_by: string | null;
  inputs: Record<string, unknown> | string; outputs: Record<string, unknown> | string | null; error: string | null;
  queued_at: Date | string; started_at: Date | string | null; finished_at: Date | string | null; duration_ms: number | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export function toRun(r: RawRun): AgentRun {
  return {
    id: String(r.id), agent: r.agent, trigger: r.trigger, status: r.status, requested_by: r.requested_by,
    inputs: json(r.inputs) ?? {}, outputs: r.outputs === null ? null : json(r.outputs), error: r.error,
    queued_at: iso(r.queued_at)!, started_at: iso(r.started_at), finished_at: iso(r.finished_at),
    duration_ms: r.duration_ms === null ? null : Number(r.duration_ms),
  };
}

export interface AgentState<A extends AgentName = AgentName> {
  paused: boolean;
  settings: (typeof SETTINGS_DEFAULTS)[A] & Record<string, unknown>;
  updated_at: string | null;
  updated_by: string | null;
}

/** The agent's settings over its defaults, and whether it is paused (no row: the defaults, running). */
export async function readState<A extends AgentName>(tx: Tx, tenantId: string, agent: A, lock = false): Promise<AgentState<A>> {
  const { rows } = await tx.query<{ paused: boolean; settings: Record<string, unknown> | string; updated_at: Date | string; updated_by: string | null }>(
    `select paused, settings, updated_at, updated_by from agent_settings where tenant_id = $1 and agent = $2${lock ? ' for update' : ''}`,
    [tenantId, agent],
  );
  const r = rows[0];
  return {
    paused: r?.paused ?? false,
    settings: { ...SETTINGS_DEFAULTS[agent], ...(r ? json(r.settings) : {}) } as AgentState<A>['settings'],
    updated_at: r ? iso(r.updated_at) : null,
    updated_by: r?.updated_by ?? null,
  };
}

/**
 * Whether the tenant paused the agent: one read of agent_settings by its primary key (tenant, agent),
 * no settings parsed. The repricer asks it once per pass (an event's listings, a sweep page), never
 * per listing (docs/agents.md "Pricing Intelligence").
 */
export async function isPaused(tx: Tx, tenantId: string, agent: AgentName): Promise<boolean> {
  const { rows } = await tx.query<{ paused: boolean }>(`select paused from agent_settings where tenant_id = $1 and agent = $2`, [tenantId, agent]);
  return rows[0]?.paused === true;
}

/** Fails the tenant's runs of the agent that have been `running` longer than STALE_RUN_MS (their worker is gone). */
export async function failStaleRuns(tx: Tx, tenantId: string, agent: AgentName): Promise<void> {
  await tx.query(
    `update agent_runs set status = 'failed', error = 'The run stopped without finishing (the server restarted or its worker was lost).', finished_at = now()
      where tenant_id = $1 and agent = $2 and status = 'running' and started_at < now() - make_interval(secs => $3)`,
    [tenantId, agent, STALE_RUN_MS / 1000],
  );
}

/**
 * Queues a run and its `agents.run_requested` event, in the caller's transaction. Null when one
 * already waits or runs (the partial unique index decides, so two requests at once queue one).
 */
export async function queueRun(
  tx: Tx, tenantId: string, agent: AgentName, trigger: AgentRun['trigger'], requestedBy: string | null, inputs: Record<string, unknown>,
  emit?: (runId: string) => Promise<void> | void,
): Promise<AgentRun | null> {
  await failStaleRuns(tx, tenantId, agent);
  const { rows } = await tx.query<RawRun>(
    `insert into agent_runs (tenant_id, agent, trigger, requested_by, inputs) values ($1, $2, $3, $4, $5::jsonb)
     on conflict (tenant_id, agent) where status in ('queued', 'running') do nothing
     returning ${RUN_COLUMNS}`,
    [tenantId, agent, trigger, requestedBy, JSON.stringify(inputs)],
  );
  if (!rows[0]) return null;
  const run = toRun(rows[0]);
  if (emit) await emit(run.id);
  else await appendEvent(tx, tenantId, AGENT_EVENTS.runRequested, { run_id: run.id, agent, trigger });
  return run;
}

/** The tenant's pending (queued or running) run of the agent, if any. */
export async function pendingRun(tx: Tx, tenantId: string, agent: AgentName): Promise<AgentRun | null> {
  const { rows } = await tx.query<RawRun>(`select ${RUN_COLUMNS} from agent_runs where tenant_id = $1 and agent = $2 and status in ('queued', 'running')`, [tenantId, agent]);
  return rows[0] ? toRun(rows[0]) : null;
}

/** Claims a queued run (queued → running); null when it is not queued any more (a redelivery, or already done). */
export async function claimRun(db: Db, tenantId: string, runId: string): Promise<AgentRun | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<RawRun>(
      `update agent_runs set status = 'running', started_at = now() where tenant_id = $1 and id = $2 and status = 'queued' returning ${RUN_COLUMNS}`,
      [tenantId, runId],
    );
    return rows[0] ? toRun(rows[0]) : null;
  }, { tenantId });
}

/** Starts a run at once (an event's run, in the consumer): null when one already waits or runs. */
export async function startRun(db: Db, tenantId: string, agent: AgentName, trigger: AgentRun['trigger'], inputs: Record<string, unknown>): Promise<AgentRun | null> {
  return db.transaction(async (tx) => {
    await failStaleRuns(tx, tenantId, agent);
    const { rows } = await tx.query<RawRun>(
      `insert into agent_runs (tenant_id, agent, trigger, status, started_at, inputs) values ($1, $2, $3, 'running', now(), $4::jsonb)
       on conflict (tenant_id, agent) where status in ('queued', 'running') do nothing
       returning ${RUN_COLUMNS}`,
      [tenantId, agent, trigger, JSON.stringify(inputs)],
    );
    return rows[0] ? toRun(rows[0]) : null;
  }, { tenantId });
}

/** Finishes a running run with its outputs (succeeded) or its error (failed), and says so in the event log. */
export async function finishRun(db: Db, tenantId: string, run: AgentRun, result: { outputs: Record<string, number> } | { error: string }, inputs?: Record<string, unknown>): Promise<void> {
  await db.transaction(async (tx) => {
    const ok = 'outputs' in result;
    const { rows } = await tx.query<{ duration_ms: number }>(
      `update agent_runs set status = $3, outputs = $4::jsonb, error = $5, finished_at = now(),
              duration_ms = greatest(0, (extract(epoch from (now() - coalesce(started_at, queued_at))) * 1000)::int),
              inputs = coalesce($6::jsonb, inputs)
        where tenant_id = $1 and id = $2 and status = 'running' returning duration_ms`,
      [tenantId, run.id, ok ? 'succeeded' : 'failed', ok ? JSON.stringify(result.outputs) : null, ok ? null : result.error, inputs ? JSON.stringify({ ...run.inputs, ...inputs }) : null],
    );
    if (!rows[0]) return;
    await appendEvent(tx, tenantId, AGENT_EVENTS.runFinished, {
      run_id: run.id, agent: run.agent, status: ok ? 'succeeded' : 'failed', duration_ms: Number(rows[0].duration_ms),
      outputs: ok ? result.outputs : null, error: ok ? null : result.error,
    });
  }, { tenantId });
}

/** Fails a queued run without running it (the agent was paused after it was queued). */
export async function dropRun(db: Db, tenantId: string, runId: string, why: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`update agent_runs set status = 'failed', error = $3, finished_at = now(), duration_ms = 0 where tenant_id = $1 and id = $2 and status = 'queued'`, [tenantId, runId, why]);
  }, { tenantId });
}

/**
 * Runs `work` as the run's body: its outputs (and the inputs it read) recorded when it resolves, its
 * error when it throws. The error is recorded, not rethrown: the run is the record of the failure,
 * and the next run tries again.
 */
export async function execute(
  db: Db, tenantId: string, run: AgentRun,
  work: () => Promise<{ outputs: Record<string, number>; inputs?: Record<string, unknown> }>,
  onError: (e: unknown) => void = () => undefined,
): Promise<void> {
  let result: { outputs: Record<string, number>; inputs?: Record<string, unknown> };
  try {
    result = await work();
  } catch (e) {
    onError(e);
    await finishRun(db, tenantId, run, { error: e instanceof Error ? e.message : String(e) });
    return;
  }
  await finishRun(db, tenantId, run, { outputs: result.outputs }, result.inputs);
}
