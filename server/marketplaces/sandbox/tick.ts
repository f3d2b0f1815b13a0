/**
 * Advancing a sandbox marketplace (docs/marketplaces.md "Sandbox"): the marketplace's own side moves
 * — competitor prices, orders buyers place, payouts — and nothing of ours. Our side learns of it
 * through the connector in the sync consumer, as it would from a real marketplace.
 */
import type { Tx } from '../../db';
import { FEE_SCHEDULES, type MarketplaceKind } from '../../../contract/marketplaces';
import { buyBoxOf, moveOffers, ordersOfTick, type SimOffer, type SimOrder } from './simulate';

export interface SandboxAccount {
  id: string;
  tenant_id: string;
  kind: MarketplaceKind;
  sandbox_order_rate: number;
  sandbox_tick: number;
}

export interface TickResult {
  tick: number;
  ticks: number;
  orders_created: number;
  offers_changed: number;
  settlements_created: number;
}

export async function advanceSandbox(tx: Tx, acc: SandboxAccount, ticks: number): Promise<TickResult> {
  const items = await tx.query<{ external_id: string; price_cents: number; quantity: number }>(
    `select external_id, price_cents, quantity from sandbox_items where marketplace_id = $1 and status = 'active' order by external_id`,
    [acc.id],
  );
  const offerRows = await tx.query<SimOffer & { external_id: string }>(
    `select external_id, seller, base_price_cents, price_cents, shipping_cents, rating from sandbox_offers
      where marketplace_id = $1 order by external_id, seller`,
    [acc.id],
  );
  const offers = new Map<string, SimOffer[]>();
  for (const o of offerRows.rows) {
    const l = offers.get(o.external_id) ?? [];
    l.push({ seller: o.seller, base_price_cents: Number(o.base_price_cents), price_cents: Number(o.price_cents), shipping_cents: Number(o.shipping_cents), rating: Number(o.rating) });
    offers.set(o.external_id, l);
  }
  const stock = new Map(items.rows.map((i) => [i.external_id, Number(i.quantity)]));
  const rate = Number(acc.sandbox_order_rate);
  const cadence = FEE_SCHEDULES[acc.kind].payout_every_days;
  const orders: (SimOrder & { tick: number })[] = [];
  let tick = Number(acc.sandbox_tick);
  let payouts = 0;
  const payoutTicks: number[] = [];
  for (let n = 0; n < ticks; n++) {
    tick += 1;
    for (const [ext, list] of offers) offers.set(ext, moveOffers(acc.id, tick, ext, list));
    const sim = items.rows.map((i) => ({
      external_id: i.external_id,
      price_cents: Number(i.price_cents),
      quantity: stock.get(i.external_id) ?? 0,
      has_buy_box: buyBoxOf(Number(i.price_cents), offers.get(i.external_id) ?? []).owner === 'you',
    }));
    for (const o of ordersOfTick(acc.id, acc.kind, tick, sim, rate)) {
      stock.set(o.item_external_id, (stock.get(o.item_external_id) ?? 0) - o.quantity);
      orders.push({ ...o, tick });
    }
    if (tick % cadence === 0) payoutTicks.push(tick);
  }
  const moved = [...offers.entries()].flatMap(([ext, l]) => l.map((o) => ({ ext, ...o })));
  if (moved.length) {
    await tx.query(
      `update sandbox_offers o set price_cents = u.p from unnest($2::text[], $3::text[], $4::int[]) as u(e, s, p)
        where o.marketplace_id = $1 and o.external_id = u.e and o.seller = u.s`,
      [acc.id, moved.map((m) => m.ext), moved.map((m) => m.seller), moved.map((m) => m.price_cents)],
    );
  }
  if (orders.length) {
    await tx.query(
      `insert into sandbox_orders (tenant_id, marketplace_id, external_id, tick, item_external_id, quantity, unit_price_cents, buyer)
       select $1, $2, u.e, u.t, u.i, u.q, u.p, u.b from unnest($3::text[], $4::int[], $5::text[], $6::int[], $7::int[], $8::text[]) as u(e, t, i, q, p, b)
       order by u.t, u.e`,
      [acc.tenant_id, acc.id, orders.map((o) => o.external_id), orders.map((o) => o.tick), orders.map((o) => o.item_external_id), orders.map((o) => o.quantity), orders.map((o) => o.unit_price_cents), orders.map((o) => o.buyer)],
    );
    await tx.query(
      `update sandbox_items i set quantity = greatest(0, u.q) from unnest($2::text[], $3::int[]) as u(e, q) where i.marketplace_id = $1 and i.external_id = u.e`,
      [acc.id, [...stock.keys()], [...stock.values()]],
    );
  }
  // each payout tick settles every order taken up to it that no earlier payout settled
  for (const t of payoutTicks) {
    const r = await tx.query('update sandbox_orders set settled_tick = $2, settled_at = now() where marketplace_id = $1 and settled_tick is null and tick <= $2', [acc.id, t]);
    if (r.rowCount > 0) payouts += 1;
  }
  await tx.query('update marketplace_accounts set sandbox_tick = $2, updated_at = now() where id = $1', [acc.id, tick]);
  return { tick, ticks, orders_created: orders.length, offers_changed: moved.length, settlements_created: payouts };
}
