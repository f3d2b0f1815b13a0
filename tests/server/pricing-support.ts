/** Helpers of the pricing suites: deterministic competitor offers on a listing, waiting for the repricer. */
import type { Harness } from './harness';
import { DEMO_TENANT } from './tokens';
import { consumersSettled } from './consumers-settled';

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
export const repricerSettled = (h: Harness, tenantId = DEMO_TENANT.id, ms = 20_000): Promise<void> => consumersSettled(h, ['repricer'], tenantId, ms);
