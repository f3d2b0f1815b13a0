/**
 * Opens the database: PGlite in DATA_DIR unless DATABASE_URL is set (then PostgreSQL).
 * Migrations run as the owner; the returned Db runs as the app role, which must not bypass RLS.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { migratedThrough, openPglite, pgliteDb, recordMigratedThrough } from './pglite';
import { listMigrations, migrate, type AdminConn } from './migrate';
import { lockDataDir } from './lock';
import { APP_ROLE } from './roles';
import type { Db } from './types';

export type { Db, Tx, TxOptions, Queryable, QueryResult } from './types';

export interface OpenOptions {
  dataDir?: string;
  databaseUrl?: string;
  /** Skip the DATA_DIR lock (tests using a throwaway directory still lock by default). */
  noLock?: boolean;
  poolMax?: number;
}

export interface OpenDb { db: Db; migrated: string[]; close(): Promise<void> }

export async function assertRlsEnforced(db: Db): Promise<void> {
  const { rows } = await db.query<{ rolsuper: boolean; rolbypassrls: boolean; current_user: string }>(
    'select r.rolsuper, r.rolbypassrls, current_user from pg_roles r where r.rolname = current_user',
  );
  const r = rows[0];
  if (!r || r.rolsuper || r.rolbypassrls) {
    throw new Error(
      `Refusing to start: the database role "${r?.current_user ?? '?'}" can bypass row-level security. ` +
        `The server must run as a role without SUPERUSER and BYPASSRLS (expected ${APP_ROLE}).`,
    );
  }
}

export async function openDatabase(o: OpenOptions): Promise<OpenDb> {
  if (o.databaseUrl) {
    // the PostgreSQL driver loads only for PostgreSQL (docs/performance.md "Start time")
    const [{ default: pg }, { postgresDb }] = await Promise.all([import('pg'), import('./postgres')]);
    const admin = new pg.Client({ connectionString: o.databaseUrl });
    // a connection lost during the migrations fails the statement under way (the start fails with
    // it); without a listener the client's 'error' event would end the process first
    admin.on('error', (e) => console.error(`postgres migrations: connection lost: ${e.message}`));
    await admin.connect();
    let migrated: string[];
    try {
      await admin.query('select pg_advisory_lock(727274)');
      const conn: AdminConn = {
        exec: async (sql) => { await admin.query(sql); },
        query: async <T>(sql: string, params?: unknown[]) => (await admin.query(sql, params as unknown[])).rows as T[],
      };
      migrated = await migrate(conn);
      await admin.query('select pg_advisory_unlock(727274)');
    } finally {
      await admin.end();
    }
    const db = postgresDb(o.databaseUrl, { max: o.poolMax });
    await assertRlsEnforced(db);
    return { db, migrated, close: () => db.close() };
  }
  if (!o.dataDir) throw new Error('dataDir or databaseUrl is required');
  const release = o.noLock ? () => undefined : lockDataDir(o.dataDir);
  try {
    const { pg: appPg, migrated } = await openPgliteAsApp(o.dataDir);
    const db = pgliteDb(appPg);
    await assertRlsEnforced(db);
    return {
      db,
      migrated,
      async close() {
        await db.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

/**
 * PGlite opens in ~0.5 s, so a start opens it once when it can (docs/decisions.md "One PGlite
 * open at start"): straight as the app role when the owner's last start recorded that every
 * migration is applied; otherwise as the owner to migrate, then again as the app role.
 */
async function openPgliteAsApp(dataDir: string): Promise<{ pg: PGlite; migrated: string[] }> {
  const latest = listMigrations().at(-1)?.version ?? '';
  if (existsSync(join(dataDir, 'PG_VERSION'))) {
    const app = await openPglite(dataDir, APP_ROLE).catch(() => null);
    if (app) {
      if ((await migratedThrough(app)) === latest) return { pg: app, migrated: [] };
      await app.close();
    }
  }
  const owner = await openPglite(dataDir);
  let migrated: string[];
  try {
    const conn: AdminConn = {
      exec: async (sql) => { await owner.exec(sql); },
      query: async <T>(sql: string, params?: unknown[]) => (await owner.query<T>(sql, params as unknown[])).rows,
    };
    migrated = await migrate(conn);
    await recordMigratedThrough(owner, latest);
  } finally {
    await owner.close();
  }
  return { pg: await openPglite(dataDir, APP_ROLE), migrated };
}
