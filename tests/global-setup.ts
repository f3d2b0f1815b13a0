/**
 * Vitest global setup, run once before the workers start (they inherit what it puts in process.env):
 *
 * - The run's scratch directory. Server test files each start a server on a copy of a 70 MB PGlite
 *   data directory; on a disk that copy alone takes 1.5–3 s, in memory 0.15 s. So when /dev/shm is a
 *   memory file system with room to spare, the run's TMPDIR is a directory there (os.tmpdir() in every
 *   worker answers it); else the system's. `SELLER_TEST_TMPDIR` names another parent. The directory is
 *   removed at the end with whatever a failed test left in it.
 * - One PGlite template directory for the whole run: the server harness (tests/server/harness.ts)
 *   builds it once — initdb, migrations and seed take seconds — and every server starts from a copy.
 * - On PostgreSQL (TEST_DATABASE_URL), one migrated and seeded template database, built here, that
 *   each test's database is created from (`create database … template …`): a file copy in the
 *   server instead of the migrations and the seed again. Dropped at the end.
 */
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPostgresTemplate, dropPostgresTemplate } from './server/pg-template';

/** Free space a memory scratch directory must have: a few servers' data dirs per worker, with margin. */
const MIN_FREE_BYTES = 3 * 1024 ** 3;

function scratchParent(): string {
  if (process.env.SELLER_TEST_TMPDIR) return process.env.SELLER_TEST_TMPDIR;
  try {
    const s = statfsSync('/dev/shm');
    if (s.bavail * s.bsize >= MIN_FREE_BYTES) return '/dev/shm';
  } catch {
    // no /dev/shm (not Linux): the system's temp dir
  }
  return tmpdir();
}

export default async function setup(): Promise<() => Promise<void>> {
  const scratch = mkdtempSync(join(scratchParent(), 'seller-console-tests-'));
  process.env.TMPDIR = scratch;
  process.env.SELLER_TEST_PGLITE_TEMPLATE = join(scratch, 'pglite-template');
  const pgTemplate = process.env.TEST_DATABASE_URL ? await buildPostgresTemplate(process.env.TEST_DATABASE_URL) : undefined;
  if (pgTemplate) process.env.SELLER_TEST_PG_TEMPLATE = pgTemplate;
  return async () => {
    if (pgTemplate) await dropPostgresTemplate(process.env.TEST_DATABASE_URL!, pgTemplate);
    rmSync(scratch, { recursive: true, force: true });
  };
}
