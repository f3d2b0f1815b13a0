/**
 * A database migrated up to just before one migration, for that migration's test: on PGlite, or on
 * a new PostgreSQL database with TEST_DATABASE_URL, through an owner's connection. The test writes
 * rows as the earlier schema held them, then `next()` applies the migration under test (and only
 * it) and answers the versions it applied; `close()` ends the connection and drops what was made.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { dropPostgres, freshPostgres } from './pg-template';
import { listMigrations, migrate, MIGRATIONS_DIR, type AdminConn } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';

export interface BeforeMigration {
  conn: AdminConn;
  next(): Promise<string[]>;
  close(): Promise<void>;
}

/** `version`: the migration under test's number, e.g. '0030'. */
export async function databaseBefore(version: string): Promise<BeforeMigration> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const closers: (() => Promise<unknown>)[] = [];
  let conn: AdminConn;
  if (adminUrl) {
    const url = await freshPostgres(adminUrl);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    closers.push(() => dropPostgres(adminUrl, url), () => c.end());
    conn = { exec: async (sql) => { await c.query(sql); }, query: async <R>(sql: string, params?: unknown[]) => (await c.query(sql, params)).rows as R[] };
  } else {
    const p = await openPglite(undefined);
    closers.push(() => p.close());
    conn = { exec: async (sql) => { await p.exec(sql); }, query: async <R>(sql: string, params?: unknown[]) => (await p.query<R>(sql, params)).rows };
  }
  const dir = mkdtempSync(join(tmpdir(), `migrations-before-${version}-`));
  closers.push(async () => rmSync(dir, { recursive: true, force: true }));
  const close = async () => {
    for (const c of closers.reverse()) await c();
  };
  // the migrations up to a version ('0029_~' sorts after every 0029_<name>), so later ones stay out
  const copy = (upTo: string) => {
    for (const m of listMigrations().filter((x) => x.version <= upTo)) copyFileSync(join(MIGRATIONS_DIR, `${m.version}.sql`), join(dir, `${m.version}.sql`));
  };
  try {
    copy(`${String(Number(version) - 1).padStart(4, '0')}_~`);
    await migrate(conn, dir);
  } catch (e) {
    await close();
    throw e;
  }
  return {
    conn,
    next: async () => {
      copy(`${version}_~`);
      return migrate(conn, dir);
    },
    close,
  };
}
