/** Listing and violation reads (docs/marketplaces.md "Listings", "MAP monitoring"): keyset pages through the list kit. */
import type { Tx } from '../../db';
import { fetchPage, jsonFields, type JsonField, type Page, type SortSpec, pageWindow } from '../list-kit/paging';
import { prefixTsQuery, searchWalk } from '../list-kit/search-query';
import { whereBuilder } from '../list-kit/where-builder';
import type { Listing, ListingListQuery, Violation, ViolationListQuery } from '../../../contract/listings';

export const LISTING_FROM = `listings l join marketplace_accounts m on m.id = l.marketplace_id
  join product_variants v on v.id = l.variant_id join products p on p.id = l.product_id`;

export const LISTING_COLUMNS = `l.id, l.marketplace_id, m.name as marketplace_name, m.kind as marketplace_kind, l.product_id, l.variant_id, l.sku,
  p.title as product_title, l.title, l.price_cents, v.map_price_cents, v.cost_cents,
  l.quantity_rule, l.quantity, l.status, l.sync_state, l.feed_message, l.external_id, l.last_pushed_at, l.buy_box_owner, l.buy_box_price_cents,
  l.competitors_count, l.lowest_competitor_cents, l.open_violations, l.offers, v.image_url,
  l.created_at, l.updated_at`;

const SORTS: Record<ListingListQuery['sort'], SortSpec> = {
  created_at: { columns: ['l.created_at', 'l.id'], types: ['timestamptz', 'uuid'] },
  updated_at: { columns: ['l.updated_at', 'l.id'], types: ['timestamptz', 'uuid'] },
  title: { columns: ['l.title', 'l.id'], types: ['text', 'uuid'] },
  sku: { columns: ['l.sku', 'l.id'], types: ['text', 'uuid'] },
  price: { columns: ['l.price_cents', 'l.id'], types: ['int4', 'uuid'] },
  quantity: { columns: ['l.quantity', 'l.id'], types: ['int4', 'uuid'] },
  status: { columns: ['l.status', 'l.created_at', 'l.id'], types: ['text', 'timestamptz', 'uuid'] },
};

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
const numOrNull = (v: unknown) => (v == null ? null : Number(v));

