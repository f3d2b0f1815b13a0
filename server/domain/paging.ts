/**
 * List paging for large tables — DESIGN §4 and §8 (deep pages; no unbounded count(*) per page).
 * - Keyset: every sort ends with the primary key; the answer carries `next_cursor` (the last row's sort
 *   values, taken from SQL so timestamps keep their microseconds); `?cursor=` continues after it.
 * - Offset still works (Refine's pages), for shallow pages.
 * - Total: a capped count (`limit COUNT_CAP + 1`) is exact up to the cap; above it, the planner's row
 *   estimate, answered with `pagination.total_estimated: true`. Counts are cached 30 s per tenant and
 *   filter, and dropped when this server writes to the tenant (countsChanged).
 */
import type { Tx } from '../db';
import { badRequest } from '../api/errors';

export const COUNT_CAP = 10_000;
/** Counts are reused this long (the orders' freshness of spec §9); writes here invalidate them at once. */
const COUNT_TTL_MS = 30_000;
const COUNT_CACHE_MAX = 1000;
const counts = new Map<string, { n: number; at: number }>();

export interface SortSpec {
  /** SQL expressions, most significant first; the last one must be unique (the id). */
  columns: string[];
  /** Postgres types of the columns, for the cursor parameters. */
  types: string[];
}

export interface PageRequest {
  /** `from <table> [joins]` without the word from. */
  from: string;
  select: string;
  where: string[];
  params: unknown[];
  sort: SortSpec;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  cursor?: string;
  /** Exports page through everything and skip the count. */
  noCount?: boolean;
}

export interface Page<R> {
  rows: R[];
  total: number;
  totalEstimated: boolean;
  nextCursor: string | null;
}

export function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string, arity: number): unknown[] {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('Invalid cursor', [{ field: 'cursor', message: 'not a cursor from this list', code: 'invalid_cursor' }]);
  }
  if (!Array.isArray(v) || v.length !== arity || v.some((x) => x === null || typeof x === 'object')) {
    throw badRequest('Invalid cursor', [{ field: 'cursor', message: 'cursor does not match the sort', code: 'invalid_cursor' }]);
  }
  return v;
}

/** Per-tenant generation: a write through this server makes every cached count of the tenant stale. */
const generations = new Map<string, number>();
export function countsChanged(tenantId: string): void {
  generations.set(tenantId, (generations.get(tenantId) ?? 0) + 1);
}

function remember(key: string, n: number): void {
  if (counts.size >= COUNT_CACHE_MAX) counts.delete(counts.keys().next().value as string);
  counts.set(key, { n, at: Date.now() });
}

async function countRows(tx: Tx, req: PageRequest, whereSql: string): Promise<{ total: number; estimated: boolean }> {
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

export async function fetchPage<R extends Record<string, unknown>>(tx: Tx, req: PageRequest): Promise<Page<R>> {
  const dir = req.order === 'asc' ? 'asc' : 'desc';
  const where = [...req.where];
  const params = [...req.params];
  const baseWhere = where.length ? `where ${where.join(' and ')}` : '';
  if (req.cursor) {
    const values = decodeCursor(req.cursor, req.sort.columns.length);
    const ph = values.map((v, i) => {
      params.push(v);
      return `$${params.length}::${req.sort.types[i]}`;
    });
    // row comparison walks the same index as the order by, forwards or backwards
    where.push(`(${req.sort.columns.join(', ')}) ${dir === 'asc' ? '>' : '<'} (${ph.join(', ')})`);
  }
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  params.push(req.limit);
  const limitPh = `$${params.length}`;
  let offsetSql = '';
  if (!req.cursor && req.offset > 0) {
    params.push(req.offset);
    offsetSql = ` offset $${params.length}`;
  }
  const sql =
    `select ${req.select}, json_build_array(${req.sort.columns.join(', ')}) as _cursor from ${req.from} ${whereSql} ` +
    `order by ${req.sort.columns.map((c) => `${c} ${dir}`).join(', ')} limit ${limitPh}${offsetSql}`;
  const { rows } = await tx.query<R & { _cursor: unknown[] }>(sql, params);
  const { total, estimated } = req.noCount ? { total: -1, estimated: false } : await countRows(tx, req, baseWhere);
  const last = rows[rows.length - 1];
  const nextCursor = rows.length === req.limit && last ? encodeCursor(last._cursor) : null;
  return {
    rows: rows.map(({ _cursor: _c, ...r }) => r as unknown as R),
    total,
    totalEstimated: estimated,
    nextCursor,
  };
}

/** The list answer of DESIGN §4, plus the keyset cursor and the estimate flag. */
export function pageBody<R>(page: Page<R>, data: unknown[], limit: number, offset: number) {
  return {
    data,
    pagination: {
      total: page.total,
      limit,
      offset,
      ...(page.totalEstimated ? { total_estimated: true } : {}),
      next_cursor: page.nextCursor,
    },
    _meta: { mocked: false, timestamp: new Date().toISOString(), source: 'api' as const },
  };
}
