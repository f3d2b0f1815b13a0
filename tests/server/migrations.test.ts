/**
 * docs/product/architecture.md: migrations are recorded and never re-applied, the seed is idempotent — on PGlite
 * and (TEST_DATABASE_URL) on PostgreSQL; a second process on the same DATA_DIR is refused.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../server/db';
import { DataDirLockedError } from '../../server/db/lock';
import { listMigrations } from '../../server/db/migrate';
import { seed } from '../../server/seed';
import { DEMO_TENANT, NORTHWIND_TENANT } from '../../server/seed/accounts';
import { dropPostgres, freshPostgres } from './harness';

const adminUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const TABLES = ['tenants', 'profiles', 'products', 'product_variants', 'suppliers', 'supplier_performance', 'orders', 'order_items', 'feature_flags'];

async function snapshot(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of [DEMO_TENANT, NORTHWIND_TENANT]) {
    for (const table of TABLES) {
      const { rows } = await db.transaction((tx) => tx.query<{ n: number }>(`select count(*)::int as n from ${table}`), { tenantId: t.id });
      out[`${t.name}.${table}`] = Number(rows[0].n);
    }
  }
  const users = await db.query<{ n: number }>('select count(*)::int as n from auth.users');
  out['auth.users'] = Number(users.rows[0].n);
  return out;
}

async function target(): Promise<{ dataDir?: string; databaseUrl?: string }> {
  if (adminUrl) {
    const databaseUrl = await freshPostgres(adminUrl);
    cleanups.push(() => dropPostgres(adminUrl, databaseUrl));
    return { databaseUrl };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'seller-migrate-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { dataDir };
}

describe(`migrations and seed on ${adminUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('applies every migration once, records it, and changes nothing on a second start', async () => {
    const where = await target();
    const first = await openDatabase(where);
    expect(first.migrated).toEqual(listMigrations().map((m) => m.version));
    await seed(first.db);
    const before = await snapshot(first.db);
    expect(before['Demo Store.tenants']).toBe(1);
    expect(before['Demo Store.profiles']).toBe(3);
    expect(before['Northwind Outlet.profiles']).toBe(1);
    expect(before['Demo Store.orders']).toBeGreaterThan(0);
    await first.close();

    const second = await openDatabase(where);
    expect(second.migrated).toEqual([]);
    await seed(second.db);
    await seed(second.db);
    expect(await snapshot(second.db)).toEqual(before);
    const { rows } = await second.db.query<{ current_user: string }>('select current_user');
    expect(rows[0].current_user).toBe('seller_app');
    await second.close();
  }, 120_000);
});

describe.skipIf(Boolean(adminUrl))('one process per DATA_DIR', () => {
  it('refuses a second server on a data dir held by a live process, with a clear message', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seller-lock-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    cleanups.push(() => void other.kill());
    writeFileSync(join(dataDir, 'server.lock'), String(other.pid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by another server process \(pid \d+\)/);
    other.kill();
    await new Promise((r) => other.once('exit', r));
    // the holder is gone: its stale lock is taken over
    const o = await openDatabase({ dataDir });
    await o.close();
  }, 60_000);
});
