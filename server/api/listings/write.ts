/**
 * Listing commands (docs/marketplaces.md "Listings"): each writes the listing and its history in the
 * request's transaction and emits `listings.changed`; the push to the marketplace happens in the
 * `listing-push` consumer, never here. A price below the variant's cost is refused unless confirmed;
 * below MAP is allowed and shows up as a violation.
 */
import type { Tx } from '../../db';
import { BELOW_COST_MESSAGE, quantityOf, type ListingCreate, type ListingUpdate, type QuantityRule } from '../../../contract/listings';
import { HttpError, notFound } from '../errors';
import { listingEvent } from './history';

export const belowCost = () =>
  new HttpError(409, 'below_cost', BELOW_COST_MESSAGE, [{ field: 'price_cents', message: BELOW_COST_MESSAGE, code: 'below_cost' }]);

export interface VariantRow { id: string; product_id: string; sku: string; title: string; cost_cents: number | null; stock: number }

export async function loadVariants(tx: Tx, tenantId: string, ids: string[]): Promise<VariantRow[]> {
  const { rows } = await tx.query<VariantRow & { price_cents: number }>(
    `select v.id, v.product_id, v.sku, p.title, v.cost_cents, v.stock, v.price_cents
       from product_variants v join products p on p.id = v.product_id where v.tenant_id = $1 and v.id = any($2::uuid[])`,
    [tenantId, ids],
  );
  return rows.map((r) => ({ ...r, cost_cents: r.cost_cents == null ? null : Number(r.cost_cents), stock: Number(r.stock) }));
}

export async function createListing(tx: Tx, tenantId: string, b: ListingCreate, actor: string): Promise<string> {
  const [v] = await loadVariants(tx, tenantId, [b.variant_id]);
  if (!v) throw notFound('Product variant');
  const acc = await tx.query('select 1 from marketplace_accounts where tenant_id = $1 and id = $2', [tenantId, b.marketplace_id]);
  if (acc.rows.length === 0) throw notFound('Marketplace');
  if (v.cost_cents != null && b.price_cents < v.cost_cents && !b.confirm_below_cost) throw belowCost();
  const { rows } = await tx.query<{ id: string }>(
    `insert into listings (tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents, quantity_rule, quantity, status, sync_state)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (marketplace_id, variant_id) do nothing returning id`,
    [tenantId, b.marketplace_id, v.product_id, v.id, v.sku, b.title ?? v.title, b.price_cents, JSON.stringify(b.quantity_rule), quantityOf(b.quantity_rule, v.stock), b.status, b.status === 'active' ? 'pending' : 'synced'],
  );
  if (!rows[0]) {
    throw new HttpError(409, 'conflict', 'This variant is already listed on this marketplace', [
      { field: 'variant_id', message: 'This variant is already listed on this marketplace', code: 'duplicate' },
    ]);
  }
  await listingEvent(tx, tenantId, rows[0].id, 'created', `Created as ${b.status} at $${(b.price_cents / 100).toFixed(2)}`, actor);
  return rows[0].id;
}

interface CurrentListing { id: string; price_cents: number; status: string; quantity_rule: QuantityRule; title: string; cost_cents: number | null; stock: number; marketplace_id: string; external_id: string | null; sku: string }

export async function currentListings(tx: Tx, tenantId: string, ids: string[]): Promise<CurrentListing[]> {
  const { rows } = await tx.query<CurrentListing>(
    `select l.id, l.price_cents, l.status, l.quantity_rule, l.title, v.cost_cents, v.stock, l.marketplace_id, l.external_id, l.sku
       from listings l join product_variants v on v.id = l.variant_id where l.tenant_id = $1 and l.id = any($2::uuid[]) for update of l`,
    [tenantId, ids],
  );
  return rows.map((r) => ({ ...r, price_cents: Number(r.price_cents), cost_cents: r.cost_cents == null ? null : Number(r.cost_cents), stock: Number(r.stock) }));
}

/** Applies new values to listings (one statement) and records each change in its history. */
export async function applyChanges(
  tx: Tx,
  tenantId: string,
  changes: { id: string; title: string; price_cents: number; quantity_rule: QuantityRule; status: string; stock: number; message: string }[],
  actor: string,
): Promise<void> {
  if (changes.length === 0) return;
  await tx.query(
    `update listings l set title = u.t, price_cents = u.p, quantity_rule = u.r, quantity = u.q, status = u.s,
            sync_state = case when u.s = 'draft' and l.external_id is null then 'synced' else 'pending' end,
            feed_message = case when u.s = 'error' then l.feed_message else null end, updated_at = now()
       from unnest($2::uuid[], $3::text[], $4::int[], $5::jsonb[], $6::int[], $7::text[]) as u(id, t, p, r, q, s)
      where l.tenant_id = $1 and l.id = u.id`,
    [
      tenantId, changes.map((c) => c.id), changes.map((c) => c.title), changes.map((c) => c.price_cents), changes.map((c) => JSON.stringify(c.quantity_rule)),
      changes.map((c) => quantityOf(c.quantity_rule, c.stock)), changes.map((c) => c.status),
    ],
  );
  await tx.query(
    `insert into listing_events (tenant_id, listing_id, kind, message, actor) select $1, u.id, 'updated', u.m, $4 from unnest($2::uuid[], $3::text[]) as u(id, m)`,
    [tenantId, changes.map((c) => c.id), changes.map((c) => c.message), actor],
  );
}

export async function updateListing(tx: Tx, tenantId: string, id: string, b: ListingUpdate, actor: string): Promise<void> {
  const [cur] = await currentListings(tx, tenantId, [id]);
  if (!cur) throw notFound('Listing');
  const price = b.price_cents ?? cur.price_cents;
  if (b.price_cents !== undefined && cur.cost_cents != null && price < cur.cost_cents && !b.confirm_below_cost) throw belowCost();
  const said: string[] = [];
  if (b.price_cents !== undefined && b.price_cents !== cur.price_cents) said.push(`price $${(cur.price_cents / 100).toFixed(2)} → $${(price / 100).toFixed(2)}`);
  if (b.status !== undefined && b.status !== cur.status) said.push(`status ${cur.status} → ${b.status}`);
  if (b.title !== undefined && b.title !== cur.title) said.push('title changed');
  if (b.quantity_rule !== undefined) said.push(`quantity rule ${b.quantity_rule.mode === 'fixed' ? `fixed ${b.quantity_rule.quantity}` : `stock minus ${b.quantity_rule.buffer}`}`);
  await applyChanges(tx, tenantId, [{
    id,
    title: b.title ?? cur.title,
    price_cents: price,
    quantity_rule: b.quantity_rule ?? cur.quantity_rule,
    // asking again for the status of a refused listing publishes it again
    status: b.status ?? cur.status,
    stock: cur.stock,
    message: said.length ? `Updated: ${said.join(', ')}` : 'Updated',
  }], actor);
}
