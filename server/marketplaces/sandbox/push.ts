/**
 * Listing pushes into the sandbox marketplace, many at a time and across accounts
 * (docs/marketplaces.md "Sandbox"): every sandbox account keeps its items and offers in the same
 * tables, so one batch costs one read of the accounts, one of the items that exist, one multi-row
 * write each for new items, their competitor offers and updated items, and two reads for the
 * offers afterwards — however many accounts it spans. A push carries the whole listing, so every
 * answer is the same as pushing the listings one after another.
 */
import type { Tx } from '../../db';
import type { AccountInfo, ListingPush, OffersSnapshot, PushResult } from '../connector';
import { ConnectorError } from '../connector';
import { buyBoxOf, initialOffers, rngOf, type SimOffer } from './simulate';
import { MISSING_IMAGE, OUTAGE_MESSAGE } from './reasons';

const PREFIX = { amazon: 'ASIN-SBX', ebay: 'EBAY-SBX', walmart: 'WM-SBX', shopify: 'SHOP-SBX' } as const;

const itemStatus = (p: ListingPush) => (p.action === 'end' ? 'ended' : p.active ? 'active' : 'inactive');

/** The item id a new listing gets on this account: derived from the listing, so a re-create finds the same id. */
export const sandboxExternalId = (account: AccountInfo, listingId: string) =>
  `${PREFIX[account.kind]}-${Math.floor(rngOf(account.id, listingId, 'id')() * 1e10).toString(36).toUpperCase().padStart(7, '0')}`;

/** The accounts' clocks; an account missing or in an outage fails the call like the marketplace's 503. */
export async function sandboxGuard(tx: Tx, accountIds: string[]): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ id: string; sandbox_outage: boolean; sandbox_tick: number }>(
    'select id, sandbox_outage, sandbox_tick from marketplace_accounts where id = any($1::uuid[])',
    [accountIds],
  );
  const ticks = new Map(rows.map((r) => [r.id, Number(r.sandbox_tick)]));
  if (accountIds.some((id) => !ticks.has(id))) throw new ConnectorError('Sandbox account not found');
  if (rows.some((r) => r.sandbox_outage)) throw new ConnectorError(OUTAGE_MESSAGE);
  return ticks;
}

export interface SandboxPushGroup { account: AccountInfo; ps: ListingPush[] }

/** Pushes each group's listings to its account; answers per group, in the groups' and listings' order. */
export async function sandboxPushAcross(tx: Tx, groups: SandboxPushGroup[]): Promise<PushResult[][]> {
  const ticks = await sandboxGuard(tx, groups.map((g) => g.account.id));
  const known = groups.flatMap((g) => g.ps.filter((p) => p.externalId).map((p) => ({ m: g.account.id, e: p.externalId! })));
  const existing = new Set(
    known.length === 0
      ? []
      : (
          await tx.query<{ marketplace_id: string; external_id: string }>(
            `select s.marketplace_id, s.external_id from sandbox_items s join unnest($1::uuid[], $2::text[]) as k(m, e) on s.marketplace_id = k.m and s.external_id = k.e`,
            [known.map((k) => k.m), known.map((k) => k.e)],
          )
        ).rows.map((r) => `${r.marketplace_id}|${r.external_id}`),
  );
  const created: { account: AccountInfo; p: ListingPush; externalId: string }[] = [];
  const updated: { account: AccountInfo; p: ListingPush; externalId: string }[] = [];
  const results = groups.map(({ account, ps }) =>
    ps.map((p): PushResult => {
      if (p.action !== 'end' && p.images.length === 0) return { ok: false, reason: MISSING_IMAGE[account.kind] };
      if (p.externalId && existing.has(`${account.id}|${p.externalId}`)) {
        updated.push({ account, p, externalId: p.externalId });
        return { ok: true, externalId: p.externalId };
      }
      if (p.action === 'end') return { ok: true, externalId: p.externalId ?? '' };
      const externalId = sandboxExternalId(account, p.listingId);
      created.push({ account, p, externalId });
      return { ok: true, externalId };
    }),
  );
  if (created.length > 0) {
    await tx.query(
      `insert into sandbox_items (tenant_id, marketplace_id, external_id, listing_id, title, price_cents, quantity, status, image_url, created_tick)
       select u.tn, u.m, u.e, u.l, u.t, u.p, u.q, u.s, u.i, u.tick
         from unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::int[], $7::int[], $8::text[], $9::text[], $10::int[])
              as u(tn, m, e, l, t, p, q, s, i, tick)`,
      [
        created.map((c) => c.account.tenantId), created.map((c) => c.account.id), created.map((c) => c.externalId), created.map((c) => c.p.listingId),
        created.map((c) => c.p.title), created.map((c) => c.p.priceCents), created.map((c) => c.p.quantity),
        created.map((c) => (c.p.active ? 'active' : 'inactive')), created.map((c) => c.p.images[0]?.url ?? null), created.map((c) => ticks.get(c.account.id)!),
      ],
    );
    await insertOffers(tx, created.flatMap((c) => initialOffers(c.account.id, c.externalId, c.p.priceCents).map((o) => ({ ...o, account: c.account, externalId: c.externalId }))));
  }
  if (updated.length > 0) {
    await tx.query(
      `update sandbox_items s set title = u.t, price_cents = u.p, quantity = u.q, status = u.s, image_url = coalesce(u.i, s.image_url)
         from unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[]) as u(m, e, t, p, q, s, i)
        where s.marketplace_id = u.m and s.external_id = u.e`,
      [
        updated.map((c) => c.account.id), updated.map((c) => c.externalId), updated.map((c) => c.p.title), updated.map((c) => c.p.priceCents),
        updated.map((c) => c.p.quantity), updated.map((c) => itemStatus(c.p)), updated.map((c) => c.p.images[0]?.url ?? null),
      ],
    );
  }
  return results;
}

