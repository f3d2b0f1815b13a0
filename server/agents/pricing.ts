/**
 * Pricing Intelligence's run from /agents (docs/agents.md "Pricing Intelligence"): the repricer's
 * own sweep of the tenant (server/api/pricing/sweep.ts `sweepTenant`) and the pricing agent's
 * buy-box snapshot, as the scheduled sweep does them, recorded as a run.
 */
import type { Db } from '../db';
import { sweepTenant } from '../api/pricing/sweep';
import { snapshotTenant } from '../api/pricing/agent';

export async function runPricing(db: Db, tenantId: string): Promise<{ outputs: Record<string, number> }> {
  const r = await sweepTenant(db, tenantId);
  const alerts = await snapshotTenant(db, tenantId);
  return { outputs: { evaluated: r.evaluated, decisions: r.decisions, proposals: r.proposals, applied: r.applied, alerts } };
}
