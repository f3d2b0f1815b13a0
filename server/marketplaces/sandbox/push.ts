/**
 * Listing pushes into the sandbox marketplace, a batch at a time (docs/marketplaces.md "Sandbox"):
 * one read of the items that exist, then one multi-row write each for new items, their competitor
 * offers and updated items. A push carries the whole listing, so every answer is the same as
 * pushing the listings one after another.
 */
import type { Tx } from '../../db';
import type { AccountInfo, ListingPush, PushResult } from '../connector';
import { initialOffers, rngOf, type SimOffer } from './simulate';
import { MISSING_IMAGE } from './reasons';

const PREFIX = { amazon: 'ASIN-SBX', ebay: 'EBAY-SBX', walmart: 'WM-SBX', shopify: 'SHOP-SBX' } as const;

const itemStatus = (p: ListingPush) => (p.action === 'end' ? 'ended' : p.active ? 'active' : 'inactive');

/** The item id a new listing gets on this account: derived from the listing, so a re-create finds the same id. */
export const sandboxExternalId = (account: AccountInfo, listingId: string) =>
  `${PREFIX[account.kind]}-${Math.floor(rngOf(account.id, listingId, 'id')() * 1e10).toString(36).toUpperCase().padStart(7, '0')}`;

export async function sandboxPushListings(tx: Tx, account: AccountInfo, tick: number, ps: ListingPush[]): Promise<PushResult[]> {
  const known = ps.map((p) => p.externalId).filter((e): e is string => !!e);
  const existing = new Set(
    known.length === 0
      ? []
      : (await tx.query<{ external_id: string }>('select external_id from sandbox_items where marketplace_id = $1 and external_id = any($2::text[])', [account.id, known])).rows.map(
          (r) => r.external_id,
        ),
  );
  const created: { p: ListingPush; externalId: string }[] = [];
  const updated: { p: ListingPush; externalId: string }[] = [];
  const results = ps.map((p): PushResult => {
    if (p.action !== 'end' && p.images.length === 0) return { ok: false, reason: MISSING_IMAGE[account.kind] };
    if (p.externalId && existing.has(p.externalId)) {
      updated.push({ p, externalId: p.externalId });
      return { ok: true, externalId: p.externalId };
    }
    if (p.action === 'end') return { ok: true, externalId: p.externalId ?? '' };
    const externalId = sandboxExternalId(account, p.listingId);
    created.push({ p, externalId });
    return { ok: true, externalId };
  });
  if (created.length > 0) {
    await tx.query(
      `insert into sandbox_items (tenant_id, marketplace_id, external_id, listing_id, title, price_cents, quantity, status, image_url, created_tick)
       select $1, $2, u.e, u.l, u.t, u.p, u.q, u.s, u.i, $3
         from unnest($4::text[], $5::uuid[], $6::text[], $7::int[], $8::int[], $9::text[], $10::text[]) as u(e, l, t, p, q, s, i)`,
      [
        account.tenantId, account.id, tick,
        created.map((c) => c.externalId), created.map((c) => c.p.listingId), created.map((c) => c.p.title), created.map((c) => c.p.priceCents),
        created.map((c) => c.p.quantity), created.map((c) => (c.p.active ? 'active' : 'inactive')), created.map((c) => c.p.images[0]?.url ?? null),
      ],
    );
    await insertOffers(tx, account, created.flatMap((c) => initialOffers(account.id, c.externalId, c.p.priceCents).map((o) => ({ ...o, externalId: c.externalId }))));
  }
  if (updated.length > 0) {
    await tx.query(
      `update sandbox_items s set title = u.t, price_cents = u.p, quantity = u.q, status = u.s, image_url = coalesce(u.i, s.image_url)
         from unnest($2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[]) as u(e, t, p, q, s, i)
        where s.marketplace_id = $1 and s.external_id = u.e`,
      [
        account.id, updated.map((c) => c.externalId), updated.map((c) => c.p.title), updated.map((c) => c.p.priceCents), updated.map((c) => c.p.quantity),
        updated.map((c) => itemStatus(c.p)), updated.map((c) => c.p.images[0]?.url ?? null),
      ],
    );
  }
  return results;
}

/** Competitor offers of items, in one statement (an offer already there is kept). */
export async function insertOffers(tx: Tx, account: AccountInfo, offers: (SimOffer & { externalId: string })[]): Promise<void> {
  if (offers.length === 0) return;
  await tx.query(
    `insert into sandbox_offers (tenant_id, marketplace_id, external_id, seller, base_price_cents, price_cents, shipping_cents, rating)
     select $1, $2, u.e, u.s, u.b, u.p, u.sh, u.r from unnest($3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[]) as u(e, s, b, p, sh, r)
     on conflict do nothing`,
    [
      account.tenantId, account.id, offers.map((o) => o.externalId), offers.map((o) => o.seller), offers.map((o) => o.base_price_cents),
      offers.map((o) => o.price_cents), offers.map((o) => o.shipping_cents), offers.map((o) => o.rating),
    ],
  );
}
