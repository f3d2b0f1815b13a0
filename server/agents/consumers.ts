/**
 * The agents' workers (docs/agents.md "Runs"): durable consumers of the event platform, never a
 * request. Each reports its heartbeat under its agent name (GET /alerts/agent-health):
 * - `demand-forecasting` takes the demand runs queued (`agents.run_requested`);
 * - `competitor-monitor` takes the competitor runs queued, and starts one after every marketplace
 *   tick (`marketplaces.ticked`, when none is pending);
 * - `pricing-agent-runs` takes Pricing Intelligence's run-now and reports as the `repricer`.
 * A run of a paused agent is not started (a queued one is failed with the reason).
 */
import type { ConsumerContext } from '../events/consumers';
import { defineConsumer, type ConsumerDef } from '../events/types';
import { MARKETPLACE_EVENTS } from '../../contract/listings';
import { AGENT_EVENTS } from '../../contract/agents-events';
import { AGENT_TITLES, type AgentName, type AgentRun } from '../../contract/agents';
import type { Db } from '../db';
import { claimRun, dropRun, execute, readState, startRun } from './store';
import { runDemand } from './demand/worker';
import { runCompetitor } from './competitor/worker';
import { runPricing } from './pricing';

async function work(db: Db, tenantId: string, run: AgentRun, causationId: string) {
  if (run.agent === 'demand') {
    const st = await db.transaction((tx) => readState(tx, tenantId, 'demand'), { tenantId });
    return runDemand(db, tenantId, st.settings, run.id);
  }
  if (run.agent === 'competitor') {
    const st = await db.transaction((tx) => readState(tx, tenantId, 'competitor'), { tenantId });
    return runCompetitor(db, tenantId, st.settings, { causationId });
  }
  return runPricing(db, tenantId);
}

/** Takes a queued run of `agent` from its event: claimed once, dropped when the agent is paused, else run and recorded. */
async function takeQueued(db: Db, tenantId: string, agent: AgentName, runId: string, causationId: string): Promise<void> {
  const paused = (await db.transaction((tx) => readState(tx, tenantId, agent), { tenantId })).paused;
  if (paused) return dropRun(db, tenantId, runId, `${AGENT_TITLES[agent]} was paused before the run started.`);
  const run = await claimRun(db, tenantId, runId);
  if (!run) return;
  await execute(db, tenantId, run, () => work(db, tenantId, run, causationId));
}

function agentConsumer(agent: AgentName, name: string, agentName: string) {
  return (ctx: ConsumerContext): ConsumerDef =>
    defineConsumer({
      name,
      filterSubjects: [AGENT_EVENTS.runRequested],
      agentName,
      async handle(msg) {
        if (msg.data.agent !== agent) return;
        await takeQueued(ctx.db, msg.tenantId, agent, msg.data.run_id, String(msg.tenantSeq));
      },
    });
}

export const demandConsumer = agentConsumer('demand', 'demand-forecasting', 'demand-forecasting');
export const pricingRunsConsumer = agentConsumer('pricing', 'pricing-agent-runs', 'repricer');

export function competitorConsumer(ctx: ConsumerContext): ConsumerDef {
  return defineConsumer({
    name: 'competitor-monitor',
    filterSubjects: [AGENT_EVENTS.runRequested, MARKETPLACE_EVENTS.ticked],
    agentName: 'competitor-monitor',
    async handle(msg) {
      const causationId = String(msg.tenantSeq);
      if (msg.subject === AGENT_EVENTS.runRequested) {
        if (msg.data.agent !== 'competitor') return;
        return takeQueued(ctx.db, msg.tenantId, 'competitor', msg.data.run_id, causationId);
      }
      const st = await ctx.db.transaction((tx) => readState(tx, msg.tenantId, 'competitor'), { tenantId: msg.tenantId });
      if (st.paused) return;
      const run = await startRun(ctx.db, msg.tenantId, 'competitor', 'event', { marketplace_id: msg.data.id, event: causationId });
      if (!run) return;
      await execute(ctx.db, msg.tenantId, run, () => runCompetitor(ctx.db, msg.tenantId, st.settings, { causationId }));
    },
  });
}
