/**
 * The marketplaces domain's consumers (docs/marketplaces.md "Events"):
 * - `marketplace-sync` pulls orders, offers and settlements through the connector after each tick;
 * - `marketplace-alerts` raises the alerts: a new MAP violation (`alerts.map_violation`, and the
 *   violation becomes `notified`) and a connector delivery dead-lettered (`alerts.connector_failed`,
 *   the account shows the error).
 */
import type { ConsumerContext } from '../../events/consumers';
import { defineConsumer, type ConsumerDef } from '../../events/types';
import { appendEvent } from '../../events/outbox';
import { CONNECTOR_ALERT_SUBJECT, LISTING_EVENTS, MAP_ALERT_SUBJECT, MARKETPLACE_EVENTS } from '../../../contract/listings';
import { DLQ_EVENTS } from '../../../contract/events';
import { MAP_ALERT_SOURCE } from '../../../contract/alerts';
import { syncAccount, syncMoreOrders } from './sync';
import { PUSH_CONSUMER } from '../listings/push';
import { VERIFY_CONSUMER } from './verify';

export const SYNC_CONSUMER = 'marketplace-sync';
export const ALERTS_CONSUMER = 'marketplace-alerts';
/** Consumers whose dead letters are connector failures. */
const CONNECTOR_CONSUMERS = new Set([PUSH_CONSUMER, SYNC_CONSUMER, VERIFY_CONSUMER]);
/** Consumers whose event payload id is the account's. */
const ACCOUNT_CONSUMERS = new Set([SYNC_CONSUMER, VERIFY_CONSUMER]);
/**
 * Order pages a sync pulls beyond its first, each in a transaction of its own: a backlog arrives in
 * one sync instead of a page per tick (docs/marketplaces.md "Connectors"). A retry starts from the cursor
 * the last committed page left.
 */
const MORE_ORDER_PAGES = 50;

export function marketplaceSyncConsumer(ctx: ConsumerContext): ConsumerDef {
  const env = { dataDir: process.env.DATA_DIR ?? './.data' };
  return defineConsumer({
    name: SYNC_CONSUMER,
    filterSubjects: [MARKETPLACE_EVENTS.ticked],
    agentName: 'marketplace-connector',
    async handle(msg) {
      const d = msg.data;
      const first = await ctx.db.transaction((tx) => syncAccount(tx, msg.tenantId, d.id, env, String(msg.tenantSeq), d.tick ?? null), { tenantId: msg.tenantId });
      let more = first?.more ?? false;
      for (let page = 0; more && page < MORE_ORDER_PAGES; page++) {
        more = await ctx.db.transaction((tx) => syncMoreOrders(tx, msg.tenantId, d.id, env, String(msg.tenantSeq)), { tenantId: msg.tenantId });
      }
    },
  });
}

export function marketplaceAlertsConsumer(ctx: ConsumerContext): ConsumerDef {
  return defineConsumer({
    name: ALERTS_CONSUMER,
    filterSubjects: [LISTING_EVENTS.violationOpened, DLQ_EVENTS.deadLettered],
    async handle(msg) {
      const ids = { causationId: String(msg.tenantSeq), correlationId: msg.correlationId ?? undefined };
      if (msg.subject === LISTING_EVENTS.violationOpened) {
        const v = msg.data;
        await ctx.db.transaction(async (tx) => {
          const r = await tx.query(`update map_violations set state = 'notified', notified_at = now() where id = $1 and state = 'open'`, [v.id]);
          if (r.rowCount === 0) return; // resolved meanwhile, or already notified (a redelivery)
          const who = v.source === 'own_listing' ? 'Your listing' : v.seller;
          await appendEvent(tx, msg.tenantId, MAP_ALERT_SUBJECT, {
            id: `map-${v.id}`,
            type: 'map_violation',
            severity: 'warning',
            level: 'warning',
            source: MAP_ALERT_SOURCE,
            message: `MAP violation on ${v.sku}: ${who} at $${(v.observed_price_cents / 100).toFixed(2)} (MAP $${(v.map_price_cents / 100).toFixed(2)})`,
            violation_id: v.id,
            listing_id: v.listing_id,
            sku: v.sku,
            created_at: new Date().toISOString(),
          }, ids);
        }, { tenantId: msg.tenantId });
        return;
      }
      const d = msg.data;
      if (!CONNECTOR_CONSUMERS.has(d.consumer)) return;
      await ctx.db.transaction(async (tx) => {
        const entry = await tx.query<{ payload: { id?: string }; last_error: string }>('select payload, last_error from dlq_entries where id = $1', [d.id]);
        const e = entry.rows[0];
        // the failing account shows the reason in Marketplace Setup
        const accountId = ACCOUNT_CONSUMERS.has(d.consumer) ? e?.payload?.id : (await tx.query<{ marketplace_id: string }>('select marketplace_id from listings where id = $1', [e?.payload?.id ?? null])).rows[0]?.marketplace_id;
        if (accountId) await tx.query(`update marketplace_accounts set status = 'error', error_message = $2, updated_at = now() where id = $1 and status <> 'paused'`, [accountId, e?.last_error ?? 'Connector failed']);
        await appendEvent(tx, msg.tenantId, CONNECTOR_ALERT_SUBJECT, {
          id: `dlq-${d.id}`,
          type: 'connector_failed',
          severity: 'high',
          level: 'error',
          source: d.consumer,
          message: `Marketplace connector failed after retries (${d.subject}): ${e?.last_error ?? 'unknown error'}`,
          dlq_id: d.id,
          marketplace_id: accountId ?? null,
          created_at: new Date().toISOString(),
        }, ids);
      }, { tenantId: msg.tenantId });
    },
  });
}
