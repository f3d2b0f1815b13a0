/**
 * Vitest global setup: names one PGlite template directory for the whole run. The server harness
 * (tests/server/harness.ts) builds it once — initdb, migrations and seed take seconds — and every test
 * file's server starts from a copy of it, whatever worker process runs the file. Removed at the end.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = join(tmpdir(), `seller-console-template-${process.pid}`);
  process.env.SELLER_TEST_PGLITE_TEMPLATE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
