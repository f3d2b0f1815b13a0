/** PostgreSQL engine (DATABASE_URL) through `pg`; every connection runs as the RLS-bound app role. */
import pg from 'pg';
import type { Db, QueryResult, Tx, TxOptions } from './types';
import { readMessage, settingsStatement } from './inline';
import { APP_ROLE } from './roles';

// int8 as number (counts, sequences), numeric as number (money stays within double precision here)
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function postgresDb(url: string, opts: { max?: number; setRole?: boolean } = {}): Db {
  // the role is set in the startup packet: a connection that cannot take it fails instead of
  // silently keeping a login role that might bypass row-level security
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    ...(opts.setRole !== false ? { options: `-c role=${APP_ROLE}` } : {}),
  });
  // an idle client's connection dropped (server restart, database dropped): log it, never crash
  pool.on('error', (err) => console.error(`postgres pool: ${err.message}`));
  const query = async <T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> => {
    const r = await pool.query(sql, params as unknown[]);
    return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
  };
  const db: Db = {
    engine: 'postgres',
    query,
    reader: (o) => ({
      async query<R>(sql: string, params?: unknown[]) {
        const message = readMessage(sql, params, o);
        if (message === null) return db.transaction((tx) => tx.query<R>(sql, params), o);
        // two statements in one message: pg answers with one result per statement
        const results = (await pool.query(message)) as unknown as pg.QueryResult[];
        const r = results[results.length - 1];
        return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
      },
    }),
    async transaction<T>(fn: (tx: Tx) => Promise<T>, o: TxOptions = {}): Promise<T> {
      const client = await pool.connect();
      try {
        // BEGIN and the RLS settings (escaped literals) in one round trip
        await client.query(o.tenantId || o.userId ? `begin; ${settingsStatement(o)}` : 'begin');
        const tx: Tx = {
          async query<R>(sql: string, params?: unknown[]) {
            const r = await client.query(sql, params as unknown[]);
            return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
          },
        };
        const out = await fn(tx);
        await client.query('commit');
        return out;
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    stats: () => ({ connections: pool.totalCount - pool.idleCount, maxConnections: opts.max ?? 10 }),
    close: () => pool.end(),
  };
  return db;
}
