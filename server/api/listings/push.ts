/**
 * Pushing a listing through its account's connector (docs/marketplaces.md "Listings"): runs in the
 * `listing-push` consumer for every `listings.changed`, reading the listing as it is now (so a push
 * is idempotent and a burst of changes ends in the latest state). A refusal is the marketplace's
 * answer (status error + feed message), not a failure; a connector error throws, to be retried and,
 * after the last attempt, dead-lettered with an alert.
 */
import type { Db, Tx } from '../../db';
import type { ConsumerContext } from '../../events/consumers';
import type { ConsumerDef, EventMessage } from '../../events/types';
import { appendEvent } from '../../events/outbox';
import { LISTING_EVENTS, quantityOf, type QuantityRule } from '../../../contract/listings';
import { connectorFor, loadAccount, type ConnectorEnv } from '../../marketplaces/registry';
import type { ListingPush, OffersSnapshot } from '../../marketplaces/connector';
import { refreshViolations } from './violations';
import { emitOpened, listingEvent } from './history';

export const PUSH_CONSUMER = 'listing-push';

interface ListingRow {
  id: string; marketplace_id: string; product_id: string; variant_id: string; sku: string; title: string; price_cents: number;
  quantity_rule: QuantityRule; status: string; external_id: string | null; stock: number; sync_state: string;
}

export async function pushListing(tx: Tx, tenantId: string, listingId: string, env: ConnectorEnv, causationId?: string): Promise<string> {
  const { rows } = await tx.query<ListingRow>(
    `select l.id, l.marketplace_id, l.product_id, l.variant_id, l.sku, l.title, l.price_cents, l.quantity_rule, l.status, l.external_id,
            l.sync_state, v.stock
       from listings l join product_variants v on v.id = l.variant_id
      where l.tenant_id = $1 and l.id = $2 for update of l`,
    [tenantId, listingId],
  );
  const l = rows[0];
  if (!l) return 'gone';
  const account = await loadAccount(tx, l.marketplace_id);
  // a paused account keeps the change pending; resuming it pushes again
  if (!account || account.status === 'paused') return 'held';
  if (l.status === 'draft' && !l.external_id) {
    await tx.query(`update listings set sync_state = 'synced' where id = $1`, [l.id]);
    return 'draft';
  }
  const images = await tx.query<{ url: string; alt: string | null; position: number }>(
    `select url, alt, position from product_images where tenant_id = $1 and product_id = $2 and (variant_id is null or variant_id = $3)
      order by (variant_id is null), position limit 10`,
    [tenantId, l.product_id, l.variant_id],
  );
  const quantity = quantityOf(l.quantity_rule, Number(l.stock));
  const p: ListingPush = {
    action: l.status === 'ended' ? 'end' : l.external_id ? 'update' : 'create',
    listingId: l.id,
    externalId: l.external_id,
    sku: l.sku,
    title: l.title,
    priceCents: Number(l.price_cents),
    quantity,
    quantityRule: l.quantity_rule,
    active: l.status === 'active' || l.status === 'error',
    images: images.rows.map((i) => ({ url: i.url, alt: i.alt, position: Number(i.position) })),
  };
  const connector = connectorFor(tx, account, env);
  const res = await connector.pushListing(p);
  const ids = { causationId };
  if (!res.ok) {
    await tx.query(`update listings set status = 'error', sync_state = 'synced', feed_message = $2, quantity = $3, updated_at = now() where id = $1`, [l.id, res.reason, quantity]);
    await listingEvent(tx, tenantId, l.id, 'refused', res.reason, account.name, { action: p.action });
    await appendEvent(tx, tenantId, LISTING_EVENTS.refused, { id: l.id, marketplace_id: l.marketplace_id, sku: l.sku, feed_message: res.reason }, ids);
    return 'refused';
  }
  // a listing refused earlier and now accepted goes back on sale
  const status = l.status === 'error' ? 'active' : l.status;
  await tx.query(
    `update listings set external_id = $2, status = $3, sync_state = 'synced', feed_message = $4, quantity = $5, last_pushed_at = now(), updated_at = now()
      where id = $1`,
    [l.id, res.externalId || l.external_id, status, res.message ?? null, quantity],
  );
  await tx.query(`update marketplace_accounts set last_sync_at = now(), status = case when status = 'error' then 'connected' else status end, error_message = case when status = 'error' then null else error_message end where id = $1`, [account.id]);
  await listingEvent(tx, tenantId, l.id, 'pushed', `${p.action === 'end' ? 'Ended' : 'Published'} on ${account.name} at $${(p.priceCents / 100).toFixed(2)}, quantity ${quantity}`, account.name, {
    action: p.action,
    external_id: res.externalId,
    price_cents: p.priceCents,
    quantity,
  });
  if (res.externalId && p.action !== 'end') {
    const snaps = await connector.pullOffers([res.externalId]);
    await applyOffers(tx, l.marketplace_id, snaps);
  }
  const check = await refreshViolations(tx, tenantId, [l.id]);
  await emitOpened(tx, tenantId, check.opened, ids);
  await appendEvent(tx, tenantId, LISTING_EVENTS.pushed, { id: l.id, marketplace_id: l.marketplace_id, sku: l.sku, status, external_id: res.externalId }, ids);
  return 'pushed';
}

