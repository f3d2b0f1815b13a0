/** The small query interface that hides which engine runs (PGlite or PostgreSQL). */
export interface QueryResult<T> { rows: T[]; rowCount: number }

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export type Tx = Queryable;

export interface TxOptions {
  /** Sets `app.tenant_id` for the transaction: row-level security reads it. */
  tenantId?: string;
  /** Sets `app.user_id` (profiles policy lets a user read their own row). */
  userId?: string;
  /**
   * Served before other waiting work on PGlite's one connection (server/db/turns.ts): the event tail
   * and the first step of an order's automation. PostgreSQL, with a pool, ignores it.
   */
  urgent?: boolean;
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** One transaction; commits when fn resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: TxOptions): Promise<T>;
  /**
   * Reads with the tenant settings, each statement its own implicit transaction, sent together with
   * the settings in one round trip where its values can be written as literals (server/db/inline.ts),
   * in a transaction otherwise. For GET handlers: under READ COMMITTED every statement of a
   * transaction takes its own snapshot anyway, so reads lose nothing; writes belong in `transaction`.
   */
  reader(opts: TxOptions): Tx;
  /** Connections in use and the configured maximum (ops summary). */
  stats(): { connections: number; maxConnections: number };
  close(): Promise<void>;
}
