/**
 * The embedded engine's table upkeep (docs/decisions.md "PGlite keeps its own statistics"): PGlite
 * has no autovacuum, so a table that grew keeps the planner's empty-table guesses until the app's
 * own pass analyzes it, and dead rows stay until it vacuums them. The pass runs as the app role.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDb } from '../../server/db';
import { maintainTables } from '../../server/db/maintenance';

const dataDir = mkdtempSync(join(tmpdir(), 'seller-maintenance-'));
const T = '33333333-3333-4333-8333-333333333333';
let o: OpenDb;

beforeAll(async () => {
  await (await openDatabase({ dataDir })).close(); // migrated
  const owner = await PGlite.create(dataDir);
  await owner.query(`insert into tenants (id, name) values ($1, 'Upkeep')`, [T]);
  await owner.close();
  o = await openDatabase({ dataDir });
}, 120_000);
afterAll(async () => {
  await o?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The planner's row estimate for the tenant's products. */
async function estimate(): Promise<number> {
  const { rows } = await o.db.transaction((tx) => tx.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`explain (format json) select * from products where tenant_id = $1`, [T]), { tenantId: T });
  return rows[0]['QUERY PLAN'][0].Plan['Plan Rows'];
}

describe('table upkeep on PGlite', () => {
  it('analyzes a table that grew, as the app role, so the planner sees its rows', async () => {
    const { rows } = await o.db.query<{ current_user: string }>('select current_user');
    expect(rows[0].current_user).toBe('seller_app');
    await o.db.transaction(
      (tx) => tx.query(`insert into products (tenant_id, handle, title, sku) select $1, 'h-' || g, 'Product ' || g, 'SKU-' || g from generate_series(1, 5000) g`, [T]),
      { tenantId: T },
    );
    expect(await estimate()).toBeLessThan(500);

    const first = await maintainTables(o.db);
    expect([...first.analyze, ...first.vacuum]).toContain('products');
    expect(await estimate()).toBeGreaterThan(4_000);

    // nothing changed since: the next pass leaves the table alone
    const second = await maintainTables(o.db);
    expect([...second.analyze, ...second.vacuum]).not.toContain('products');
  }, 60_000);

  it('vacuums a table with many dead rows', async () => {
    await o.db.transaction((tx) => tx.query(`delete from products where tenant_id = $1 and sku > 'SKU-3'`, [T]), { tenantId: T });
    const due = await maintainTables(o.db);
    expect(due.vacuum).toContain('products');
    const { rows } = await o.db.query<{ dead: string }>(`select n_dead_tup as dead from pg_stat_user_tables where relname = 'products'`);
    expect(Number(rows[0].dead)).toBe(0);
  }, 60_000);
});
