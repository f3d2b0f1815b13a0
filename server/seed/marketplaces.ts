/**
 * Marketplaces seed (docs/marketplaces.md "Demo data"): the Demo Store links three sandbox
 * marketplaces (Amazon, eBay, Walmart) with ~600 listings, Northwind one (eBay). Most products get
 * an image; the few without are refused by the marketplace (feed message). Some listings are priced
 * under MAP and some competitors undercut it, so the violations page has evidence to show.
 * The sandbox state is written as the sandbox connector would (same ids and offers), in bulk so the
 * first start stays fast. Idempotent: skipped when the tenant has marketplace accounts.
 */
import type { Db, Tx } from '../db';
import { DEMO_TENANT, NORTHWIND_TENANT } from './accounts';
import type { MarketplaceKind } from '../../contract/marketplaces';
import { buyBoxOf, initialOffers, rngOf } from '../marketplaces/sandbox/simulate';
import { MISSING_IMAGE } from '../marketplaces/sandbox/reasons';
import { refreshViolations } from '../api/listings/violations';
import { objectStore } from '../storage';
import { demoImagePng } from './demo-images';

interface SeedAccount { id: string; kind: MarketplaceKind; name: string; listings: number; offset: number }
interface Plan { tenantId: string; accounts: SeedAccount[] }

export const MARKETPLACE_PLANS: Plan[] = [
  {
    tenantId: DEMO_TENANT.id,
    accounts: [
      { id: 'c0000000-0000-4000-8000-000000000001', kind: 'amazon', name: 'Amazon US', listings: 220, offset: 0 },
      { id: 'c0000000-0000-4000-8000-000000000002', kind: 'ebay', name: 'eBay Store', listings: 200, offset: 37 },
      { id: 'c0000000-0000-4000-8000-000000000003', kind: 'walmart', name: 'Walmart Marketplace', listings: 180, offset: 91 },
    ],
  },
  { tenantId: NORTHWIND_TENANT.id, accounts: [{ id: 'c0000000-0000-4000-8000-000000000011', kind: 'ebay', name: 'Northwind on eBay', listings: 40, offset: 0 }] },
];

const PREFIX = { amazon: 'ASIN-SBX', ebay: 'EBAY-SBX', walmart: 'WM-SBX', shopify: 'SHOP-SBX' } as const;

interface VariantRow { id: string; product_id: string; sku: string; title: string; handle: string; price_cents: number; map_cents: number | null; cost_cents: number | null; stock: number }

/** The image id of a seeded product's picture: derived from the product (a valid v4-shaped uuid), so the seed is deterministic. */
const DEMO_IMAGE_ID = `overlay(overlay(md5('demo-image:' || p.id::text) placing '4' from 13) placing '8' from 17)::uuid`;

async function seedImages(tx: Tx, tenantId: string): Promise<void> {
  // every product but about one in twenty-five has an image: a picture drawn here and stored as an
  // upload (server/seed/demo-images.ts), served by GET /api/images/{id} with no network
  const { rows } = await tx.query<{ id: string; sku: string }>(
    `select ${DEMO_IMAGE_ID} as id, p.sku from products p
      where p.tenant_id = $1 and abs(hashtext(p.sku)) % 25 <> 0
        and not exists (select 1 from product_images i where i.product_id = p.id)`,
    [tenantId],
  );
  if (!rows.length) return;
  const pngs = rows.map((r) => demoImagePng(r.sku));
  const keys = rows.map((r) => `${tenantId}/${r.id}`);
  const store = objectStore(tx, tenantId);
  if (store.kind === 'database') {
    // one statement for all of them (the store's own put is one statement per object)
    await tx.query(
      `insert into stored_objects (tenant_id, key, content_type, size_bytes, bytes)
       select $1, u.k, 'image/png', length(decode(u.b, 'base64')), decode(u.b, 'base64') from unnest($2::text[], $3::text[]) as u(k, b)
       on conflict (tenant_id, key) do nothing`,
      [tenantId, keys, pngs.map((b) => b.toString('base64'))],
    );
  } else {
    for (let i = 0; i < rows.length; i++) await store.put(keys[i], pngs[i], 'image/png');
  }
  await tx.query(
    `insert into product_images (id, tenant_id, product_id, url, alt, position, storage_key, content_type, size_bytes)
     select ${DEMO_IMAGE_ID}, p.tenant_id, p.id, '/api/images/' || ${DEMO_IMAGE_ID}, p.title, 1, p.tenant_id || '/' || ${DEMO_IMAGE_ID}, 'image/png', u.n
       from products p join unnest($2::text[], $3::int[]) as u(sku, n) on u.sku = p.sku
      where p.tenant_id = $1`,
    [tenantId, rows.map((r) => r.sku), pngs.map((b) => b.byteLength)],
  );
}