/** Competitor offers and the buy box of items, by account (items the account does not have are left out). */
export async function sandboxOffersAcross(tx: Tx, items: { accountId: string; externalId: string }[]): Promise<Map<string, OffersSnapshot[]>> {
  const out = new Map<string, OffersSnapshot[]>();
  if (items.length === 0) return out;
  const keys = [items.map((i) => i.accountId), items.map((i) => i.externalId)];
  const found = await tx.query<{ marketplace_id: string; external_id: string; price_cents: number; status: string }>(
    `select s.marketplace_id, s.external_id, s.price_cents, s.status from sandbox_items s
       join unnest($1::uuid[], $2::text[]) as k(m, e) on s.marketplace_id = k.m and s.external_id = k.e`,
    keys,
  );
  const offers = await tx.query<SimOffer & { marketplace_id: string; external_id: string }>(
    `select o.marketplace_id, o.external_id, o.seller, o.base_price_cents, o.price_cents, o.shipping_cents, o.rating from sandbox_offers o
       join unnest($1::uuid[], $2::text[]) as k(m, e) on o.marketplace_id = k.m and o.external_id = k.e
      order by o.marketplace_id, o.external_id, o.seller`,
    keys,
  );
  const byItem = new Map<string, SimOffer[]>();
  for (const o of offers.rows) {
    const key = `${o.marketplace_id}|${o.external_id}`;
    const list = byItem.get(key) ?? [];
    list.push({ seller: o.seller, base_price_cents: Number(o.base_price_cents), price_cents: Number(o.price_cents), shipping_cents: Number(o.shipping_cents), rating: Number(o.rating) });
    byItem.set(key, list);
  }
  for (const it of found.rows) {
    const list = byItem.get(`${it.marketplace_id}|${it.external_id}`) ?? [];
    const box = buyBoxOf(it.status === 'active' ? Number(it.price_cents) : null, list);
    const snaps = out.get(it.marketplace_id) ?? [];
    snaps.push({
      externalId: it.external_id,
      offers: list.map((o) => ({ seller: o.seller, price_cents: o.price_cents, shipping_cents: o.shipping_cents, rating: o.rating, is_buy_box: box.owner === o.seller })),
      buyBoxOwner: box.owner,
      buyBoxPriceCents: box.priceCents,
    });
    out.set(it.marketplace_id, snaps);
  }
  return out;
}

/** Competitor offers of new items, in one statement (an offer already there is kept). */
async function insertOffers(tx: Tx, offers: (SimOffer & { account: AccountInfo; externalId: string })[]): Promise<void> {
  if (offers.length === 0) return;
  await tx.query(
    `insert into sandbox_offers (tenant_id, marketplace_id, external_id, seller, base_price_cents, price_cents, shipping_cents, rating)
     select u.tn, u.m, u.e, u.s, u.b, u.p, u.sh, u.r
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[]) as u(tn, m, e, s, b, p, sh, r)
     on conflict do nothing`,
    [
      offers.map((o) => o.account.tenantId), offers.map((o) => o.account.id), offers.map((o) => o.externalId), offers.map((o) => o.seller),
      offers.map((o) => o.base_price_cents), offers.map((o) => o.price_cents), offers.map((o) => o.shipping_cents), offers.map((o) => o.rating),
    ],
  );
}
