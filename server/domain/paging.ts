/**
 * List paging for large tables — DESIGN §4 and §8 (deep pages; no unbounded count(*) per page).
 * - Keyset: every sort ends with the primary key; the answer carries `next_cursor` (the last row's sort
 *   values, taken from SQL so timestamps keep their microseconds); `?cursor=` continues after it.
 * - Offset still works (Refine's pages), for shallow pages.
 * - Total: a capped count (`limit COUNT_CAP + 1`) is exact below the cap; above it, an exact count taken
 *   at most once a minute per tenant and filter, answered with `pagination.total_estimated: true`.
 */
import type { Tx } from '../db';
import { badRequest } from '../api/errors';

export const COUNT_CAP = 10_000;
const ESTIMATE_TTL_MS = 60_000;
const ESTIMATE_CACHE_MAX = 500;
const estimates = new Map<string, { n: number; at: number }>();

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

async function countRows(tx: Tx, req: PageRequest, whereSql: string): Promise<{ total: number; estimated: boolean }> {
  // the params carry the tenant id, so the key is per tenant and filter
  const key = `${req.from}|${whereSql}|${JSON.stringify(req.params)}`;
  const cached = estimates.get(key);
  if (cached && Date.now() - cached.at < ESTIMATE_TTL_MS) return { total: cached.n, estimated: true };
  const capped = await tx.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from ${req.from} ${whereSql} limit ${COUNT_CAP + 1}) s`,
    req.params,
  );
  const n = Number(capped.rows[0].n);
  if (n <= COUNT_CAP) return { total: n, estimated: false };
  const exact = await tx.query<{ n: number }>(`select count(*)::int as n from ${req.from} ${whereSql}`, req.params);
  const total = Number(exact.rows[0].n);
  if (estimates.size >= ESTIMATE_CACHE_MAX) estimates.delete(estimates.keys().next().value as string);
  estimates.set(key, { n: total, at: Date.now() });
  return { total, estimated: true };
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
