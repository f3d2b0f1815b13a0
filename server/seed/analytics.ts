/**
 * Analytics seed (docs/analytics.md "Rollup"): the demo tenants' orders were inserted without
 * events, so the daily rollup the consumer keeps is built here from the detail tables, every day
 * from the first order to today; so is any other tenant's whose orders have no rollup yet (a data
 * dir from before 0042_analytics_daily.sql: the seed runs again there, its demo tenants lacking rows).
 * Idempotent (a recompute writes the same rows).
 */
import type { Db } from '../db';
import { DEMO_TENANT, NORTHWIND_TENANT } from './accounts';
import { rebuildRollup } from '../api/analytics/rollup';

export async function seedAnalytics(db: Db): Promise<void> {
  const others = await db.query<{ id: string }>('select id::text as id from tenants order by id');
  const tenants = [...new Set([DEMO_TENANT.id, NORTHWIND_TENANT.id, ...others.rows.map((t) => t.id)])];
  for (const tenantId of tenants) {
    await db.transaction(async (tx) => {
      const has = await tx.query('select 1 from analytics_daily where tenant_id = $1 limit 1', [tenantId]);
      if (has.rows.length === 0) await rebuildRollup(tx, tenantId);
    }, { tenantId });
  }
}
