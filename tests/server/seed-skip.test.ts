/**
 * A start on a seeded data dir skips the seeders (server/seed/index.ts `seeded`, docs/performance.md
 * "Start time"): one read per demo tenant finds its accounts and each domain's data, and the seed then
 * writes nothing; anything missing runs the whole seed again, which puts it back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db';
import { openDatabase } from '../../server/db';
import { NORTHWIND_TENANT } from '../../server/seed/accounts';
import { SEEDED_WHEN, domainSeeders, seed, seeded } from '../../server/seed';

const dataDir = mkdtempSync(join(tmpdir(), 'seller-seed-skip-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The Db with its transactions counted: every seeder writes in transactions. */
function counting(db: Db): { db: Db; transactions: () => number } {
  let n = 0;
  return {
    db: { ...db, transaction: (fn, opts) => (n++, db.transaction(fn, opts)) },
    transactions: () => n,
  };
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('seed on a seeded data dir', () => {
  it('every domain seeder has the condition the skip reads', () => {
    expect(domainSeeders.every((s) => SEEDED_WHEN.has(s))).toBe(true);
  });

  it('is skipped once everything is there, and runs again when a domain of a tenant has nothing', async () => {
    const o = await openDatabase({ dataDir });
    try {
      expect(await seeded(o.db)).toBe(false);
      await seed(o.db);
      expect(await seeded(o.db)).toBe(true);

      const again = counting(o.db);
      await seed(again.db);
      expect(again.transactions()).toBe(0);

      // Northwind's returns deleted: the next start seeds them again (and only them: the rest is there)
      const count = async () =>
        Number((await o.db.reader({ tenantId: NORTHWIND_TENANT.id }).query<{ n: string }>('select count(*) as n from returns where tenant_id = $1', [NORTHWIND_TENANT.id])).rows[0].n);
      const before = await count();
      expect(before).toBeGreaterThan(0);
      await o.db.transaction((tx) => tx.query('delete from returns where tenant_id = $1', [NORTHWIND_TENANT.id]), { tenantId: NORTHWIND_TENANT.id });
      expect(await seeded(o.db)).toBe(false);
      const rerun = counting(o.db);
      await seed(rerun.db);
      expect(rerun.transactions()).toBeGreaterThan(0);
      expect(await count()).toBe(before);
      expect(await seeded(o.db)).toBe(true);
    } finally {
      await o.close();
    }
  }, 300_000);
});
