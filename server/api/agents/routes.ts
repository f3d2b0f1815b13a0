/**
 * The agents' API (docs/agents.md "API"): the three agents with their state, each one's run history,
 * run now (queued through the event platform: 202 with the run), pause and resume, its thresholds,
 * and the demand forecasts. Reading and controlling are `ops:agents` (agent and admin). Every command
 * is a conditional write: a second run now while one is pending, a pause of a paused agent or the
 * same settings again change nothing, and only a change writes its audit entry and event.
 */
import { defineModule, type ApiModule } from '../module';
import { list, one } from '../kit';
import { conflict, validationError } from '../errors';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { permissionIn, PLATFORM_RESOURCE_PERMISSIONS, type Permission } from '../../../contract/permissions';
import {
  AGENT_TITLES, agentParams, agentRow as agentRowSchema, agentRun, forecastQuery, forecastRow, runsQuery, SETTINGS_SCHEMAS, type AgentName,
} from '../../../contract/agents';
import { AGENT_EVENTS } from '../../../contract/agents-events';
import { z } from 'zod';
import type { Db, Tx } from '../../db';
import { agentHealth } from '../../events/heartbeats';
import { pendingRun, queueRun, readState } from '../../agents/store';
import { agentsTickMs, startAgentSchedule } from '../../agents/schedule';
import { competitorConsumer, demandConsumer, pricingRunsConsumer } from '../../agents/consumers';
import { agentRow, agentRows, listForecasts, listRuns, type Health } from './queries';

const ACCESS = permissionIn(PLATFORM_RESOURCE_PERMISSIONS, 'agents', 'read') as Permission;
const MANAGE = permissionIn(PLATFORM_RESOURCE_PERMISSIONS, 'agents', 'manage') as Permission;
const settingsBody = z.record(z.string(), z.unknown());

/** The settings row of the agent, created with the defaults when missing, locked for the command. */
async function lockState(tx: Tx, tenantId: string, agent: AgentName): Promise<void> {
  await tx.query(`insert into agent_settings (tenant_id, agent) values ($1, $2) on conflict (tenant_id, agent) do nothing`, [tenantId, agent]);
  await tx.query(`select 1 from agent_settings where tenant_id = $1 and agent = $2 for update`, [tenantId, agent]);
}

