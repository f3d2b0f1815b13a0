/**
 * The demo tenant's automation (docs/dropshipping.md "Switching automation on"): a freshly seeded Demo
 * Store starts with it on, so `npm start` shows orders flowing from arrival to delivered without a
 * click; the orders the seed left waiting are taken in as when a seller switches it on. A new tenant
 * stays opt-in. DEMO_AUTOMATION=off seeds it off (the end-to-end server, whose tests work pending
 * orders by hand); under the test runner it is off unless DEMO_AUTOMATION says otherwise.
 */
import type { Db } from '../db';
import { appendEvent } from '../events/outbox';
import { FULFILLMENT_EVENTS } from '../../contract/fulfillment-events';
import { countWaiting } from '../api/fulfillment/intake';

export function demoAutomation(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.DEMO_AUTOMATION?.trim().toLowerCase();
  if (v) return !['off', '0', 'false', 'no'].includes(v);
  return !env.VITEST;
}

/** Switches the tenant's automation on as the seed, and asks for its waiting orders to be taken in. */
export async function seedAutomationOn(db: Db, tenantId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into fulfillment_settings (tenant_id, automation_enabled) values ($1, true)
       on conflict (tenant_id) do update set automation_enabled = true, updated_at = now()`,
      [tenantId],
    );
    await appendEvent(tx, tenantId, FULFILLMENT_EVENTS.intake, { id: tenantId, by: 'seed', waiting: await countWaiting(tx, tenantId) });
  }, { tenantId });
}