/** Stores pulled offers and buy-box owners on our listings (by external id). */
export async function applyOffers(tx: Tx, marketplaceId: string, snaps: OffersSnapshot[]): Promise<void> {
  if (snaps.length === 0) return;
  await tx.query(
    `update listings l set offers = u.o, buy_box_owner = u.owner, buy_box_price_cents = u.bp, competitors_count = jsonb_array_length(u.o),
            lowest_competitor_cents = (select min((x->>'price_cents')::int) from jsonb_array_elements(u.o) x)
       from unnest($2::text[], $3::jsonb[], $4::text[], $5::int[]) as u(e, o, owner, bp)
      where l.marketplace_id = $1 and l.external_id = u.e`,
    [marketplaceId, snaps.map((s) => s.externalId), snaps.map((s) => JSON.stringify(s.offers)), snaps.map((s) => s.buyBoxOwner), snaps.map((s) => s.buyBoxPriceCents)],
  );
}

async function markFailed(db: Db, tenantId: string, listingId: string, err: unknown, attempt: number): Promise<void> {
  const message = err instanceof Error ? err.message : String(err);
  await db
    .transaction(async (tx) => {
      await tx.query(`update listings set sync_state = 'failed', updated_at = now() where tenant_id = $1 and id = $2`, [tenantId, listingId]);
      await listingEvent(tx, tenantId, listingId, 'push_failed', `Push failed (attempt ${attempt}): ${message}`, null, { attempt });
    }, { tenantId })
    .catch(() => undefined);
}

export function listingPushConsumer(ctx: ConsumerContext): ConsumerDef {
  const env: ConnectorEnv = { dataDir: process.env.DATA_DIR ?? './.data' };
  return {
    name: PUSH_CONSUMER,
    filterSubjects: [LISTING_EVENTS.changed, LISTING_EVENTS.deleted],
    agentName: 'marketplace-connector',
    concurrency: 4,
    async handle(msg: EventMessage) {
      const { id } = msg.data as { id: string };
      if (msg.subject === LISTING_EVENTS.deleted) {
        await ctx.db.transaction((tx) => endDeleted(tx, msg.data as DeletedListing, env), { tenantId: msg.tenantId });
        return;
      }
      try {
        await ctx.db.transaction((tx) => pushListing(tx, msg.tenantId, id, env, String(msg.seq)), { tenantId: msg.tenantId });
      } catch (err) {
        await markFailed(ctx.db, msg.tenantId, id, err, msg.attempt);
        throw err;
      }
    },
  };
}

interface DeletedListing { id: string; marketplace_id: string; external_id: string | null; sku: string }

/** A deleted listing's item is ended on the marketplace (the listing row is gone; the event carries what is needed). */
async function endDeleted(tx: Tx, d: DeletedListing, env: ConnectorEnv): Promise<void> {
  if (!d.external_id) return;
  const account = await loadAccount(tx, d.marketplace_id);
  if (!account) return; // unlinked with its listings
  await connectorFor(tx, account, env).pushListing({
    action: 'end', listingId: d.id, externalId: d.external_id, sku: d.sku, title: '', priceCents: 0, quantity: 0,
    quantityRule: { mode: 'fixed', quantity: 0 }, active: false, images: [],
  });
}