const agents: ApiModule = (api) => {
  let stop: (() => void) | null = null;
  api.app.addHook('onReady', async () => {
    stop = startAgentSchedule(api.services.db, agentsTickMs(), (e) => api.app.log.error({ err: e }, 'agents schedule'));
  });
  api.app.addHook('onClose', async () => stop?.());
  // read in the request's own transaction (agent_heartbeats is platform-wide, without a tenant
  // policy): PGlite's one connection would wait on itself if a command asked through another
  const health = async (tx: Tx): Promise<Health> => agentHealth(tx as unknown as Db, api.app.events.cfg.workerHeartbeatMs);
  const by = (auth: { email: string | null; userId: string | null }) => auth.email ?? auth.userId ?? 'unknown';

  api.route({
    method: 'GET',
    url: '/agents',
    access: ACCESS,
    answer: listAnswer(agentRowSchema),
    async handler({ tx, auth, reply }) {
      reply.header('cache-control', 'no-store');
      const rows = await agentRows(tx, auth.tenantId, await health(tx));
      return list(rows, rows.length, rows.length, 0);
    },
  });

  api.route({
    method: 'GET',
    url: '/agents/demand/forecasts',
    access: ACCESS,
    query: forecastQuery,
    answer: listAnswer(forecastRow),
    async handler({ tx, auth, query }) {
      const { rows, total } = await listForecasts(tx, auth.tenantId, query);
      return list(rows, total, query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/agents/:name/runs',
    access: ACCESS,
    params: agentParams,
    query: runsQuery,
    answer: listAnswer(agentRun),
    async handler({ tx, auth, params, query }) {
      const { rows, total } = await listRuns(tx, auth.tenantId, params.name, query.limit, query.offset);
      return list(rows, total, query.limit, query.offset);
    },
  });

  api.route({
    method: 'POST',
    url: '/agents/:name/run',
    access: MANAGE,
    params: agentParams,
    lock: false,
    answer: oneAnswer(agentRun),
    async handler(ctx) {
      const { name } = ctx.params;
      await lockState(ctx.tx, ctx.auth.tenantId, name);
      const st = await readState(ctx.tx, ctx.auth.tenantId, name);
      if (st.paused) throw conflict(`${AGENT_TITLES[name]} is paused; resume it to run it.`, { paused: true });
      const run = await queueRun(ctx.tx, ctx.auth.tenantId, name, 'manual', by(ctx.auth), {}, (runId) =>
        ctx.emit(AGENT_EVENTS.runRequested, { run_id: runId, agent: name, trigger: 'manual' }));
      if (!run) {
        const pending = await pendingRun(ctx.tx, ctx.auth.tenantId, name);
        throw conflict(`A run of ${AGENT_TITLES[name]} is already ${pending?.status === 'running' ? 'running' : 'waiting to start'}; nothing was queued.`, { run: pending });
      }
      await ctx.audit({ action: 'agent.run', resource: 'agent', resourceId: name, after: { run_id: run.id } });
      ctx.status(202);
      return one(run);
    },
  });

  for (const [verb, paused] of [['pause', true], ['resume', false]] as const) {
    api.route({
      method: 'POST',
      url: `/agents/:name/${verb}`,
      access: MANAGE,
      params: agentParams,
      lock: false,
      answer: oneAnswer(agentRowSchema),
      async handler(ctx) {
        const { name } = ctx.params;
        const t = ctx.auth.tenantId;
        await lockState(ctx.tx, t, name);
        const { rows } = await ctx.tx.query(
          `update agent_settings set paused = $3, updated_at = now(), updated_by = $4 where tenant_id = $1 and agent = $2 and paused <> $3 returning 1`,
          [t, name, paused, by(ctx.auth)],
        );
        if (rows.length > 0) {
          await ctx.audit({ action: paused ? 'agent.pause' : 'agent.resume', resource: 'agent', resourceId: name, before: { paused: !paused }, after: { paused } });
          ctx.emit(paused ? AGENT_EVENTS.paused : AGENT_EVENTS.resumed, { agent: name, by: by(ctx.auth) });
          // the repricer skipped the tenant's events while paused: one sweep catches up, queued with the
          // resume (a run already pending does it instead) — docs/agents.md "Pricing Intelligence"
          if (!paused && name === 'pricing') {
            await queueRun(ctx.tx, t, name, 'resume', by(ctx.auth), {}, (runId) =>
              ctx.emit(AGENT_EVENTS.runRequested, { run_id: runId, agent: name, trigger: 'resume' }));
          }
        }
        return one(await agentRow(ctx.tx, t, name, await health(ctx.tx)));
      },
    });
  }

  api.route({
    method: 'PUT',
    url: '/agents/:name/settings',
    access: MANAGE,
    params: agentParams,
    body: settingsBody,
    lock: false,
    answer: oneAnswer(agentRowSchema),
    async handler(ctx) {
      const { name } = ctx.params;
      const t = ctx.auth.tenantId;
      const parsed = SETTINGS_SCHEMAS[name].partial().safeParse(ctx.body);
      if (!parsed.success) throw validationError('body', parsed.error);
      await lockState(ctx.tx, t, name);
      const before = (await readState(ctx.tx, t, name)).settings as Record<string, unknown>;
      const after = { ...before, ...parsed.data } as Record<string, unknown>;
      const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
      if (changed.length > 0) {
        await ctx.tx.query(
          `update agent_settings set settings = $3::jsonb, updated_at = now(), updated_by = $4 where tenant_id = $1 and agent = $2`,
          [t, name, JSON.stringify(after), by(ctx.auth)],
        );
        await ctx.audit({ action: 'agent.update_settings', resource: 'agent', resourceId: name, before, after });
        ctx.emit(AGENT_EVENTS.settingsChanged, { agent: name, by: by(ctx.auth), changed });
      }
      return one(await agentRow(ctx.tx, t, name, await health(ctx.tx)));
    },
  });
};

export default defineModule({ name: 'agents', routes: agents, consumers: [demandConsumer, competitorConsumer, pricingRunsConsumer] });
