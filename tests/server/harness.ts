/**
 * Server test harness: a real server over HTTP on a real database.
 * PGlite by default: each harness clones a prepared, migrated and seeded data dir (initdb once per run).
 * With TEST_DATABASE_URL (CI's PostgreSQL pass) each harness gets its own fresh database.
 */
import { mkdtempSync, rmSync, cpSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Db } from '../../server/db';
import { loadConfig, type Config } from '../../server/config';
import { buildApp } from '../../server/app';
import { seed } from '../../server/seed';
import { dropPostgres, seededPostgres } from './pg-template';

export interface Harness {
  app: FastifyInstance;
  db: Db;
  config: Config;
  url: string;
  /** The engine's admin connection string on PostgreSQL (for RLS-bypassing assertions), else undefined. */
  databaseUrl?: string;
  dataDir: string;
  close(): Promise<void>;
}

/** One template per test run (tests/global-setup.ts), else one per process (a harness used outside Vitest). */
const TEMPLATE = process.env.SELLER_TEST_PGLITE_TEMPLATE ?? join(tmpdir(), `seller-console-template-${process.pid}`);

/**
 * The migrated and seeded template, built by the first test file that needs it. Two workers may race:
 * each builds into its own directory and renames it into place; the loser keeps the winner's.
 */
export async function pgliteTemplate(): Promise<string> {
  if (existsSync(join(TEMPLATE, 'READY'))) return TEMPLATE;
  const building = `${TEMPLATE}.${process.pid}-${randomBytes(4).toString('hex')}`;
  mkdirSync(building, { recursive: true });
  const o = await openDatabase({ dataDir: building, noLock: true });
  await seed(o.db);
  await o.close();
  writeFileSync(join(building, 'READY'), '');
  try {
    renameSync(building, TEMPLATE);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  if (!existsSync(join(TEMPLATE, 'READY'))) throw new Error(`PGlite template not ready at ${TEMPLATE}`);
  return TEMPLATE;
}

export { dropPostgres, freshPostgres } from './pg-template';

export interface ServerOptions {
  /** Turn the server's logger on and write its lines here (tests that read the log); off by default. */
  logStream?: NodeJS.WritableStream;
}

export async function startServer(overrides: Partial<Config> = {}, options: ServerOptions = {}): Promise<Harness> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'seller-console-test-'));
  let databaseUrl: string | undefined;
  if (adminUrl) {
    databaseUrl = await seededPostgres(adminUrl);
  } else {
    cpSync(await pgliteTemplate(), dataDir, { recursive: true });
  }
  const config = loadConfig({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    emailMinIntervalS: 0,
    otpIpLimit: 10_000,
    // rate limits are proven in their own test; other suites may write faster than a person
    rateLimitPerMin: 0,
    rateLimitWritesPerMin: 0,
    smtpUrl: undefined,
    natsUrl: undefined,
    supabaseUrl: undefined,
    jwtSecret: 'test-secret-' + randomBytes(8).toString('hex'),
    ...overrides,
  });
  const opened = await openDatabase({ dataDir, databaseUrl });
  await seed(opened.db);
  const app = await buildApp({ config, db: opened.db, logger: options.logStream !== undefined, logStream: options.logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const url = `http://127.0.0.1:${port}`;
  (config as { siteUrl?: string }).siteUrl ??= url;
  return {
    app,
    db: opened.db,
    config,
    url,
    databaseUrl,
    dataDir,
    async close() {
      await app.close();
      await opened.close();
      if (adminUrl && databaseUrl) await dropPostgres(adminUrl, databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
