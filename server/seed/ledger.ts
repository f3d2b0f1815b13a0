/**
 * Ledger seed (docs/ledger.md "Seeded history"): the demo tenants' history was inserted without
 * events, so its journal entries are written here, back-dated to when each fact happened
 * (server/ledger/history.ts). Runs after the other seeders; idempotent (each fact's entry has its
 * key, and a tenant whose books hold opening entries is skipped).
 */
import type { Db } from '../db';
import { DEMO_TENANT, NORTHWIND_TENANT } from './accounts';
import { postHistory } from '../ledger/history';

export async function seedLedger(db: Db): Promise<void> {
  for (const tenantId of [DEMO_TENANT.id, NORTHWIND_TENANT.id]) {
    await db.transaction((tx) => postHistory(tx, tenantId), { tenantId });
  }
}
