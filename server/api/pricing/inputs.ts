/**
 * What the engine needs about listings, read in one statement (docs/repricing.md "Engine"): price,
 * cost and MAP (of the variant), the marketplace's fee schedule, the competitor offers and buy-box
 * owner last pulled through the connector, the product's tags and supplier (rule scopes), and the
 * repricer's memory (last change, last inputs). Only active listings are repriced.
 */
import crypto from 'node:crypto';
import type { Tx } from '../../db';
import { FEE_SCHEDULES, type FeeSchedule, type MarketplaceKind } from '../../../contract/marketplaces';
import { loadFeeBook } from '../../domain/fee-book';
import type { CompetitorOffer } from '../../../contract/listings';
import { type EngineInput, type EngineOffer, type EngineRule } from '../../domain/repricing';
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
  /**
   * The tenant's fee schedule of the marketplace in force now (docs/settings.md "Fee overrides"): the
   * next sale pays it. Set by `loadInputs`; the standard schedule when absent.
   */
  fee_schedule?: FeeSchedule;
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
  // the columns arrive as the engine's types (uuid as text, integers as numbers, jsonb parsed,
  // timestamptz as Date) under the names `ListingInputs` gives them: the rows are the inputs, no copy
  const { rows } = await tx.query<ListingInputs>(
    `select l.id, l.marketplace_id, m.kind, m.name as marketplace_name, l.sku, l.title, l.price_cents, l.offers, l.buy_box_owner, l.buy_box_price_cents,
            v.cost_cents, v.map_price_cents as map_cents, p.tags, p.supplier_id,
            s.last_change_at, s.inputs_hash as last_hash, s.last_scenario, s.pending_proposal_id
       from listings l join marketplace_accounts m on m.id = l.marketplace_id join product_variants v on v.id = l.variant_id
       join products p on p.id = l.product_id left join pricing_listing_state s on ${state.join(' and ')}
      where ${where.join(' and ')} order by l.id`,
    args,
  );
  // the schedule a sale today pays, from the tenant's overrides read once for the page
  if (rows.length) {
    const fees = await loadFeeBook(tx, tenantId);
    if (!fees.empty) for (const r of rows) r.fee_schedule = fees.now(r.kind);
  }
  return rows;
}

/** Names of the tenant's own accounts: an offer under one of them is "own" (the exclude-own filter). */
export async function ownSellers(tx: Tx, tenantId: string): Promise<Set<string>> {
  const { rows } = await tx.query<{ name: string }>('select name from marketplace_accounts where tenant_id = $1', [tenantId]);
  return new Set(rows.map((r) => r.name));
}

/**
 * THE fee schedule (contract/marketplaces.ts): the repricer's fee is the one orders store and
 * settlements deduct — the tenant's effective schedule when given (`ListingInputs.fee_schedule`,
 * docs/settings.md "Fee overrides"), else the marketplace's standard one.
 */
export function feeOf(kind: MarketplaceKind, schedule?: Pick<FeeSchedule, 'rate_bp' | 'fixed_cents'>): { rateBp: number; fixed: number } {
  const s = schedule ?? FEE_SCHEDULES[kind];
  return { rateBp: s.rate_bp, fixed: s.fixed_cents };
}

/**
 * The engine's input. A competitor's price is its landed price (price + shipping): our items ship
 * free and the buy box compares landed prices (docs/marketplaces.md "Sandbox").
 */
export function engineInput(l: ListingInputs, rule: RuleRow, own: Set<string>, now: Date, ruleInput: EngineRule = engineRule(rule)): EngineInput {
  const fee = feeOf(l.kind, l.fee_schedule);
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
    rule: ruleInput,
    now,
  };
}

/**
 * A fingerprint of everything a decision depends on: a proposal whose listing's fingerprint has
 * changed is stale (expired), and the repricer skips a listing whose fingerprint has not.
 *
 * It is the SHA-1 of `JSON.stringify([price, cost, MAP, offer tuples, buy-box owner, buy-box price,
 * rule id, rule updated_at])`, the offers as `[seller, price, shipping, rating]` tuples in the order
 * `Array#sort` gives them by default (by their comma-joined text). The text is written directly,
 * character for character what `JSON.stringify` writes, so the fingerprints already stored stay
 * valid (docs/performance.md "Repricing"). A negotiated fee schedule (docs/settings.md "Fee
 * overrides") adds `[rate_bp, fixed_cents]` at the end, so changing it makes a decision stale; the
 * standard schedule adds nothing (the fingerprints stored before overrides existed stay valid).
 */
export function inputsHash(l: ListingInputs, rule: Pick<RuleRow, 'id' | 'updated_at'>): string {
  const s = l.fee_schedule;
  const std = s ? FEE_SCHEDULES[l.kind] : undefined;
  const fee = s && (!std || s.rate_bp !== std.rate_bp || s.fixed_cents !== std.fixed_cents) ? `,[${s.rate_bp},${s.fixed_cents}]` : '';
  return sha1(`[${json(l.price_cents)},${json(l.cost_cents)},${json(l.map_cents)},[${offerTuples(l.offers)}],${json(l.buy_box_owner)},${json(l.buy_box_price_cents)},${json(rule.id)},${json(rule.updated_at)}${fee}]`);
}

/** A value as `JSON.stringify` writes it inside an array (`undefined` and non-finite numbers as `null`). */
function json(v: unknown): string {
  if (v == null) return 'null';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  return JSON.stringify(v) ?? 'null';
}

/** The offer tuples' JSON texts, sorted by `Array#sort`'s default key (the tuple joined by commas). */
function offerTuples(offers: readonly CompetitorOffer[]): string {
  const keys: string[] = [];
  const texts: string[] = [];
  for (const o of offers) {
    const k = `${o.seller ?? ''},${o.price_cents ?? ''},${o.shipping_cents ?? ''},${o.rating ?? ''}`;
    const t = `[${json(o.seller)},${json(o.price_cents)},${json(o.shipping_cents)},${json(o.rating)}]`;
    // an insertion in place: a listing has a few offers
    let i = keys.length;
    while (i > 0 && k < keys[i - 1]) {
      keys[i] = keys[i - 1];
      texts[i] = texts[i - 1];
      i--;
    }
    keys[i] = k;
    texts[i] = t;
  }
  return texts.join(',');
}

/** SHA-1 in base64url, one call where Node has `crypto.hash` (20.12 and later). */
const sha1: (text: string) => string = typeof crypto.hash === 'function'
  ? (text) => crypto.hash('sha1', text, 'base64url')
  : (text) => crypto.createHash('sha1').update(text).digest('base64url');
