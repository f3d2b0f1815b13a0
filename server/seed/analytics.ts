/**
 * Analytics seed (docs/analytics.md "Rollup"): the demo tenants' orders were inserted without
 * events, so the daily rollup the consumer keeps is built here from the detail tables, every day
 * from the first order to today. Idempotent (a recompute writes the same rows).
 */
import type { Db } from '../db';
import { DEMO_TENANT, NORTHWIND_TENANT } from './accounts';
import { rebuildRollup } from '../api/analytics/rollup';

export async function seedAnalytics(db: Db): Promise<void> {
  for (const tenantId of [DEMO_TENANT.id, NORTHWIND_TENANT.id]) {
    await db.transaction((tx) => rebuildRollup(tx, tenantId), { tenantId });
  }
}
