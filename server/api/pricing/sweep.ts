/**
 * The scheduled sweep (docs/repricing.md "Repricer"): every tenant's active listings, cut into
 * keyset pages of `batch` listings by id. Each page is one transaction: its inputs read in one
 * statement, decided in memory by the same engine, its decisions, proposals and state written in
 * one multi-row statement (`reprice`). On PostgreSQL three pages run at once on three connections,
 * so one page is decided while the others are read or written; PGlite has one connection and runs
 * them in turn.
 */
import { snapshotTenant } from './agent';
import { runtimeTx } from '../../events/runtime-tx';
import type { Db } from '../../db';
import { reprice, repricerPaused } from './repricer';
import { startPeriodic } from '../../periodic';

export const SWEEP_BATCH = 2_000;

/** Expired proposals are kept this long after they expired, then the sweep deletes them (docs/repricing.md "Proposals"). */
export const EXPIRED_PROPOSAL_RETENTION_MS = 24 * 3_600_000;
/** At most this many expired proposals are deleted per tenant and sweep (one short statement). */
export const EXPIRED_PROPOSAL_PURGE_LIMIT = 10_000;

export interface SweepResult { evaluated: number; decisions: number; proposals: number; applied: number; purged: number }

/** Deletes the tenant's proposals expired longer ago than the retention window; returns how many. */
export async function purgeExpiredProposals(db: Db, tenantId: string, now = new Date(), retentionMs = EXPIRED_PROPOSAL_RETENTION_MS): Promise<number> {
  const before = new Date(now.getTime() - retentionMs);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ n: number }>(
      `with gone as (
         delete from price_proposals where id in (
           select id from price_proposals where tenant_id = $1 and status = 'expired' and decided_at < $2 limit ${EXPIRED_PROPOSAL_PURGE_LIMIT})
         returning 1)
       select count(*)::int as n from gone`,
      [tenantId, before],
    );
    return Number(rows[0]?.n ?? 0);
  }, { tenantId });
}

/**
 * Page bounds: every `batch`-th active listing id, in id order (page k is `bounds[k-1] < id <= bounds[k]`).
 * Null when there is nothing to sweep: no enabled rule, or the tenant's Pricing Intelligence is paused
 * (each page asks again, so a pause during a sweep stops its next pages).
 */
async function pageBounds(db: Db, tenantId: string, batch: number): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    if (await repricerPaused(tx, tenantId)) return null;
    const has = await tx.query('select 1 from pricing_rules where tenant_id = $1 and enabled limit 1', [tenantId]);
    if (!has.rows.length) return null;
    const { rows } = await tx.query<{ id: string }>(
      `select id from (select id, row_number() over (order by id) as n from listings where tenant_id = $1 and status = 'active') b where n % $2 = 0 order by id`,
      [tenantId, batch],
    );
    return rows.map((r) => String(r.id));
  }, { tenantId });
}

/** One tenant's sweep, one transaction per page of listings, then the expired proposals past the retention window deleted. */
export async function sweepTenant(db: Db, tenantId: string, o: { now?: Date; batch?: number; parallel?: number } = {}): Promise<SweepResult> {
  const now = o.now ?? new Date();
  const total: SweepResult = { evaluated: 0, decisions: 0, proposals: 0, applied: 0, purged: 0 };
  total.purged = await purgeExpiredProposals(db, tenantId, now);
  const bounds = await pageBounds(db, tenantId, o.batch ?? SWEEP_BATCH);
  if (!bounds) return total;
  const pages = [...bounds, undefined].map((upTo, k) => ({ after: k === 0 ? undefined : bounds[k - 1], upTo }));
  let next = 0;
  const worker = async () => {
    while (next < pages.length) {
      const page = pages[next++];
      const r = await db.transaction((tx) => reprice(tx, tenantId, page, 'sweep', {}, now), { tenantId });
      total.evaluated += r.evaluated;
      total.decisions += r.decisions;
      total.proposals += r.proposals.length;
      total.applied += r.applied.length;
    }
  };
  const parallel = o.parallel ?? (db.engine === 'postgres' ? 3 : 1);
  await Promise.all(Array.from({ length: Math.min(parallel, pages.length) }, worker));
  return total;
}

/**
 * The scheduled sweep: every tenant with an enabled rule, then the pricing agent's snapshot of each
 * tenant (docs/repricing.md "Pricing agent"), so buy-box alerts come on this schedule for every
 * tenant and connector, not only after a sandbox tick.
 */
export async function sweep(db: Db, now = new Date()): Promise<{ tenants: number; evaluated: number; decisions: number; alerts: number }> {
  const tenants = await runtimeTx(db, (tx) => tx.query<{ id: string }>('select id from tenants order by id'), 'scheduler');
  let evaluated = 0;
  let decisions = 0;
  let alerts = 0;
  for (const t of tenants.rows) {
    const r = await sweepTenant(db, t.id, { now });
    evaluated += r.evaluated;
    decisions += r.decisions;
    alerts += await snapshotTenant(db, t.id);
  }
  return { tenants: tenants.rows.length, evaluated, decisions, alerts };
}

export function sweepMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PRICING_SWEEP_MS;
  if (raw !== undefined && raw !== '') return Math.max(0, Number(raw) || 0);
  return env.VITEST ? 0 : 15 * 60_000;
}

/** Starts the sweep timer; returns its stop function. */
export function startSweep(db: Db, everyMs: number, onError: (e: unknown) => void = () => undefined): () => void {
  const stop = startPeriodic(everyMs, () => sweep(db), onError);
  return () => void stop();
}