export async function seedTenantMarketplaces(db: Db, plan: Plan): Promise<boolean> {
  return db.transaction(async (tx) => {
    const has = await tx.query('select 1 from marketplace_accounts where tenant_id = $1 limit 1', [plan.tenantId]);
    if (has.rows.length) return false;
    await seedImages(tx, plan.tenantId);
    const { rows: variants } = await tx.query<VariantRow>(
      `select distinct on (v.product_id) v.id, v.product_id, v.sku, p.title, p.handle, v.price_cents,
              v.map_price_cents as map_cents, v.cost_cents, v.stock
         from product_variants v join products p on p.id = v.product_id
        where v.tenant_id = $1 and p.status = 'active' order by v.product_id, v.position, v.id`,
      [plan.tenantId],
    );
    variants.sort((a, b) => (a.sku < b.sku ? -1 : 1));
    // each imaged product's first picture, which the sandbox marketplace's copy of the listing shows
    const imaged = new Map(
      (
        await tx.query<{ product_id: string; url: string }>(
          'select distinct on (product_id) product_id, url from product_images where tenant_id = $1 order by product_id, position, id',
          [plan.tenantId],
        )
      ).rows.map((r) => [r.product_id, r.url]),
    );
    const allListingIds: string[] = [];
    for (const acc of plan.accounts) {
      await tx.query(
        `insert into marketplace_accounts (id, tenant_id, kind, name, mode, status, sandbox_order_rate, last_sync_at) values ($1, $2, $3, $4, 'sandbox', 'connected', 0.02, now())`,
        [acc.id, plan.tenantId, acc.kind, acc.name],
      );
      const chosen = Array.from({ length: Math.min(acc.listings, variants.length) }, (_, i) => variants[(acc.offset + i) % variants.length]);
      const L = { id: [] as string[], product: [] as string[], variant: [] as string[], sku: [] as string[], title: [] as string[], price: [] as number[], qty: [] as number[], status: [] as string[], feed: [] as (string | null)[], ext: [] as (string | null)[], offers: [] as string[], owner: [] as (string | null)[], bbp: [] as (number | null)[], n: [] as number[], low: [] as (number | null)[] };
      const items: { ext: string; listing: string; title: string; price: number; qty: number; image: string }[] = [];
      const offerRows: { ext: string; seller: string; base: number; price: number; ship: number; rating: number }[] = [];
      for (const v of chosen) {
        const r = rngOf(acc.id, v.id, 'seed');
        const listingId = uuidOf(r);
        // about one listing in eight sits just under MAP (a seller's own violation)
        const underMap = v.map_cents != null && r() < 0.12;
        const floor = Math.max(v.cost_cents ?? 0, 1);
        const price = underMap ? Math.max(floor, Math.round(v.map_cents! * (0.9 + r() * 0.07))) : Math.max(v.price_cents, v.map_cents ?? 0);
        const qty = Math.max(0, Number(v.stock) - 2);
        L.id.push(listingId); L.product.push(v.product_id); L.variant.push(v.id); L.sku.push(v.sku); L.title.push(v.title); L.price.push(price); L.qty.push(qty);
        if (!imaged.has(v.product_id)) {
          L.status.push('error'); L.feed.push(MISSING_IMAGE[acc.kind]); L.ext.push(null); L.offers.push('[]'); L.owner.push(null); L.bbp.push(null); L.n.push(0); L.low.push(null);
          continue;
        }
        const er = rngOf(acc.id, listingId, 'id');
        const ext = `${PREFIX[acc.kind]}-${Math.floor(er() * 1e10).toString(36).toUpperCase().padStart(7, '0')}`;
        const offers = initialOffers(acc.id, ext, price);
        const box = buyBoxOf(price, offers);
        items.push({ ext, listing: listingId, title: v.title, price, qty, image: imaged.get(v.product_id)! });
        for (const o of offers) offerRows.push({ ext, seller: o.seller, base: o.base_price_cents, price: o.price_cents, ship: o.shipping_cents, rating: o.rating });
        L.status.push('active'); L.feed.push(null); L.ext.push(ext);
        L.offers.push(JSON.stringify(offers.map((o) => ({ seller: o.seller, price_cents: o.price_cents, shipping_cents: o.shipping_cents, rating: o.rating, is_buy_box: box.owner === o.seller }))));
        L.owner.push(box.owner); L.bbp.push(box.priceCents); L.n.push(offers.length); L.low.push(offers.length ? Math.min(...offers.map((o) => o.price_cents)) : null);
      }
      await tx.query(
        `insert into listings (id, tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents, quantity_rule, quantity, status, sync_state,
           feed_message, external_id, last_pushed_at, offers, buy_box_owner, buy_box_price_cents, competitors_count, lowest_competitor_cents)
         select u.id, $1, $2, u.p, u.v, u.s, u.t, u.pr, '{"mode":"stock_minus_buffer","buffer":2}', u.q, u.st, 'synced', u.f, u.e,
                case when u.e is null then null else now() end, u.o, u.ow, u.bp, u.n, u.lo
           from unnest($3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::int[], $9::int[], $10::text[], $11::text[], $12::text[],
                       $13::jsonb[], $14::text[], $15::int[], $16::int[], $17::int[])
             as u(id, p, v, s, t, pr, q, st, f, e, o, ow, bp, n, lo)`,
        [plan.tenantId, acc.id, L.id, L.product, L.variant, L.sku, L.title, L.price, L.qty, L.status, L.feed, L.ext, L.offers, L.owner, L.bbp, L.n, L.low],
      );
      await tx.query(
        `insert into listing_events (tenant_id, listing_id, kind, message, actor)
         select $1, u.id, case when u.e is null then 'refused' else 'pushed' end, coalesce(u.f, 'Published (demo data)'), $4
           from unnest($2::uuid[], $3::text[], $5::text[]) as u(id, e, f)`,
        [plan.tenantId, L.id, L.ext, acc.name, L.feed],
      );
      await tx.query(
        `insert into sandbox_items (tenant_id, marketplace_id, external_id, listing_id, title, price_cents, quantity, status, image_url, created_tick)
         select $1, $2, u.e, u.l, u.t, u.p, u.q, 'active', u.i, 0 from unnest($3::text[], $4::uuid[], $5::text[], $6::int[], $7::int[], $8::text[]) as u(e, l, t, p, q, i)`,
        [plan.tenantId, acc.id, items.map((i) => i.ext), items.map((i) => i.listing), items.map((i) => i.title), items.map((i) => i.price), items.map((i) => i.qty), items.map((i) => i.image)],
      );
      await tx.query(
        `insert into sandbox_offers (tenant_id, marketplace_id, external_id, seller, base_price_cents, price_cents, shipping_cents, rating)
         select $1, $2, u.e, u.s, u.b, u.p, u.sh, u.r from unnest($3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[]) as u(e, s, b, p, sh, r)`,
        [plan.tenantId, acc.id, offerRows.map((o) => o.ext), offerRows.map((o) => o.seller), offerRows.map((o) => o.base), offerRows.map((o) => o.price), offerRows.map((o) => o.ship), offerRows.map((o) => o.rating)],
      );
      allListingIds.push(...L.id);
    }
    for (let i = 0; i < allListingIds.length; i += 1000) await refreshViolations(tx, plan.tenantId, allListingIds.slice(i, i + 1000), 0);
    return true;
  }, { tenantId: plan.tenantId });
}

function uuidOf(r: () => number): string {
  const h = Array.from({ length: 32 }, () => Math.floor(r() * 16).toString(16));
  h[12] = '4';
  h[16] = '89ab'[Math.floor(r() * 4)];
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

export async function seedMarketplaces(db: Db): Promise<void> {
  for (const plan of MARKETPLACE_PLANS) await seedTenantMarketplaces(db, plan);
}
