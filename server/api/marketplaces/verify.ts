/**
 * Verifying a live account (docs/marketplaces.md "Accounts"): the `marketplace-verify` consumer runs
 * the connector's `verify` when a live account is linked or asked to reconnect (status `pending`),
 * never inside the request. Verified → `connected`; refused (bad token, not a shop) → `error` with
 * the marketplace's reason; an outage throws and is retried like every connector call.
 */
import type { Tx } from '../../db';
import type { ConsumerContext } from '../../events/consumers';
import { defineConsumer, type ConsumerDef } from '../../events/types';
import { appendEvent } from '../../events/outbox';
import { MARKETPLACE_EVENTS } from '../../../contract/listings';
import { connectorFor, loadAccount, type ConnectorEnv } from '../../marketplaces/registry';

export const VERIFY_CONSUMER = 'marketplace-verify';

export async function verifyAccount(tx: Tx, tenantId: string, accountId: string, env: ConnectorEnv, causationId?: string): Promise<'verified' | 'refused' | 'skipped'> {
  const account = await loadAccount(tx, accountId);
  if (!account || account.mode !== 'live' || account.status !== 'pending') return 'skipped';
  const r = await connectorFor(tx, account, env).verify();
  await tx.query(
    `update marketplace_accounts set status = $2, error_message = $3, last_sync_at = case when $2 = 'connected' then now() else last_sync_at end, updated_at = now()
      where id = $1 and status = 'pending'`,
    [accountId, r.ok ? 'connected' : 'error', r.ok ? null : r.message],
  );
  await appendEvent(tx, tenantId, MARKETPLACE_EVENTS.verified, { id: accountId, kind: account.kind, ok: r.ok, status: r.ok ? 'connected' : 'error', message: r.ok ? null : r.message }, { causationId });
  return r.ok ? 'verified' : 'refused';
}

export function marketplaceVerifyConsumer(ctx: ConsumerContext): ConsumerDef {
  const env: ConnectorEnv = { dataDir: process.env.DATA_DIR ?? './.data' };
  return defineConsumer({
    name: VERIFY_CONSUMER,
    filterSubjects: [MARKETPLACE_EVENTS.linked, MARKETPLACE_EVENTS.updated],
    agentName: 'marketplace-connector',
    async handle(msg) {
      const d = msg.data;
      if (d.status !== 'pending') return;
      await ctx.db.transaction((tx) => verifyAccount(tx, msg.tenantId, d.id, env, String(msg.tenantSeq)), { tenantId: msg.tenantId });
    },
  });
}
