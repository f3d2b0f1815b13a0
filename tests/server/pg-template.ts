/**
 * The PostgreSQL pass's template database (tests/global-setup.ts): migrated and seeded once per run,
 * then every server test's database is a copy of it (`create database … template …`, a file copy in
 * the server), as every PGlite server starts from a copy of one data directory.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/db';
import { seed } from '../../server/seed';

const withAdmin = async <T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

const urlOf = (adminUrl: string, name: string): string => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A new database `prefix_…`, empty or a copy of `template`; answers its URL. */
async function createDatabase(adminUrl: string, prefix: string, template?: string): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return urlOf(adminUrl, name);
}

/** An empty database (a test of the migrations themselves); answers its URL. */
export const freshPostgres = (adminUrl: string): Promise<string> => createDatabase(adminUrl, 't');

/**
 * A database for one test server: a copy of the run's template when there is one
 * (SELLER_TEST_PG_TEMPLATE), else empty (the server migrates and seeds it). Answers its URL.
 */
export const seededPostgres = (adminUrl: string, prefix = 't'): Promise<string> => createDatabase(adminUrl, prefix, process.env.SELLER_TEST_PG_TEMPLATE);

export async function dropPostgres(adminUrl: string, dbUrl: string): Promise<void> {
  const name = new URL(dbUrl).pathname.slice(1);
  await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => undefined);
}

/** Creates, migrates and seeds the run's template database; answers its name. */
export async function buildPostgresTemplate(adminUrl: string): Promise<string> {
  const url = await createDatabase(adminUrl, 't_template');
  const o = await openDatabase({ databaseUrl: url });
  await seed(o.db);
  await o.close();
  return new URL(url).pathname.slice(1);
}

export const dropPostgresTemplate = (adminUrl: string, name: string): Promise<void> => dropPostgres(adminUrl, urlOf(adminUrl, name));
