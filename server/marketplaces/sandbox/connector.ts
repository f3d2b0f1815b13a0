/**
 * The sandbox marketplace behind the connector interface (docs/marketplaces.md "Sandbox"): its state
 * lives in the sandbox_* tables of the tenant's database, read and written in the consumer's
 * transaction. `sandbox_outage` on the account makes every call fail like a 503 (tests, demos).
 */
import type { Tx } from '../../db';
import type { AccountInfo, ListingPush, MarketplaceConnector, OffersSnapshot, PulledOrder, PulledSettlement, PushResult, TrackingPush } from '../connector';
import { sandboxGuard, sandboxOffersAcross, sandboxPushAcross } from './push';
import { buyerAddress } from './simulate';
import { demoCustomerEmail } from '../../domain/demo-customers';
import { payoutsOf } from './payouts';
import { loadFeeBook } from '../../domain/fee-book';

/**
 * Orders handed over per pull, as a marketplace's API pages them. A page is written in one
 * transaction, and its orders count as arrived from that transaction's start: at 10,000 orders,
 * pages of 1,000 put them before the router sooner than pages of 2,000 (p95 wait for a purchase
 * order 1.5–2.0 s against 1.9–2.2 s on PostgreSQL; docs/performance.md "Dropshipping").
 */
export const ORDER_PAGE = 1_000;

export function sandboxConnector(tx: Tx, account: AccountInfo): MarketplaceConnector {
  const guard = async () => (await sandboxGuard(tx, [account.id])).get(account.id)!;
  // the orders' tracking numbers in one statement
  const pushTrackings = async (items: TrackingPush[]) => {
    await guard();
    await tx.query(
      `update sandbox_orders so set tracking_number = u.t, carrier = u.c from unnest($2::text[], $3::text[], $4::text[]) as u(ext, t, c)
        where so.marketplace_id = $1 and so.external_id = u.ext`,
      [account.id, items.map((i) => i.orderExternalId), items.map((i) => i.trackingNumber), items.map((i) => i.carrier)],
    );
  };

  return {
    async verify() {
      await guard();
      return { ok: true };
    },

    async pushListing(p: ListingPush): Promise<PushResult> {
      return (await sandboxPushAcross(tx, [{ account, ps: [p] }]))[0][0];
    },

    async pullOrders(cursor) {
      await guard();
      const { rows } = await tx.query<{ seq: string; external_id: string; item_external_id: string; quantity: number; unit_price_cents: number; buyer: string; created_at: Date }>(
        // ordered by the number itself: \`order by seq\` would name the text column above and page
        // '1', '10', '100', … so the cursor (the page's last) would jump past orders never pulled
        `select seq::text, external_id, item_external_id, quantity, unit_price_cents, buyer, created_at from sandbox_orders
          where marketplace_id = $1 and seq > $2::bigint order by sandbox_orders.seq limit ${ORDER_PAGE}`,
        [account.id, cursor ?? '0'],
      );
      const orders: PulledOrder[] = rows.map((r) => ({
        externalId: r.external_id,
        itemExternalId: r.item_external_id,
        quantity: Number(r.quantity),
        unitPriceCents: Number(r.unit_price_cents),
        buyer: r.buyer,
        // made up from the name, as the seed's (docs/commerce.md "Customer emails")
        buyerEmail: demoCustomerEmail(r.buyer),
        shipTo: buyerAddress(account.id, r.external_id, r.buyer),
        createdAt: new Date(r.created_at),
      }));
      return { orders, cursor: rows.length ? rows[rows.length - 1].seq : cursor, more: rows.length === ORDER_PAGE };
    },

    async pushTracking(orderExternalId, t) {
      await pushTrackings([{ orderExternalId, carrier: t.carrier, trackingNumber: t.trackingNumber }]);
    },

    pushTrackings,

    async pullSettlements(cursor) {
      await guard();
      // one payout per settling tick, with its lines (./payouts.ts, docs/payouts.md "Sandbox
      // payouts"): the orders of the ticks after the cursor and those of the payout just before
      // (whose reserve the next one releases), the account's first settling tick and its clock
      const after = Number(cursor ?? 0);
      const { rows } = await tx.query<{ external_id: string; amount: number | string; created_at: Date; settled_tick: number; settled_at: Date | null; first_tick: number | null; current_tick: number }>(
        `with a as (
           select (select min(settled_tick) from sandbox_orders where marketplace_id = $1) as first_tick,
                  (select max(settled_tick) from sandbox_orders where marketplace_id = $1 and settled_tick <= $2) as prev_tick,
                  (select sandbox_tick from marketplace_accounts where id = $1) as current_tick
         )
         select o.external_id, o.quantity * o.unit_price_cents as amount, o.created_at, o.settled_tick, o.settled_at, a.first_tick, a.current_tick
           from a join sandbox_orders o on o.marketplace_id = $1 and o.settled_tick >= coalesce(a.prev_tick, $2 + 1)
          order by o.settled_tick, o.seq`,
        [account.id, after],
      );
      if (rows.length === 0) return { settlements: [], cursor };
      // the marketplace charges the tenant's negotiated rate in force at each order's time (docs/settings.md "Fee overrides"), read once per pull
      const fees = await loadFeeBook(tx, account.tenantId);
      const payouts = payoutsOf({
        accountId: account.id, kind: account.kind, after, scheduleAt: (at) => fees.at(account.kind, at), firstTick: rows[0].first_tick === null ? null : Number(rows[0].first_tick), currentTick: Number(rows[0].current_tick),
        orders: rows.map((r) => ({ external_id: r.external_id, amount_cents: Number(r.amount), created_at: new Date(r.created_at), settled_tick: Number(r.settled_tick), settled_at: r.settled_at ? new Date(r.settled_at) : null })),
      });
      // the cursor stays before a payout still in transit: the next pull answers it again, paid
      const inTransit = payouts.find((x) => x.status !== 'paid');
      const paid = payouts.filter((x) => x.status === 'paid');
      const next = inTransit ? (paid.length ? paid[paid.length - 1].tick : after) : payouts.length ? payouts[payouts.length - 1].tick : after;
      const settlements: PulledSettlement[] = payouts.map(({ tick: _t, error: _e, reserveHeldCents: _r, missingOrder: _m, ...s }) => s);
      return { settlements, cursor: String(next) };
    },

    async pullOffers(externalIds): Promise<OffersSnapshot[]> {
      await guard();
      const found = await sandboxOffersAcross(tx, externalIds.map((externalId) => ({ accountId: account.id, externalId })));
      return found.get(account.id) ?? [];
    },
  };
}
