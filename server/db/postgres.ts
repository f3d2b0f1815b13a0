/** PostgreSQL engine (DATABASE_URL) through `pg`; every connection runs as the RLS-bound app role. */
import pg from 'pg';
import type { Db, QueryResult, Tx, TxOptions } from './types';
import { readMessage, settingsStatement } from './inline';
import { preparedRead, type PreparedSet } from './prepared';
import { APP_ROLE } from './roles';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable';

// int8 as number (counts, sequences, amounts in cents: all within 2^53). numeric stays text, as
// PGlite answers it: no amount is numeric any more (docs/commerce.md "Money"), and a rate or a
// weight is converted where it is read (server/domain/numbers.ts `num`).
pg.types.setTypeParser(20, (v) => Number(v));

/** What each pooled connection has prepared (prepared.ts), forgotten with the connection. */
const preparedSets = new WeakMap<pg.PoolClient, PreparedSet>();
function preparedOf(client: pg.PoolClient): PreparedSet {
  let s = preparedSets.get(client);
  if (!s) preparedSets.set(client, (s = new Set()));
  return s;
}

/** How long a new connection may take before the caller gets `database_unavailable`. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The connection is still good after this error: the server answered it (a constraint, a syntax
 * error, a deadlock) and did not end the session. A socket error, a protocol error or a FATAL answer
 * (57P01 terminating connection…) leave it unusable.
 */
function usable(e: unknown): boolean {
  return e instanceof pg.DatabaseError && !dead(e);
}

/**
 * The connection is gone (lost, refused, or ended by a FATAL answer). In a transaction the error may
 * as well be the caller's own (an API error thrown by a handler): the connection is then rolled back
 * and reused, and only a failed rollback marks it unusable.
 */
function dead(e: unknown): boolean {
  return isDatabaseUnavailable(e) || (e instanceof pg.DatabaseError && (e.severity === 'FATAL' || e.severity === 'PANIC'));
}

/** A lost or refused connection becomes DatabaseUnavailableError (503 at the API); anything else is thrown as it is. */
function unavailable(e: unknown, committing = false): unknown {
  if (e instanceof DatabaseUnavailableError || !isDatabaseUnavailable(e)) return e;
  const why = e instanceof Error ? e.message : String(e);
  return committing
    ? new DatabaseUnavailableError(`The database connection was lost while committing (the outcome is unknown): ${why}`, e, true)
    : new DatabaseUnavailableError(`The database connection was lost or refused: ${why}`, e);
}

let lastLogged = 0;
let unlogged = 0;
/** One line per second at most: a restart ends every connection of the pool at once. */
function logLost(what: string, err: Error): void {
  const now = Date.now();
  if (now - lastLogged < 1000) {
    unlogged++;
    return;
  }
  console.error(`postgres ${what}: connection lost: ${err.message}${unlogged ? ` (and ${unlogged} more)` : ''}`);
  lastLogged = now;
  unlogged = 0;
}

export function postgresDb(url: string, opts: { max?: number; setRole?: boolean } = {}): Db {
  // the role is set in the startup packet: a connection that cannot take it fails instead of
  // silently keeping a login role that might bypass row-level security
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    // a peer that vanished without a word (a cut network) is found out by TCP keepalive; a
    // connection attempt that hangs gives up instead of holding its caller for ever
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(opts.setRole !== false ? { options: `-c role=${APP_ROLE}` } : {}),
  });
  // a connection that ends under us (restart, failover, pg_terminate_backend, idle_session_timeout,
  // a pooler recycling it) makes its client emit 'error' whether it is idle or checked out: every
  // client gets a listener from birth, so none can take the process down (docs/reliability.md).
  // The statement under way fails on its own and the client is destroyed when it is released.
  pool.on('connect', (client) => {
    client.on('error', (err) => logLost('client', err));
  });
  // an idle client's connection dropped: the pool has already removed it
  pool.on('error', (err) => logLost('idle client', err));
  // every pooled connection may have ended at once: one more than the pool holds reaches a fresh one
  const maxRetries = (opts.max ?? 10) + 1;
  const query = async <T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> => {
    try {
      const r = await pool.query(sql, params as unknown[]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    } catch (e) {
      throw unavailable(e);
    }
  };
  const connect = async (): Promise<pg.PoolClient> => {
    try {
      return await pool.connect();
    } catch (e) {
      throw unavailable(e);
    }
  };
  const db: Db = {
    engine: 'postgres',
    query,
    reader: (o) => ({
      async query<R>(sql: string, params?: unknown[]) {
        // a read may be sent again: one whose pooled connection had ended meanwhile (a restart,
        // pg_terminate_backend) is tried on the next connection until a fresh one answers
        for (let attempt = 0; ; attempt++) {
          const client = await connect();
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
            break;
          } catch (e) {
            // an error the server answered leaves the connection usable; any other (a socket that
            // failed, a protocol error, a FATAL answer) and the connection is not given back to the pool
            if (!usable(e)) broken = e as Error;
            if (broken && isDatabaseUnavailable(e) && attempt < maxRetries) continue;
            throw unavailable(e);
          } finally {
            client.release(broken);
          }
        }
        return db.transaction((tx) => tx.query<R>(sql, params), o);
      },
    }),
    async transaction<T>(fn: (tx: Tx) => Promise<T>, o: TxOptions = {}): Promise<T> {
      for (let attempt = 0; ; attempt++) {
        const client = await connect();
        // set when the connection cannot be given back to the pool: it is destroyed instead
        let broken: Error | undefined;
        let committing = false;
        let begun = false;
        try {
          // BEGIN and the RLS settings (escaped literals) in one round trip
          await client.query(o.tenantId || o.userId ? `begin; ${settingsStatement(o)}` : 'begin');
          begun = true;
          const tx: Tx = {
            async query<R>(sql: string, params?: unknown[]) {
              const r = await client.query(sql, params as unknown[]);
              return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
            },
          };
          const out = await fn(tx);
          committing = true;
          await client.query('commit');
          return out;
        } catch (e) {
          if (dead(e)) broken = e as Error;
          // a rollback that fails leaves the connection in an unknown state: it is not reused
          if (!broken) await client.query('rollback').catch((err: Error) => (broken = err));
          // BEGIN found its pooled connection ended meanwhile (a restart, pg_terminate_backend):
          // nothing ran, so the transaction starts again on the next connection until a fresh one
          // answers — after the dead one is given back (below), never while holding it: every
          // transaction of a full pool waiting for a slot that only they hold would wait out the
          // connect timeout together
          if (!(!begun && broken && isDatabaseUnavailable(e) && attempt < maxRetries)) throw unavailable(e, committing);
        } finally {
          client.release(broken);
        }
      }
    },
    stats: () => ({ connections: pool.totalCount - pool.idleCount, maxConnections: opts.max ?? 10 }),
    close: () => pool.end(),
  };
  return db;
}
