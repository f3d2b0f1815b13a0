/**
 * One sandbox advance as a command: the ticks in the tenant's transaction, then `marketplaces.ticked`
 * for the sync consumer. The tenant's suppliers and carriers advance first, before the account's row
 * is taken: a sync of the account waits for that row, and its orders' arrival is counted from the
 * start of its page, so the row is held only for the marketplace's own part (docs/marketplaces.md
 * "Sandbox"). Every event is written last.
 */
import type { Tx } from '../../db';
import { appendEvents, newEvent } from '../../events/outbox';
import { MARKETPLACE_EVENTS } from '../../../contract/listings';
import type { MarketplaceKind, SandboxTickAnswer } from '../../../contract/marketplaces';
import { advanceSandbox } from '../../marketplaces/sandbox/tick';
import { advanceFulfillmentQuietly } from '../../dropship/sandbox/tick';
import { HttpError, notFound } from '../errors';

/** A tick needs a sandbox account that is not paused. */
function assertTickable(acc: { mode: string; status: string } | undefined): void {
  if (!acc) throw notFound('Marketplace');
  if (acc.mode !== 'sandbox') throw new HttpError(409, 'not_sandbox', 'Only a sandbox marketplace can be advanced');
  if (acc.status === 'paused') throw new HttpError(409, 'paused', 'The marketplace is paused; resume it first');
}

export async function tickAccount(tx: Tx, tenantId: string, id: string, ticks: number, ids: { correlationId?: string; causationId?: string }): Promise<SandboxTickAnswer> {
  assertTickable((await tx.query<{ mode: string; status: string }>('select mode, status from marketplace_accounts where tenant_id = $1 and id = $2', [tenantId, id])).rows[0]);
  // the sandbox suppliers and carriers share the clock (docs/dropshipping.md "Sandbox")
  const fulfillment = await advanceFulfillmentQuietly(tx, tenantId, ticks);
  const { rows } = await tx.query<{ id: string; tenant_id: string; kind: MarketplaceKind; mode: string; status: string; sandbox_order_rate: string; sandbox_tick: number }>(
    'select id, tenant_id, kind, mode, status, sandbox_order_rate, sandbox_tick from marketplace_accounts where tenant_id = $1 and id = $2 for no key update',
    [tenantId, id],
  );
  const acc = rows[0];
  assertTickable(acc); // paused meanwhile
  const r = await advanceSandbox(tx, { ...acc, sandbox_order_rate: Number(acc.sandbox_order_rate), sandbox_tick: Number(acc.sandbox_tick) }, ticks);
  await appendEvents(tx, tenantId, [...fulfillment.events, newEvent(MARKETPLACE_EVENTS.ticked, { id, tick: r.tick, ticks, orders_created: r.orders_created })], ids);
  return { marketplace_id: id, ...r };
}
