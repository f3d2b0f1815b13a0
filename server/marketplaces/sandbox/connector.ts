/**
 * The sandbox marketplace behind the connector interface (docs/marketplaces.md "Sandbox"): its state
 * lives in the sandbox_* tables of the tenant's database, read and written in the consumer's
 * transaction. `sandbox_outage` on the account makes every call fail like a 503 (tests, demos).
 */
import type { Tx } from '../../db';
import type { AccountInfo, ListingPush, MarketplaceConnector, OffersSnapshot, PulledOrder, PulledSettlement, PushResult, TrackingPush } from '../connector';
import { sandboxGuard, sandboxOffersAcross, sandboxPushAcross } from './push';
import { feeCents } from '../../../contract/marketplaces';
import { buyerAddress } from './simulate';

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
      // one payout per settling tick; the fee is THE schedule's, per order (contract/marketplaces.ts
      // feeCents): its base is the order's items, sandbox orders ship free — the same fee the order
      // stored when it was pulled (server/domain/fees.ts)
      const { rows } = await tx.query<{ settled_tick: number; amount: number; created_at: Date }>(
        `select settled_tick, quantity * unit_price_cents as amount, created_at from sandbox_orders
          where marketplace_id = $1 and settled_tick > $2 order by settled_tick, seq`,
        [account.id, Number(cursor ?? 0)],
      );
      const byTick = new Map<number, PulledSettlement>();
      for (const r of rows) {
        const t = Number(r.settled_tick);
        const at = new Date(r.created_at);
        const s = byTick.get(t) ?? { externalId: `PAYOUT-${t}`, periodStart: at, periodEnd: at, ordersCount: 0, grossCents: 0, feesCents: 0, netCents: 0 };
        const amount = Number(r.amount);
        const fee = feeCents(account.kind, amount);
        s.ordersCount += 1;
        s.grossCents += amount;
        s.feesCents += fee;
        s.netCents += amount - fee;
        if (at < s.periodStart) s.periodStart = at;
        if (at > s.periodEnd) s.periodEnd = at;
        byTick.set(t, s);
      }
      const ticks = [...byTick.keys()];
      return { settlements: [...byTick.values()], cursor: ticks.length ? String(ticks[ticks.length - 1]) : cursor };
    },

    async pullOffers(externalIds): Promise<OffersSnapshot[]> {
      await guard();
      const found = await sandboxOffersAcross(tx, externalIds.map((externalId) => ({ accountId: account.id, externalId })));
      return found.get(account.id) ?? [];
    },
  };
}
