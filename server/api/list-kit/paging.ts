/**
 * List paging for large tables — the list kit (docs/api-conventions.md "Lists"; deep pages, no
 * unbounded count(*) per page).
 * - Keyset: every sort ends with the primary key; the answer carries `next_cursor` (the last row's sort
 *   values, taken from SQL so timestamps keep their microseconds); `?cursor=` continues after it.
 * - Offset still works (Refine's pages), for shallow pages.
 * - Total: a capped count, exact up to the cap, cached per tenant and filter (count-cache.ts).
 */
import type { ListResponse, Pagination } from '../../../contract/api';
import type { Tx } from '../../db';
import { decodeCursor, encodeCursor } from './cursor';
import { RawJson } from '../raw-json';
import { meta } from '../kit';
import { countRows } from './count-cache';
import { GENERIC_PLAN } from '../../db/prepared';

export { COUNT_CAP, countsChanged } from './count-cache';


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
  /**
   * Select list of one row's JSON object (see `jsonFields`). When set, the database returns the
   * page as one JSON array text (`Page.json`, `rows` stays empty): no per-field parsing in the
   * driver and no re-serializing in the server (docs/performance.md).
   */
  json?: string;
  /**
   * Instead of `json`: a column of the table that holds each row's JSON text, kept by the database
   * (the listings' `list_json`, 0021_listing_list_json.sql). The page joins the texts of its rows:
   * nothing is built or looked up per row.
   */
  jsonText?: string;
  /**
   * With `json` or `jsonText`: find the page's keys first and read the rows after, joined on the
   * id (the last sort column). The key query needs no other column, so a filter on a column an
   * index INCLUDEs (the orders' search vector) is answered by an index-only scan.
   */
  keysFirst?: boolean;
  /**
   * With `json`: joins of the outer query, which builds the JSON of the page's rows only (the
   * page's alias is the table's). A per-row lookup is best written `left join lateral (… limit 1)
   * x on true`: it then runs once per page row, whatever the planner guesses of the page's size.
   */
  jsonJoins?: string;
  /**
   * Plan the page for its values every time instead of once (server/db/prepared.ts): for a filter
   * whose best plan depends on the value — a search word matching 3 % of the rows is best found by
   * walking the sort's index, a rare one through the search index, and a plan made for "some word"
   * took 16 ms where the right one took 1.
   */
  customPlan?: boolean;
  /**
   * A filter best tested while walking the sort's index (a search), given apart from `where`. With
   * `json` (or `jsonText`) and `keysFirst`, the page is first read in one prepared statement,
   * planned once whatever the value: the first `bound` rows of the other filters in the page's order
   * (an index-only walk when the index INCLUDEs what `hit` reads), kept where `hit` holds, and their
   * rows. A common value fills the page there without any planning; when fewer than a page match (a
   * rare value, or the last page), the keys are read again with `hit` as a WHERE condition planned
   * for the value, through the filter's own index (docs/performance.md "Listings"). Anywhere else
   * (an OFFSET page, a page without `keysFirst`) `hit` is one more WHERE condition.
   */
  walk?: { hit: string; bound: number };
}

export interface Page<R> {
  rows: R[];
  total: number;
  totalEstimated: boolean;
  nextCursor: string | null;
  /** The page's rows as a JSON array text, when the request asked for `json`. */
  json?: string;
}

/**
 * How a field reads in an API answer: as stored, a timestamp written like Date#toISOString, or an
 * amount stored in integer cents and answered in dollars (`cents`, docs/commerce.md "Money").
 */
export type JsonField = readonly [name: string, sql: string, kind?: 'ts' | 'cents'];

/**
 * One row's JSON object as a select list (`PageRequest.json`): each field under its name,
 * timestamps through `api_ts` (0008_api_json.sql), cents through `api_dollars` (0028_money_cents.sql,
 * exact: the numeric quotient, written with two decimals). The page turns the row into JSON whole
 * (`json_agg` of a record), a third cheaper than `json_build_object` with the names as arguments.
 */
export function jsonFields(fields: readonly JsonField[]): string {
  return fields.map(([name, sql, kind]) => `${kind === 'ts' ? `api_ts(${sql})` : kind === 'cents' ? `api_dollars(${sql})` : sql} as "${name}"`).join(', ');
}

/**
 * The same fields as a plain select list (detail views, exports); an amount in cents stays in cents
 * under `<name>_cents`, for the domain's row mapper to answer in dollars.
 */
export function selectFields(fields: readonly JsonField[]): string {
  return fields
    .map(([field, sql, kind]) => {
      const name = kind === 'cents' ? `${field}_cents` : field;
      return sql.endsWith(`.${name}`) ? sql : `${sql} as ${name}`;
    })
    .join(', ');
}

/** A list query's paging fields, as every list's query schema spells them (contract/api.ts `listQuery`). */
export interface ListWindowQuery<S extends string> {
  sort: S;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  cursor?: string;
}

