/** PGlite engine (embedded default): one in-process Postgres persisted in DATA_DIR. */
import { PGlite } from '@electric-sql/pglite';
import type { Db, QueryResult, Tx, TxOptions } from './types';
import { applyTenantSettings } from './settings';
import { readMessage } from './inline';
import { preparedRead, type PreparedSet } from './prepared';
import { Turns } from './turns';

/**
 * PGlite's buffer cache. Its shared memory is zeroed at every open, and a megabyte of it costs the start
 * ~3.5 ms of CPU (page faults in the WebAssembly memory): PostgreSQL's 128 MB took ~0.35 s of every
 * start, 32 MB takes ~0.1 s. A block not in the cache is read from the operating system's file cache:
 * the order list's reads at 100,000 orders answer as fast, whole-table scans are ~5 % slower
 * (docs/performance.md "Start time").
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

export async function openPglite(dataDir: string | undefined, username?: string): Promise<PGlite> {
  return PGlite.create(dataDir, {
    ...(username ? { username } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}

/**
 * Marker of a completed owner start (migrations, grants, leakproof search) as a comment on
 * schema_migrations: the catalog is readable by the app role, the table itself is not. The version
 * prefix changes when the owner's start-time steps change, so the next start runs them again.
 */
const MIGRATED_MARK = 'owner-start-v2 through ';

export async function migratedThrough(pg: PGlite): Promise<string | null> {
  try {
    const { rows } = await pg.query<{ d: string | null }>(
      "select obj_description(to_regclass('public.schema_migrations'), 'pg_class') as d",
    );
    const d = rows[0]?.d ?? null;
    return d?.startsWith(MIGRATED_MARK) ? d.slice(MIGRATED_MARK.length) : null;
  } catch {
    return null;
  }
}

export async function recordMigratedThrough(owner: PGlite, version: string): Promise<void> {
  await owner.query(`comment on table schema_migrations is '${(MIGRATED_MARK + version).replace(/'/g, "''")}'`);
}

const yieldToSockets = () => new Promise<void>((resolve) => setImmediate(resolve));

/** PGlite's answer in the shape of the other engine's. */
const resultOf = <T>(r: { rows: T[]; affectedRows?: number }): QueryResult<T> => ({ rows: r.rows, rowCount: r.affectedRows ?? r.rows.length });

export function pgliteDb(pg: PGlite): Db {
  let active = 0;
  // Every call takes a turn (turns.ts: urgent work first), and each turn starts after a pass of the
  // event loop. PGlite runs a call in this thread, and calls waiting on its lock ran back to back in
  // one chain of promise callbacks: the requests that arrived meanwhile were read only after the whole
  // chain, then served in socket order, not in arrival order — with 10 clients some answers took
  // twice the median. A turn starting after setImmediate lets the poll phase read them first
  // (docs/performance.md "Listings"); a burst of transactions (a consumer working through a backlog)
  // likewise lets sockets, timers and compression run between them.
  const turns = new Turns();
  const inTurn = async <R>(urgent: boolean, fn: () => Promise<R>): Promise<R> => {
    const release = await turns.take(urgent);
    try {
      await yieldToSockets();
      return await fn();
    } finally {
      release();
    }
  };
  const query = <T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> =>
    inTurn(false, async () => resultOf(await pg.query<T>(sql, params as unknown[])));
  // the one session's prepared reads (prepared.ts); a message's answer is its last statement's
  const have: PreparedSet = new Set();
  const run = (message: string): Promise<QueryResult<unknown>> =>
    inTurn(false, async () => {
      const results = await pg.exec(message);
      return resultOf(results[results.length - 1]);
    });
  const db: Db = {
    engine: 'pglite',
    query,
    reader: (o) => ({
      async query<R>(sql: string, params?: unknown[]) {
        // one call instead of BEGIN, settings, statement, COMMIT: ~4× less time in PGlite
        const prepared = await preparedRead<R>(run, have, sql, params, o);
        if (prepared) return prepared;
        const message = readMessage(sql, params, o);
        if (message === null) return db.transaction((tx) => tx.query<R>(sql, params), o);
        return (await run(message)) as QueryResult<R>;
      },
    }),
    async transaction<T>(fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}): Promise<T> {
      active++;
      try {
        return await inTurn(opts.urgent ?? false, () => pg.transaction(async (t) => {
          const tx: Tx = {
            async query<R>(sql: string, params?: unknown[]) {
              return resultOf(await t.query<R>(sql, params as unknown[]));
            },
          };
          await applyTenantSettings(tx, opts);
          return fn(tx);
        }));
      } finally {
        active--;
      }
    },
    stats: () => ({ connections: active > 0 ? 1 : 0, maxConnections: 1 }),
    close: () => pg.close(),
  };
  return db;
}
