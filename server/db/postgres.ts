/** PostgreSQL engine (DATABASE_URL) through `pg`; every connection runs as the RLS-bound app role. */
import pg from 'pg';
import type { Db, QueryResult, Tx, TxOptions } from './types';
import { readMessage, settingsStatement } from './inline';
import { preparedRead, type PreparedSet } from './prepared';
import { APP_ROLE } from './roles';

// int8 as number (counts, sequences), numeric as number (money stays within double precision here)
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** What each pooled connection has prepared (prepared.ts), forgotten with the connection. */
const preparedSets = new WeakMap<pg.PoolClient, PreparedSet>();
function preparedOf(client: pg.PoolClient): PreparedSet {
  let s = preparedSets.get(client);
  if (!s) preparedSets.set(client, (s = new Set()));
  return s;
}

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
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          // two statements in one message: pg answers with one result per statement, the last is the read's
          const run = async (message: string) => {
            const res = (await client.query(message)) as unknown as pg.QueryResult | pg.QueryResult[];
            const r = Array.isArray(res) ? res[res.length - 1] : res;
            return { rows: r.rows, rowCount: r.rowCount ?? r.rows.length };
          };
          const have = preparedOf(client);
          const prepared = await preparedRead<R>(run, have, sql, params, o);
          if (prepared) return prepared;
          const message = readMessage(sql, params, o);
          if (message !== null) return (await run(message)) as { rows: R[]; rowCount: number };
        } catch (e) {
          // an error the server answered leaves the connection usable; any other (a socket that
          // failed, a protocol error) and the connection is not given back to the pool
          if (!(e instanceof pg.DatabaseError)) broken = e as Error;
          throw e;
        } finally {
          client.release(broken);
        }
        return db.transaction((tx) => tx.query<R>(sql, params), o);
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