export function mapListing(r: Record<string, unknown>): Listing & { offers?: unknown } {
  return {
    id: String(r.id),
    marketplace_id: String(r.marketplace_id),
    marketplace_name: String(r.marketplace_name),
    marketplace_kind: String(r.marketplace_kind),
    product_id: String(r.product_id),
    variant_id: String(r.variant_id),
    sku: String(r.sku),
    product_title: String(r.product_title),
    title: String(r.title),
    price_cents: Number(r.price_cents),
    map_price_cents: numOrNull(r.map_price_cents),
    cost_cents: numOrNull(r.cost_cents),
    quantity_rule: r.quantity_rule as Listing['quantity_rule'],
    quantity: Number(r.quantity),
    status: r.status as Listing['status'],
    sync_state: r.sync_state as Listing['sync_state'],
    feed_message: (r.feed_message as string | null) ?? null,
    external_id: (r.external_id as string | null) ?? null,
    last_pushed_at: iso(r.last_pushed_at),
    buy_box_owner: (r.buy_box_owner as string | null) ?? null,
    buy_box_price_cents: numOrNull(r.buy_box_price_cents),
    competitors_count: Number(r.competitors_count),
    lowest_competitor_cents: numOrNull(r.lowest_competitor_cents),
    open_violations: Number(r.open_violations),
    image_url: (r.image_url as string | null) ?? null,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

/**
 * A list row as JSON: the same fields as `mapListing`, with the account, variant (and its picture)
 * and product looked up. The database keeps each listing's row in this form in `list_json`
 * (0021_listing_list_json.sql), which a page reads; these definitions are what that column must
 * equal (tests/server/listings-list-json.test.ts).
 */
const LISTING_FIELDS: readonly JsonField[] = [
  ['id', 'l.id'], ['marketplace_id', 'l.marketplace_id'], ['marketplace_name', 'm.name'], ['marketplace_kind', 'm.kind'],
  ['product_id', 'l.product_id'], ['variant_id', 'l.variant_id'], ['sku', 'l.sku'], ['product_title', 'p.title'],
  ['title', 'l.title'], ['price_cents', 'l.price_cents'], ['map_price_cents', 'v.map_price_cents'], ['cost_cents', 'v.cost_cents'],
  ['quantity_rule', 'l.quantity_rule'], ['quantity', 'l.quantity'], ['status', 'l.status'], ['sync_state', 'l.sync_state'],
  ['feed_message', 'l.feed_message'], ['external_id', 'l.external_id'], ['last_pushed_at', 'l.last_pushed_at', 'ts'],
  ['buy_box_owner', 'l.buy_box_owner'], ['buy_box_price_cents', 'l.buy_box_price_cents'], ['competitors_count', 'l.competitors_count'],
  ['lowest_competitor_cents', 'l.lowest_competitor_cents'], ['open_violations', 'l.open_violations'], ['image_url', 'v.image_url'],
  ['created_at', 'l.created_at', 'ts'], ['updated_at', 'l.updated_at', 'ts'],
];
export const LISTING_LOOKUPS = `
  left join marketplace_accounts m on m.id = l.marketplace_id
  left join lateral (select v.map_price_cents, v.cost_cents, v.image_url
                       from product_variants v where v.id = l.variant_id limit 1) v on true
  left join lateral (select p.title from products p where p.id = l.product_id limit 1) p on true`;
export const LISTING_JSON = jsonFields(LISTING_FIELDS);

/**
 * A page of listings, written as the answer's JSON by the database: the page is found on the
 * listings table alone (every filter is a listing column; each sort has its index,
 * 0011_marketplaces.sql), and its rows' kept JSON joined (docs/performance.md "Listings").
 */
export function listListings(tx: Tx, tenantId: string, q: ListingListQuery): Promise<Page<Record<string, unknown>>> {
  const w = whereBuilder('l.tenant_id = $1', tenantId);
  const ts = prefixTsQuery(q.search);
  const walk = ts ? searchWalk('l', w, ts) : undefined;
  if (q.marketplace_id) w.add((ph) => `l.marketplace_id = ${ph}`, q.marketplace_id);
  if (q.product_id) w.add((ph) => `l.product_id = ${ph}`, q.product_id);
  if (q.variant_id) w.add((ph) => `l.variant_id = ${ph}`, q.variant_id);
  if (q.status) w.add((ph) => `l.status = any(${ph}::text[])`, q.status);
  if (q.price_min_cents !== undefined) w.add((ph) => `l.price_cents >= ${ph}`, q.price_min_cents);
  if (q.price_max_cents !== undefined) w.add((ph) => `l.price_cents <= ${ph}`, q.price_max_cents);
  // the partial index listings_tenant_violations answers this filter
  if (q.violations) w.where.push('l.open_violations > 0');
  return fetchPage(tx, {
    from: 'listings l',
    select: 'l.id', // the page is read as the rows' list_json
    where: w.where,
    params: w.params,
    ...pageWindow(q, SORTS),
    jsonText: 'list_json',
    // a search in the default sort walks the (tenant, created_at, id) index, which INCLUDEs the
    // search vector (0019_listings_search_index.sql)
    keysFirst: Boolean(ts) && q.sort === 'created_at',
    walk,
    customPlan: Boolean(ts),
  });
}

export async function getListingRow(tx: Tx, tenantId: string, id: string): Promise<Record<string, unknown> | null> {
  const { rows } = await tx.query(`select ${LISTING_COLUMNS} from ${LISTING_FROM} where l.tenant_id = $1 and l.id = $2`, [tenantId, id]);
  return rows[0] ?? null;
}

// ---- violations ------------------------------------------------------------------------------

const VIOLATION_FROM = `map_violations x join listings l on l.id = x.listing_id join marketplace_accounts m on m.id = x.marketplace_id
  join products p on p.id = l.product_id`;
const VIOLATION_COLUMNS = `x.id, x.listing_id, x.marketplace_id, m.name as marketplace_name, l.product_id, x.variant_id, l.sku, p.title as product_title,
  x.source, x.seller, x.observed_price_cents, x.map_price_cents, x.state, x.first_seen_at, x.last_seen_at, x.notified_at, x.resolved_at, x.evidence`;
const VIOLATION_SORTS: Record<ViolationListQuery['sort'], SortSpec> = {
  last_seen_at: { columns: ['x.last_seen_at', 'x.id'], types: ['timestamptz', 'uuid'] },
  first_seen_at: { columns: ['x.first_seen_at', 'x.id'], types: ['timestamptz', 'uuid'] },
  gap: { columns: ['(x.map_price_cents - x.observed_price_cents)', 'x.id'], types: ['int4', 'uuid'] },
};

export function mapViolation(r: Record<string, unknown>): Violation {
  const map = Number(r.map_price_cents);
  const obs = Number(r.observed_price_cents);
  const e = (r.evidence ?? {}) as Record<string, unknown>;
  return {
    id: String(r.id),
    listing_id: String(r.listing_id),
    marketplace_id: String(r.marketplace_id),
    marketplace_name: String(r.marketplace_name),
    product_id: String(r.product_id),
    variant_id: String(r.variant_id),
    sku: String(r.sku),
    product_title: String(r.product_title),
    source: r.source as Violation['source'],
    seller: String(r.seller),
    observed_price_cents: obs,
    map_price_cents: map,
    gap_cents: map - obs,
    gap_pct: map > 0 ? Math.round(((map - obs) / map) * 10_000) / 100 : 0,
    state: r.state as Violation['state'],
    first_seen_at: iso(r.first_seen_at)!,
    last_seen_at: iso(r.last_seen_at)!,
    notified_at: iso(r.notified_at),
    resolved_at: iso(r.resolved_at),
    evidence: {
      seller: String(e.seller ?? r.seller),
      price_cents: Number(e.price_cents ?? obs),
      shipping_cents: Number(e.shipping_cents ?? 0),
      is_buy_box: Boolean(e.is_buy_box),
      captured_at: String(e.captured_at ?? iso(r.last_seen_at)),
      tick: e.tick == null ? null : Number(e.tick),
    },
  };
}

export function listViolations(tx: Tx, tenantId: string, q: ViolationListQuery): Promise<Page<Record<string, unknown>>> {
  const w = whereBuilder('x.tenant_id = $1', tenantId);
  w.add((ph) => `x.state = any(${ph}::text[])`, q.state ?? ['open', 'notified']);
  if (q.source) w.add((ph) => `x.source = ${ph}`, q.source);
  if (q.marketplace_id) w.add((ph) => `x.marketplace_id = ${ph}`, q.marketplace_id);
  if (q.listing_id) w.add((ph) => `x.listing_id = ${ph}`, q.listing_id);
  if (q.sku) w.add((ph) => `l.sku = ${ph}`, q.sku);
  const ts = prefixTsQuery(q.search);
  if (ts) w.add((ph) => `l.search @@ to_tsquery('simple', ${ph})`, ts);
  return fetchPage(tx, {
    from: VIOLATION_FROM,
    select: VIOLATION_COLUMNS,
    where: w.where,
    params: w.params,
    ...pageWindow(q, VIOLATION_SORTS),
    customPlan: Boolean(ts),
  });
}