/** The paging part of a page request: the query's sort looked up in the list's sorts, order, window, cursor. */
export function pageWindow<S extends string>(q: ListWindowQuery<S>, sorts: Record<S, SortSpec>): Pick<PageRequest, 'sort' | 'order' | 'limit' | 'offset' | 'cursor'> {
  return { sort: sorts[q.sort], order: q.order, limit: q.limit, offset: q.offset, cursor: q.cursor };
}

export async function fetchPage<R extends Record<string, unknown>>(tx: Tx, req: PageRequest): Promise<Page<R>> {
  const dir = req.order === 'asc' ? 'asc' : 'desc';
  const offsetPage = !req.cursor && req.offset > 0;
  const walk = req.walk && (req.json || req.jsonText) && req.keysFirst && !offsetPage ? req.walk : undefined;
  // the walked filter stays out of the WHERE of the walk itself, and in every other statement
  const filters = req.walk ? [...req.where, `(${req.walk.hit})`] : [...req.where];
  const where = walk ? [...req.where] : [...filters];
  const params = [...req.params];
  const baseWhere = filters.length ? `where ${filters.join(' and ')}` : '';
  if (req.cursor) {
    const values = decodeCursor(req.from, req.sort, req.cursor);
    const ph = values.map((v, i) => {
      params.push(v);
      return `$${params.length}::${req.sort.types[i]}`;
    });
    // row comparison walks the same index as the order by, forwards or backwards
    where.push(`(${req.sort.columns.join(', ')}) ${dir === 'asc' ? '>' : '<'} (${ph.join(', ')})`);
  }
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  // the limit is written into the text: a first page or a cursor's next page is then run prepared
  // with its generic plan (server/db/prepared.ts), which must know how few rows it is for; an
  // offset page keeps its parameters and is planned for its values
  if (!Number.isSafeInteger(req.limit) || req.limit < 0) throw new Error(`A page's limit is a whole number, not ${req.limit}`);
  let offsetSql = '';
  if (offsetPage) {
    params.push(req.offset);
    offsetSql = ` offset $${params.length}`;
  }
  const mark = offsetSql || req.customPlan ? '' : GENERIC_PLAN;
  const orderBy = `order by ${req.sort.columns.map((c) => `${c} ${dir}`).join(', ')} limit ${req.limit}${offsetSql}`;
  // the cursor's values come from SQL, so timestamps keep their microseconds
  let rows: R[] = [];
  let json: string | undefined;
  let last: unknown[] | null = null;
  let n: number;
  if (req.json || req.jsonText) {
    // one row: the page in order, its length, and the last row's sort values (the aggregate's
    // reversed order puts the last row first; reversing asc/desc also mirrors the nulls' place).
    // The JSON is built in the outer query, for the page's rows only: built in the inner one it
    // would also be built for every row an OFFSET skips or a sort orders before the LIMIT.
    const [, table, alias] = /^\s*(\w+)\s+(\w+)\s*$/.exec(req.from) ?? [];
    if (!alias) throw new Error(`A JSON page reads one table with an alias, not "${req.from}"`);
    const keys = req.sort.columns.map((_, i) => `_k${i}`);
    const keyList = req.sort.columns.map((c, i) => `${c} as ${keys[i]}`).join(', ');
    const order = (d: string) => keys.map((k) => `${alias}.${k} ${d}`).join(', ');
    const id = req.sort.columns[req.sort.columns.length - 1];
    const keysWhere = (w: string) => `select k.${keys[keys.length - 1]} from (select ${keyList} from ${req.from} ${w} ${orderBy}) k`;
    const keySql = keysWhere(whereSql);
    const byIds = `select ${alias}.*, ${keyList} from ${table} ${alias} where ${id} = any($1::${req.sort.types[req.sort.types.length - 1]}[])`;
    const data = req.jsonText
      ? `'[' || coalesce(string_agg(${alias}.${req.jsonText}, ',' order by ${order(dir)}), '') || ']'`
      : `coalesce(json_agg(_row order by ${order(dir)}), '[]')::text`;
    const rowJson = req.jsonText ? '' : `${req.jsonJoins ?? ''} cross join lateral (select ${req.json}) _row`;
    const jsonPage = async (rowsSql: string, pageMark: string, pageParams: unknown[]) => (await tx.query<{ data: string; n: number; last: string | null }>(
      `${pageMark}select ${data} as data, count(*)::int as n,
              (array_agg(json_build_array(${keys.map((k) => `${alias}.${k}`).join(', ')})::text order by ${order(dir === 'asc' ? 'desc' : 'asc')}))[1] as last
         from (${rowsSql}) ${alias} ${rowJson}`,
      pageParams,
    )).rows;
    let r: { data: string; n: number; last: string | null }[];
    if (walk) {
      // the walk's hits and their rows in one prepared statement (the walk's plan is the same
      // whatever the value: `PageRequest.walk`)
      r = await jsonPage(`select ${alias}.*, ${keyList} from ${table} ${alias} where ${id} = any(array(${walkKeysSql(req, walk, whereSql, keyList, keys, dir)}))`, GENERIC_PLAN, params);
      if (Number(r[0].n) < req.limit) {
        // fewer than a page within the walk (a rare value, or the last page): every match, found
        // the way the planner picks for this value, then the page of those ids, prepared
        const hitSql = keysWhere(`${whereSql ? `${whereSql} and` : 'where'} (${walk.hit})`);
        const { rows: k } = await tx.query<{ ids: unknown[] }>(`select array(${hitSql}) as ids`, params);
        r = await jsonPage(byIds, GENERIC_PLAN, [k[0].ids]);
      }
    } else if (req.keysFirst && req.customPlan) {
      // the keys planned for the filter's values, on their own (a small statement, quick to plan);
      // the page of those ids then runs prepared, its plan the same whatever the ids
      const { rows: k } = await tx.query<{ ids: unknown[] }>(`select array(${keySql}) as ids`, params);
      r = await jsonPage(byIds, GENERIC_PLAN, [k[0].ids]);
    } else {
      const rowsSql = req.keysFirst
        ? // the page's ids as one array: a single index scan fetches their rows (a join could turn into
          // a hash join over the whole table on a small one)
          `select ${alias}.*, ${keyList} from ${table} ${alias} where ${id} = any(array(${keySql}))`
        : `select ${alias}.*, ${keyList} from ${req.from} ${whereSql} ${orderBy}`;
      r = await jsonPage(rowsSql, mark, params);
    }
    json = r[0].data;
    n = Number(r[0].n);
    last = r[0].last ? (JSON.parse(r[0].last) as unknown[]) : null;
  } else {
    const res = await tx.query<R & { _cursor: unknown[] }>(
      `${mark}select ${req.select}, json_build_array(${req.sort.columns.join(', ')}) as _cursor from ${req.from} ${whereSql} ${orderBy}`,
      params,
    );
    n = res.rows.length;
    last = res.rows[n - 1]?._cursor ?? null;
    rows = res.rows.map(({ _cursor: _c, ...row }) => row as unknown as R);
  }
  const { total, estimated } = req.noCount ? { total: -1, estimated: false } : await countRows(tx, req, baseWhere);
  return { rows, json, total, totalEstimated: estimated, nextCursor: n === req.limit && last ? encodeCursor(req.from, req.sort, last) : null };
}

