/**
 * Start time (docs/decisions.md "One PGlite open at start"): a start on a migrated data dir opens
 * PGlite once, as the app role (row-level security applies); a fresh or not yet migrated one is
 * opened as the owner to migrate first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db';
import { listMigrations } from '../../server/db/migrate';

const dataDir = mkdtempSync(join(tmpdir(), 'seller-open-once-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function opensDuring(fn: () => Promise<void>): Promise<(string | undefined)[]> {
  const spy = vi.spyOn(PGlite, 'create');
  try {
    await fn();
    return spy.mock.calls.map((c) => (c[1] as { username?: string } | undefined)?.username);
  } finally {
    spy.mockRestore();
  }
}

// PGlite only: the PostgreSQL pass (TEST_DATABASE_URL) opens no PGlite
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('opening PGlite at start', () => {
  it('migrates a fresh dir as the owner, then opens a migrated dir once as the app role', async () => {
    const first = await opensDuring(async () => {
      const o = await openDatabase({ dataDir });
      expect(o.migrated).toEqual(listMigrations().map((m) => m.version));
      await o.close();
    });
    // (PGlite's own initdb of a fresh dir may open it once more as the owner)
    expect(first[0]).toBeUndefined();
    expect(first.at(-1)).toBe('seller_app');

    const second = await opensDuring(async () => {
      const o = await openDatabase({ dataDir });
      expect(o.migrated).toEqual([]);
      const { rows } = await o.db.query<{ current_user: string }>('select current_user');
      expect(rows[0].current_user).toBe('seller_app');
      await o.close();
    });
    expect(second).toEqual(['seller_app']);
  }, 120_000);

  it('runs the owner steps again when the marker is missing (a data dir from an older version)', async () => {
    const owner = await PGlite.create(dataDir);
    await owner.query('comment on table schema_migrations is null');
    await owner.close();
    const opens = await opensDuring(async () => {
      const o = await openDatabase({ dataDir });
      expect(o.migrated).toEqual([]);
      await o.close();
    });
    expect(opens).toEqual(['seller_app', undefined, 'seller_app']);
  }, 120_000);
});
