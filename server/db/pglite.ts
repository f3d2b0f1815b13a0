/** PGlite engine (embedded default): one in-process Postgres persisted in DATA_DIR. */
import { PGlite } from '@electric-sql/pglite';
import type { Db, QueryResult, Tx, TxOptions } from './types';
import { applyTenantSettings } from './settings';

export async function openPglite(dataDir: string | undefined, username?: string): Promise<PGlite> {
  return PGlite.create(dataDir, username ? { username } : {});
}

export function pgliteDb(pg: PGlite): Db {
  let active = 0;
  const query = async <T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> => {
    const r = await pg.query<T>(sql, params as unknown[]);
    return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
  };
  return {
    engine: 'pglite',
    query,
    async transaction<T>(fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}): Promise<T> {
      active++;
      try {
        return await pg.transaction(async (t) => {
          const tx: Tx = {
            async query<R>(sql: string, params?: unknown[]) {
              const r = await t.query<R>(sql, params as unknown[]);
              return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
            },
          };
          await applyTenantSettings(tx, opts);
          return fn(tx);
        });
      } finally {
        active--;
      }
    },
    stats: () => ({ connections: active > 0 ? 1 : 0, maxConnections: 1 }),
    close: () => pg.close(),
  };
}