/**
 * The keys of the first page of a walked filter's hits (`PageRequest.walk`): the first `bound` rows
 * of the other filters in the page's order, those the filter keeps, at most a page of them.
 */
function walkKeysSql(req: PageRequest, walk: NonNullable<PageRequest['walk']>, whereSql: string, keyList: string, keys: string[], dir: string): string {
  const order = keys.map((k) => `b.${k} ${dir}`).join(', ');
  const sortOrder = req.sort.columns.map((c) => `${c} ${dir}`).join(', ');
  const walked = `select ${keyList}, (${walk.hit}) as _hit from ${req.from} ${whereSql} order by ${sortOrder} limit ${walk.bound}`;
  return `select b.${keys[keys.length - 1]} from (${walked}) b where b._hit order by ${order} limit ${req.limit}`;
}

function pagination(page: Page<unknown>, limit: number, offset: number): Pagination {
  return {
    total: page.total,
    limit,
    offset,
    ...(page.totalEstimated ? { total_estimated: true } : {}),
    next_cursor: page.nextCursor,
  };
}

/** The list answer of docs/api-conventions.md, plus the keyset cursor and the estimate flag. */
export function pageBody<R, T>(page: Page<R>, data: T[], limit: number, offset: number): ListResponse<T> {
  return { data, pagination: pagination(page, limit, offset), _meta: meta() };
}

/**
 * The same answer around a page the database wrote as JSON (`PageRequest.json`), sent as it is. `T`
 * is the row the page's JSON fields spell (the route's answer row; server/api/raw-json.ts).
 */
export function pageJson<T>(page: Page<unknown>, limit: number, offset: number): RawJson<ListResponse<T>> {
  if (page.json === undefined) throw new Error('pageJson needs a page fetched with `json`');
  return new RawJson(`{"data":${page.json},"pagination":${JSON.stringify(pagination(page, limit, offset))},"_meta":${JSON.stringify(meta())}}`);
}

/**
 * A page and its exact total read in ONE statement, so they agree: the page's SQL selects
 * `count(*) over () as _total` (the window counts every matching row before ORDER BY/LIMIT). Two
 * statements would each take their own snapshot, and a row committed between them made a list say
 * "2" while it showed 1. For small, unbounded-count lists (DLQ, audit, deliveries); an empty page
 * past the end asks `recount` instead.
 */
export async function withWindowTotal<R extends object>(
  rows: (R & { _total?: unknown })[],
  offset: number,
  recount: () => Promise<number>,
): Promise<{ rows: R[]; total: number }> {
  if (rows.length === 0) return { rows: [], total: offset > 0 ? await recount() : 0 };
  const total = Number(rows[0]._total);
  return { rows: rows.map(({ _total: _t, ...r }) => r as unknown as R), total };
}
