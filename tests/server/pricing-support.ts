/** Helpers of the pricing suites: deterministic competitor offers on a listing, waiting for the repricer. */
import type { Harness } from './harness';
import { DEMO_TENANT } from './tokens';

/** Puts exactly these offers (and the buy-box owner) on a listing, as a pull through the connector would. */
export async function setOffers(h: Harness, listingId: string, offers: { seller: string; price_cents: number; rating?: number; shipping_cents?: number }[], owner: string | null, tenantId = DEMO_TENANT.id): Promise<void> {
  const full = offers.map((o) => ({ seller: o.seller, price_cents: o.price_cents, shipping_cents: o.shipping_cents ?? 0, rating: o.rating ?? 95, is_buy_box: o.seller === owner }));
  const ownerPrice = owner === null ? null : owner === 'you' ? null : (full.find((o) => o.seller === owner)?.price_cents ?? null);
  await h.db.transaction(
    (tx) =>
      tx.query(
        `update listings set offers = $2, buy_box_owner = $3, buy_box_price_cents = coalesce($4, price_cents), competitors_count = $5,
                lowest_competitor_cents = (select min((x->>'price_cents')::int) from jsonb_array_elements($2::jsonb) x) where id = $1`,
        [listingId, JSON.stringify(full), owner, ownerPrice, full.length],
      ),
    { tenantId },
  );
}

/** Waits until the `repricer` consumer has settled every event written so far. */
export async function repricerSettled(h: Harness, tenantId = DEMO_TENANT.id, ms = 20_000): Promise<void> {
  const top = await h.db.transaction(async (tx) => Number((await tx.query<{ s: string }>('select coalesce(max(seq), 0) as s from events')).rows[0].s), { tenantId });
  const end = Date.now() + ms;
  for (;;) {
    const ok = await h.db.transaction(async (tx) => {
      const c = await tx.query<{ cursor: string }>(`select cursor from event_consumers where name = 'repricer'`);
      const d = await tx.query(`select 1 from consumer_deliveries where consumer = 'repricer' and seq <= $1 limit 1`, [top]);
      return c.rows[0] && Number(c.rows[0].cursor) >= top && d.rows.length === 0;
    }, { tenantId });
    if (ok) return;
    if (Date.now() > end) throw new Error('repricer did not settle');
    await new Promise((r) => setTimeout(r, 50));
  }
}
