/**
 * What the engine needs about listings, read in one statement (docs/repricing.md "Inputs"): price,
 * cost and MAP (of the variant), the marketplace's fee schedule, the competitor offers and buy-box
 * owner last pulled through the connector, the product's tags and supplier (rule scopes), and the
 * repricer's memory (last change, last inputs). Only active listings are repriced.
 */
import { createHash } from 'node:crypto';
import type { Tx } from '../../db';
import { FEE_SCHEDULES, type MarketplaceKind } from '../../../contract/marketplaces';
import type { CompetitorOffer } from '../../../contract/listings';
import { rateToBp, type EngineInput, type EngineOffer } from '../../domain/repricing';
import { engineRule, type RuleRow, type ScopedListing } from './rules';

export interface ListingInputs extends ScopedListing {
  kind: MarketplaceKind;
  marketplace_name: string;
  title: string;
  price_cents: number;
  cost_cents: number | null;
  map_cents: number | null;
  offers: CompetitorOffer[];
  buy_box_owner: string | null;
  buy_box_price_cents: number | null;
  last_change_at: Date | null;
  last_hash: string | null;
  last_scenario: string | null;
  /** The listing's pending proposal as the repricer last wrote it (it may since have been decided). */
  pending_proposal_id: string | null;
}

export interface Selection {
  listingIds?: string[];
  marketplaceId?: string;
  productIds?: string[];
  variantIds?: string[];
  /** A keyset page of the sweep: listings with `after < id <= upTo` (either end open when absent). */
  after?: string;
  upTo?: string;
}

export async function loadInputs(tx: Tx, tenantId: string, sel: Selection): Promise<ListingInputs[]> {
  const where = ['l.tenant_id = $1', `l.status = 'active'`];
  const args: unknown[] = [tenantId];
  const add = (sql: string, v: unknown) => {
    args.push(v);
    where.push(sql.replace('?', `$${args.length}`));
  };
  if (sel.listingIds) add('l.id = any(?::uuid[])', sel.listingIds);
  if (sel.marketplaceId) add('l.marketplace_id = ?', sel.marketplaceId);
  if (sel.productIds) add('l.product_id = any(?::uuid[])', sel.productIds);
  if (sel.variantIds) add('l.variant_id = any(?::uuid[])', sel.variantIds);
  // a keyset page bounds the repricer's memory by the same keys, so a page reads its own range of
  // that table's primary key instead of hashing the whole table (docs/performance.md "Repricing")
  const state = ['s.listing_id = l.id'];
  if (sel.after) {
    add('l.id > ?::uuid', sel.after);
    state.push(`s.listing_id > $${args.length}::uuid`);
  }
  if (sel.upTo) {
    add('l.id <= ?::uuid', sel.upTo);
    state.push(`s.listing_id <= $${args.length}::uuid`);
  }
  const { rows } = await tx.query<Record<string, unknown>>(
    `select l.id, l.marketplace_id, m.kind, m.name as marketplace_name, l.sku, l.title, l.price_cents, l.offers, l.buy_box_owner, l.buy_box_price_cents,
            round(v.cost * 100)::int as cost_cents, round(v.map_price * 100)::int as map_cents, p.tags, p.supplier_id,
            s.last_change_at, s.inputs_hash as last_hash, s.last_scenario, s.pending_proposal_id
       from listings l join marketplace_accounts m on m.id = l.marketplace_id join product_variants v on v.id = l.variant_id
       join products p on p.id = l.product_id left join pricing_listing_state s on ${state.join(' and ')}
      where ${where.join(' and ')} order by l.id`,
    args,
  );
  return rows.map((r) => ({
    id: String(r.id),
    marketplace_id: String(r.marketplace_id),
    kind: r.kind as MarketplaceKind,
    marketplace_name: String(r.marketplace_name),
    sku: String(r.sku),
    title: String(r.title),
    price_cents: Number(r.price_cents),
    cost_cents: r.cost_cents == null ? null : Number(r.cost_cents),
    map_cents: r.map_cents == null ? null : Number(r.map_cents),
    offers: (r.offers as CompetitorOffer[] | null) ?? [],
    buy_box_owner: (r.buy_box_owner as string | null) ?? null,
    buy_box_price_cents: r.buy_box_price_cents == null ? null : Number(r.buy_box_price_cents),
    tags: (r.tags as string | null) ?? null,
    supplier_id: (r.supplier_id as string | null) ?? null,
    last_change_at: r.last_change_at == null ? null : new Date(r.last_change_at as string),
    last_hash: (r.last_hash as string | null) ?? null,
    last_scenario: (r.last_scenario as string | null) ?? null,
    pending_proposal_id: r.pending_proposal_id == null ? null : String(r.pending_proposal_id),
  }));
}

/** Names of the tenant's own accounts: an offer under one of them is "own" (the exclude-own filter). */
export async function ownSellers(tx: Tx, tenantId: string): Promise<Set<string>> {
  const { rows } = await tx.query<{ name: string }>('select name from marketplace_accounts where tenant_id = $1', [tenantId]);
  return new Set(rows.map((r) => r.name));
}

export function feeOf(kind: MarketplaceKind): { rateBp: number; fixed: number } {
  const s = FEE_SCHEDULES[kind];
  return { rateBp: rateToBp(s.rate), fixed: s.fixed_cents };
}

/**
 * The engine's input. A competitor's price is its landed price (price + shipping): our items ship
 * free and the buy box compares landed prices (docs/marketplaces.md "Sandbox").
 */
export function engineInput(l: ListingInputs, rule: RuleRow, own: Set<string>, now: Date): EngineInput {
  const fee = feeOf(l.kind);
  const offers: EngineOffer[] = l.offers.map((o) => ({
    seller: o.seller,
    price_cents: o.price_cents + (o.shipping_cents ?? 0),
    fulfilment: ((o as { fulfilment?: EngineOffer['fulfilment'] }).fulfilment ?? null),
    rating: o.rating ?? null,
    own: own.has(o.seller),
  }));
  return {
    listing: {
      price_cents: l.price_cents,
      cost_cents: l.cost_cents,
      shipping_cents: rule.shipping_cents,
      map_cents: l.map_cents,
      fee_rate_bp: fee.rateBp,
      fee_fixed_cents: fee.fixed,
      last_change_at: l.last_change_at,
    },
    offers,
    buy_box_owner: l.buy_box_owner,
    buy_box_price_cents: l.buy_box_price_cents,
    rule: engineRule(rule),
    now,
  };
}

/**
 * A fingerprint of everything a decision depends on: a proposal whose listing's fingerprint has
 * changed is stale (expired), and the repricer skips a listing whose fingerprint has not.
 */
export function inputsHash(l: ListingInputs, rule: Pick<RuleRow, 'id' | 'updated_at'>): string {
  return createHash('sha1')
    .update(JSON.stringify([l.price_cents, l.cost_cents, l.map_cents, offerTuples(l.offers), l.buy_box_owner, l.buy_box_price_cents, rule.id, rule.updated_at]))
    .digest('base64url');
}

/**
 * The offers as `[seller, price, shipping, rating]` tuples in the order `Array#sort` gives them by
 * default (by their comma-joined text), each tuple's text computed once instead of at every
 * comparison. The fingerprints already stored stay valid.
 */
function offerTuples(offers: readonly CompetitorOffer[]): unknown[][] {
  const keyed = offers.map((o) => {
    const t = [o.seller, o.price_cents, o.shipping_cents, o.rating];
    return { t, k: t.join(',') };
  });
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  return keyed.map((x) => x.t);
}
