/**
 * The agents' reads (docs/agents.md "API"): each agent's state for GET /agents, its run history, and
 * the demand forecasts list (server-side paging, sort and SKU search).
 */
import type { Tx } from '../../db';
import { AGENT_HEARTBEATS, AGENT_NAMES, AGENT_TITLES, type AgentName, type AgentRow, type ForecastQuery, type ForecastRow } from '../../../contract/agents';
import { readState, RUN_COLUMNS, toRun, type RawRun } from '../../agents/store';
import { nextRunAt, SCHEDULED } from '../../agents/schedule';

export type Health = Record<string, { status: 'healthy' | 'degraded' | 'offline'; last_heartbeat: string }>;

/** The words of a run's figures (the card's key outputs); figures not named here are not shown. */
export const OUTPUT_LABELS: Record<AgentName, Record<string, string>> = {
  demand: { variants: 'Variants forecast', reorder_now: 'To reorder now', units_to_order: 'Units to order', stockout_risks: 'Running out at suppliers', slow_movers: 'Slow movers' },
  competitor: { listings_watched: 'Listings watched', new_entrants: 'New entrants', price_drops: 'Price drops', buy_box_lost: 'Buy boxes lost', buy_box_won: 'Buy boxes won', map_violators: 'Offers below MAP' },
  pricing: { evaluated: 'Listings evaluated', decisions: 'Price decisions', proposals: 'Proposals', applied: 'Prices applied', alerts: 'Buy-box alerts' },
};

const SCHEDULE: Record<AgentName, (s: Record<string, unknown>) => string> = {
  demand: (s) => `Every ${String(s.every_hours)} h, and on Run now.`,
  competitor: (s) => `After every marketplace tick and every ${String(s.every_hours)} h, and on Run now.`,
  pricing: () => 'On every marketplace tick, product and rule change, and the repricer\'s sweep (every 15 minutes by default); Run now sweeps every listing.',
};

export async function agentRow(tx: Tx, tenantId: string, name: AgentName, health: Health, now = new Date()): Promise<AgentRow> {
  const st = await readState(tx, tenantId, name);
  const last = await tx.query<RawRun>(`select ${RUN_COLUMNS} from agent_runs where tenant_id = $1 and agent = $2 order by queued_at desc, id desc limit 1`, [tenantId, name]);
  const ok = await tx.query<RawRun>(`select ${RUN_COLUMNS} from agent_runs where tenant_id = $1 and agent = $2 and status = 'succeeded' order by queued_at desc, id desc limit 1`, [tenantId, name]);
  const errs = await tx.query<{ n: number; last_error: string | null }>(
    `select count(*)::int as n, (array_agg(error order by finished_at desc))[1] as last_error
       from agent_runs where tenant_id = $1 and agent = $2 and status = 'failed' and finished_at >= now() - interval '24 hours'`,
    [tenantId, name],
  );
  const lastRun = last.rows[0] ? toRun(last.rows[0]) : null;
  const good = ok.rows[0] ? toRun(ok.rows[0]) : null;
  const beat = health[AGENT_HEARTBEATS[name]];
  const labels = OUTPUT_LABELS[name];
  const outputs = good?.outputs ?? null;
  const key_outputs = outputs
    ? Object.entries(labels).filter(([k]) => typeof outputs[k] === 'number').map(([k, label]) => ({ label, value: Number(outputs[k]) }))
    : [];
  const scheduled = SCHEDULED.includes(name) && !st.paused;
  return {
    id: name,
    name,
    title: AGENT_TITLES[name],
    heartbeat: AGENT_HEARTBEATS[name],
    status: st.paused ? 'paused' : beat?.status ?? 'not_reporting',
    paused: st.paused,
    last_heartbeat: beat?.last_heartbeat ?? null,
    busy: lastRun !== null && (lastRun.status === 'queued' || lastRun.status === 'running'),
    last_run: lastRun,
    next_run_at: scheduled ? nextRunAt(lastRun?.queued_at ?? null, Number((st.settings as { every_hours?: number }).every_hours ?? 24), now).toISOString() : null,
    key_outputs,
    errors_24h: Number(errs.rows[0]?.n ?? 0),
    last_error: errs.rows[0]?.last_error ?? null,
    settings: st.settings,
    schedule: SCHEDULE[name](st.settings),
  };
}

