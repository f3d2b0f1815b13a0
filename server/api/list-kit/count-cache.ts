/**
 * Cached list totals (docs/api-conventions.md "Lists"). A capped count (`limit COUNT_CAP + 1`) is
 * exact up to the cap; above it, the planner's row estimate (`pagination.total_estimated: true`).
 * Totals are cached 30 s per tenant and filter; `countsChanged` makes every cached total of a
 * tenant stale — the route kit calls it after each committed write, so no route has to.
 */
import type { Tx } from '../../db';

export const COUNT_CAP = 10_000;
/** Counts are reused this long (the orders' freshness of docs/product/constants.md); committed writes drop them at once. */
const COUNT_TTL_MS = 30_000;
const COUNT_CACHE_MAX = 1000;
const counts = new Map<string, { n: number; at: number }>();

/** What a total is counted over: the list's FROM, and its params (params[0] is the tenant id). */
export interface CountRequest {
  from: string;
  params: unknown[];
}

/** Per-tenant generation: a write through this server makes every cached count of the tenant stale. */
const generations = new Map<string, number>();
export function countsChanged(tenantId: string): void {
  generations.set(tenantId, (generations.get(tenantId) ?? 0) + 1);
}

/**
 * Forgets every cached total. A process serves one database, and these totals are of that database;
 * an app built in a process that served another one (the test suite starts a server per file in
 * workers that keep their modules) starts with none.
 */
export function clearCountCache(): void {
  counts.clear();
  generations.clear();
}

function remember(key: string, n: number): void {
  if (counts.size >= COUNT_CACHE_MAX) counts.delete(counts.keys().next().value as string);
  counts.set(key, { n, at: Date.now() });
}

export async function countRows(tx: Tx, req: CountRequest, whereSql: string): Promise<{ total: number; estimated: boolean }> {
  // params[0] is the tenant id of every list, so the key is per tenant and filter
  const tenant = String(req.params[0]);
  const key = `${generations.get(tenant) ?? 0}|${req.from}|${whereSql}|${JSON.stringify(req.params)}`;
  const cached = counts.get(key);
  if (cached && Date.now() - cached.at < COUNT_TTL_MS) return { total: cached.n, estimated: cached.n > COUNT_CAP };
  const capped = await tx.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from ${req.from} ${whereSql} limit ${COUNT_CAP + 1}) s`,
    req.params,
  );
  let n = Number(capped.rows[0].n);
  if (n > COUNT_CAP) {
    // the planner's row estimate costs a plan, not a scan; it is at least what we just counted
    const plan = await tx.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `explain (format json) select 1 from ${req.from} ${whereSql}`,
      req.params,
    );
    n = Math.max(COUNT_CAP + 1, Math.round(Number(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows'])));
  }
  remember(key, n);
  return { total: n, estimated: n > COUNT_CAP };
}
