/**
 * Pulling what happened on a marketplace (docs/marketplaces.md "Connectors"): orders since the account's
 * cursor become orders through the one order insert (marketplace + external id unique), competitor
 * offers and buy-box owners land on our listings and are checked against MAP, payouts are kept with
 * their lines (server/api/payouts/store.ts).
 * Runs in the `marketplace-sync` consumer after every sandbox tick (`marketplaces.ticked`).
 */
import type { Tx } from '../../db';
import { appendEvents, newEvent, type EventIds } from '../../events/outbox';
import { insertOrders, type NewOrder } from '../orders/insert';
import { connectorFor, loadAccount, type AccountRow, type ConnectorEnv } from '../../marketplaces/registry';
import type { MarketplaceConnector } from '../../marketplaces/connector';
import { applyOffers } from '../listings/push';
import { refreshViolations } from '../listings/violations';
import { emitViolations } from '../listings/history';
import { storePayouts } from '../payouts/store';

export interface SyncResult {
  /** The marketplace has more orders waiting than one page: `syncMoreOrders` pulls the next. */
  more: boolean;
  orders: number;
  settlements: number;
  listings: number;
  violations_opened: number;
  violations_resolved: number;
}

export async function syncAccount(tx: Tx, tenantId: string, accountId: string, env: ConnectorEnv, causationId?: string, tick: number | null = null): Promise<SyncResult | null> {
  const account = await loadAccount(tx, accountId);
  if (!account || account.status === 'paused') return null;
  const connector = connectorFor(tx, account, env);
  // one sync of an account at a time; NO KEY: a listing or order written meanwhile checks its
  // foreign key to this row (FOR KEY SHARE), which a plain FOR UPDATE would make wait for the whole
  // sync (the repricer's price write after its own offer write did, and deadlocked with it)
  const cur = await tx.query<{ orders_cursor: string | null; settlements_cursor: string | null }>(
    'select orders_cursor, settlements_cursor from marketplace_accounts where id = $1 for no key update',
    [accountId],
  );
  const ids = { causationId };

  const page = await pullOrderPage(tx, tenantId, account, connector, cur.rows[0].orders_cursor, ids);

  // offers and the buy box of every item we have there
  const listed = await tx.query<{ id: string; external_id: string }>(
    `select id, external_id from listings where marketplace_id = $1 and external_id is not null and status in ('active', 'paused', 'error')`,
    [accountId],
  );
  const snaps = await connector.pullOffers(listed.rows.map((r) => r.external_id));
  await applyOffers(tx, accountId, snaps);
  const check = await refreshViolations(tx, tenantId, listed.rows.map((r) => r.id), tick);
  await emitViolations(tx, tenantId, check, ids);

  // payouts with their lines (server/api/payouts/store.ts), once every order is in: a payout's
  // lines then find the orders they paid
  let settlements = 0;
  let settlementsCursor = cur.rows[0].settlements_cursor;
  if (!page.more) {
    const st = await connector.pullSettlements(settlementsCursor);
    settlements = (await storePayouts(tx, tenantId, account, st.settlements, 'connector', ids)).filter((p) => p.created).length;
    settlementsCursor = st.cursor;
  }
  await tx.query(
    `update marketplace_accounts set orders_cursor = $2, settlements_cursor = $3, last_sync_at = now(),
            status = case when status = 'error' then 'connected' else status end, error_message = case when status = 'error' then null else error_message end
      where id = $1`,
    [accountId, page.cursor, settlementsCursor],
  );
  return { more: page.more, orders: page.created, settlements, listings: listed.rows.length, violations_opened: check.opened.length, violations_resolved: check.resolved.length };
}

/** Orders since `cursor`, a page of them, made our orders (marketplace + external id unique) with their `orders.created` events. */
async function pullOrderPage(tx: Tx, tenantId: string, account: AccountRow, connector: MarketplaceConnector, cursor: string | null, ids: EventIds) {
  const pulled = await connector.pullOrders(cursor);
  let created = 0;
  if (pulled.orders.length) {
    // each order mapped to our listing by the item's external id
    const known = await tx.query<{ external_order_id: string }>(
      'select external_order_id from orders where tenant_id = $1 and marketplace = $2 and external_order_id = any($3::text[])',
      [tenantId, account.kind, pulled.orders.map((o) => o.externalId)],
    );
    const seen = new Set(known.rows.map((r) => r.external_order_id));
    const items = await tx.query<{ external_id: string; product_id: string; variant_id: string; sku: string; title: string }>(
      'select external_id, product_id, variant_id, sku, title from listings where marketplace_id = $1 and external_id = any($2::text[])',
      [account.id, [...new Set(pulled.orders.map((o) => o.itemExternalId))]],
    );
    const byItem = new Map(items.rows.map((r) => [r.external_id, r]));
    // an order with no address to ship to (nothing to ship) is not ours to fulfil: docs/marketplaces.md "Connectors"
    const fresh: NewOrder[] = pulled.orders
      .filter((o) => !seen.has(o.externalId) && byItem.has(o.itemExternalId) && o.shipTo)
      .map((o) => {
        const l = byItem.get(o.itemExternalId)!;
        return {
          marketplace: account.kind,
          external_order_id: o.externalId,
          customer_name: o.buyer,
          customer_email: o.buyerEmail ?? null,
          ship_to: o.shipTo!,
          status: 'pending',
          currency: 'USD',
          shipping_cents: 0,
          tax_cents: 0,
          created_at: o.createdAt,
          items: [{ sku: l.sku, title: l.title, quantity: o.quantity, unit_price_cents: o.unitPriceCents, product_id: l.product_id, variant_id: l.variant_id }],
          // the account's name, sandbox or live (its mode is shown with the account): docs/commerce.md "Order statuses"
          actor: account.name,
        };
      });
    if (fresh.length) {
      const orderIds = await insertOrders(tx, tenantId, fresh);
      created = orderIds.length;
      // one statement for the page's events (the outbox's ordering lock once, not once per order)
      await appendEvents(tx, tenantId, orderIds.map((id, i) => newEvent('orders.created', { id, marketplace: account.kind, external_order_id: fresh[i].external_order_id, source: 'marketplace' })), ids);
    }
  }
  // a page that did not move the cursor has nothing after it, whatever the connector says
  return { created, cursor: pulled.cursor, more: !!pulled.more && pulled.cursor !== cursor };
}

/**
 * The next page of a marketplace's waiting orders, in a transaction of its own, so a backlog (after a
 * pause, or a burst of sales) arrives in one sync and the first page is being routed while the next
 * is pulled (docs/marketplaces.md "Connectors").
 */
export async function syncMoreOrders(tx: Tx, tenantId: string, accountId: string, env: ConnectorEnv, causationId?: string): Promise<boolean> {
  const account = await loadAccount(tx, accountId);
  if (!account || account.status === 'paused') return false;
  const cur = await tx.query<{ orders_cursor: string | null }>('select orders_cursor from marketplace_accounts where id = $1 for no key update', [accountId]);
  const page = await pullOrderPage(tx, tenantId, account, connectorFor(tx, account, env), cur.rows[0].orders_cursor, { causationId });
  await tx.query('update marketplace_accounts set orders_cursor = $2, last_sync_at = now() where id = $1', [accountId, page.cursor]);
  return page.more;
}