export async function agentRows(tx: Tx, tenantId: string, health: Health): Promise<AgentRow[]> {
  const out: AgentRow[] = [];
  for (const name of AGENT_NAMES) out.push(await agentRow(tx, tenantId, name, health));
  return out;
}

export async function listRuns(tx: Tx, tenantId: string, agent: AgentName, limit: number, offset: number) {
  const rows = await tx.query<RawRun>(`select ${RUN_COLUMNS} from agent_runs where tenant_id = $1 and agent = $2 order by queued_at desc, id desc limit $3 offset $4`, [tenantId, agent, limit, offset]);
  const total = await tx.query<{ n: number }>(`select count(*)::int as n from agent_runs where tenant_id = $1 and agent = $2`, [tenantId, agent]);
  return { rows: rows.rows.map(toRun), total: Number(total.rows[0]?.n ?? 0) };
}

const SORT_SQL: Record<ForecastQuery['sort'], string> = {
  sku: 'sku',
  daily_demand: 'daily_demand',
  days_of_cover: 'days_of_cover',
  reorder_quantity: 'reorder_quantity',
  forecast_28d: 'forecast_28d',
};

interface RawForecast extends Omit<ForecastRow, 'daily_demand' | 'trend_per_week' | 'days_of_cover' | 'computed_at' | 'explanation'> {
  daily_demand: string | number; trend_per_week: string | number; days_of_cover: string | number | null; computed_at: Date | string; explanation: Record<string, unknown> | string;
}

export async function listForecasts(tx: Tx, tenantId: string, q: ForecastQuery) {
  const params: unknown[] = [tenantId];
  const where = ['tenant_id = $1'];
  if (q.search) {
    params.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(sku ilike $${params.length} or title ilike $${params.length})`);
  }
  if (q.mode) {
    params.push(q.mode);
    where.push(`mode = $${params.length}`);
  }
  if (q.warning === 'true') where.push('warning is not null');
  if (q.warning === 'false') where.push('warning is null');
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  const w = where.join(' and ');
  const rows = await tx.query<RawForecast>(
    `select variant_id, product_id, sku, title, mode, daily_demand, trend_per_week, forecast_28d, on_hand, days_of_cover, reorder_point,
            reorder_quantity, slow_mover, warning, summary, explanation, computed_at
       from demand_forecasts where ${w} order by ${SORT_SQL[q.sort]} ${dir} nulls last, sku ${dir}, variant_id limit ${q.limit} offset ${q.offset}`,
    params,
  );
  const total = await tx.query<{ n: number }>(`select count(*)::int as n from demand_forecasts where ${w}`, params);
  const data: ForecastRow[] = rows.rows.map((r) => ({
    variant_id: String(r.variant_id), product_id: String(r.product_id), sku: r.sku, title: r.title, mode: r.mode,
    daily_demand: Number(r.daily_demand), trend_per_week: Number(r.trend_per_week), forecast_28d: Number(r.forecast_28d), on_hand: Number(r.on_hand),
    days_of_cover: r.days_of_cover === null ? null : Number(r.days_of_cover),
    reorder_point: r.reorder_point === null ? null : Number(r.reorder_point), reorder_quantity: r.reorder_quantity === null ? null : Number(r.reorder_quantity),
    slow_mover: r.slow_mover, warning: r.warning, summary: r.summary,
    explanation: typeof r.explanation === 'string' ? JSON.parse(r.explanation) : r.explanation,
    computed_at: new Date(r.computed_at).toISOString(),
  }));
  return { rows: data, total: Number(total.rows[0]?.n ?? 0) };
}
