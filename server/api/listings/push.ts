/**
 * Pushing listings through their accounts' connectors (docs/marketplaces.md "Listings"): runs in the
 * `listing-push` consumer for every `listings.changed`, reading each listing as it is now (so a push
 * is idempotent and a burst of changes ends in the latest state). The consumer is batched
 * (docs/events.md "Batched consumers"): the changes that arrive together are pushed together, a
 * few set-based statements per batch; one listing alone goes the same way. A refusal is the
 * marketplace's answer (status error + feed message), not a failure; a connector error throws, to
 * be retried and, after the last attempt, dead-lettered with an alert.
 */
import { groupBy } from '../../group-by';
import type { Db, Tx } from '../../db';
import type { ConsumerContext } from '../../events/consumers';
import { defineConsumer, type ConsumerDef, type MessageFor } from '../../events/types';
import { batchedHandler } from '../../events/batching';
import { appendEvents, newEvent, type NewEvent } from '../../events/outbox';
import { LISTING_EVENTS, quantityOf, type QuantityRule } from '../../../contract/listings';
import type { EventData } from '../../../contract/event-catalogue';
import { connectorFor, loadAccount, loadAccounts, type AccountRow, type ConnectorEnv } from '../../marketplaces/registry';
import type { ListingPush, OffersSnapshot, PushResult } from '../../marketplaces/connector';
import { pushGroups, type PushGroup } from '../../marketplaces/push-many';
import { refreshViolations } from './violations';
import { listingEvent, listingEvents, openedViolations, resolvedViolations, type ListingEventRow } from './history';

export const PUSH_CONSUMER = 'listing-push';
/** Most listings pushed in one transaction; also the consumer's concurrency, so a round's messages meet in one batch. */
const PUSH_BATCH = 500;

interface ListingRow {
  id: string; marketplace_id: string; product_id: string; variant_id: string; sku: string; title: string; price_cents: number;
  quantity_rule: QuantityRule; status: string; external_id: string | null; stock: number; sync_state: string;
}

interface ImageRow { product_id: string; variant_id: string | null; url: string; alt: string | null; position: number }

/** One listing to push, and the event that asked for it. */
export interface PushRequest { id: string; causationId?: string }

export type PushOutcome = 'gone' | 'held' | 'draft' | 'refused' | 'pushed';

export async function pushListings(tx: Tx, tenantId: string, requests: PushRequest[], env: ConnectorEnv): Promise<Map<string, PushOutcome>> {
  // a listing changed twice in one batch is pushed once, as it is now; the latest change caused it
  const causeOf = new Map<string, string | undefined>();
  for (const r of requests) causeOf.set(r.id, r.causationId);
  const outcome = new Map<string, PushOutcome>([...causeOf.keys()].map((id) => [id, 'gone']));
  const { rows } = await tx.query<ListingRow>(
    `select l.id, l.marketplace_id, l.product_id, l.variant_id, l.sku, l.title, l.price_cents, l.quantity_rule, l.status, l.external_id,
            l.sync_state, v.stock
       from listings l join product_variants v on v.id = l.variant_id
      where l.tenant_id = $1 and l.id = any($2::uuid[]) order by l.id for update of l`,
    [tenantId, [...causeOf.keys()]],
  );
  if (rows.length === 0) return outcome;
  const accounts = await loadAccounts(tx, [...new Set(rows.map((l) => l.marketplace_id))]);
  const images = await imagesOf(tx, tenantId, rows);
  const drafts: string[] = [];
  const groups: (PushGroup & { list: ListingRow[] })[] = [];
  for (const [accountId, list] of [...groupBy(rows, (l) => l.marketplace_id)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const account = accounts.get(accountId);
    // a paused account keeps the change pending; resuming it pushes again
    if (!account || account.status === 'paused') {
      for (const l of list) outcome.set(l.id, 'held');
      continue;
    }
    const toPush = list.filter((l) => {
      if (l.status !== 'draft' || l.external_id) return true;
      drafts.push(l.id);
      outcome.set(l.id, 'draft');
      return false;
    });
    if (toPush.length > 0) groups.push({ account, list: toPush, ps: toPush.map((l) => pushOf(l, images)) });
  }
  if (drafts.length > 0) await tx.query(`update listings set sync_state = 'synced' where id = any($1::uuid[])`, [drafts]);
  const answers = await pushGroups(tx, groups, env);
  const refused: Refused[] = [];
  const accepted: Accepted[] = [];
  groups.forEach((g, k) =>
    g.list.forEach((l, i) => {
      const res = answers[k].results[i];
      const p = g.ps[i];
      // a listing refused earlier and now accepted goes back on sale
      if (!res.ok) refused.push({ l, p, account: g.account, reason: res.reason });
      else accepted.push({ l, p, account: g.account, res, status: l.status === 'error' ? 'active' : l.status, seen: p.action === 'end' ? undefined : answers[k].offers.get(res.externalId) });
    }),
  );
  await writeRefused(tx, refused);
  await writeAccepted(tx, accepted);
  for (const r of refused) outcome.set(r.l.id, 'refused');
  for (const a of accepted) outcome.set(a.l.id, 'pushed');
  await listingEvents(tx, tenantId, [...refused.map(refusedHistory), ...accepted.map(pushedHistory)]);
  const check = await refreshViolations(tx, tenantId, accepted.map((a) => a.l.id));
  // appended with the others, after the accounts' rows: the outbox's ordering lock is always taken last
  const violationEvents: NewEvent[] = [];
  for (const [listingId, opened] of groupBy(check.opened, (v) => v.listing_id)) {
    violationEvents.push(...(await openedViolations(tx, tenantId, opened, causeOf.get(listingId))));
  }
  for (const [listingId, resolved] of groupBy(check.resolved, (v) => v.listing_id)) violationEvents.push(...resolvedViolations(resolved, causeOf.get(listingId)));
  // the accounts' rows last (in id order): batches pushed at once wait on each other only from here to commit
  const synced = [...new Set(accepted.map((a) => a.account.id))];
  if (synced.length > 0) {
    await tx.query(
      `update marketplace_accounts set last_sync_at = now(), status = case when status = 'error' then 'connected' else status end,
              error_message = case when status = 'error' then null else error_message end where id = any($1::uuid[])`,
      [synced],
    );
  }
  await appendEvents(tx, tenantId, [
    ...violationEvents,
    ...refused.map((r) => newEvent(LISTING_EVENTS.refused, { id: r.l.id, marketplace_id: r.l.marketplace_id, sku: r.l.sku, feed_message: r.reason }, causeOf.get(r.l.id))),
    ...accepted.map((a) =>
      newEvent(LISTING_EVENTS.pushed, { id: a.l.id, marketplace_id: a.l.marketplace_id, sku: a.l.sku, status: a.status, external_id: a.res.externalId }, causeOf.get(a.l.id)),
    ),
  ]);
  return outcome;
}

interface Refused { l: ListingRow; p: ListingPush; account: AccountRow; reason: string }
interface Accepted { l: ListingRow; p: ListingPush; account: AccountRow; res: Extract<PushResult, { ok: true }>; status: string; seen: OffersSnapshot | undefined }

const refusedHistory = (r: Refused): ListingEventRow => ({ listingId: r.l.id, kind: 'refused', message: r.reason, actor: r.account.name, details: { action: r.p.action } });

const pushedHistory = ({ l, p, res, account }: Accepted): ListingEventRow => ({
  listingId: l.id,
  kind: 'pushed',
  message: `${p.action === 'end' ? 'Ended' : 'Published'} on ${account.name} at $${(p.priceCents / 100).toFixed(2)}, quantity ${p.quantity}`,
  actor: account.name,
  details: { action: p.action, external_id: res.externalId, price_cents: p.priceCents, quantity: p.quantity },
});

async function writeRefused(tx: Tx, refused: Refused[]): Promise<void> {
  if (refused.length === 0) return;
  await tx.query(
    `update listings l set status = 'error', sync_state = 'synced', feed_message = u.reason, quantity = u.q, updated_at = now()
       from unnest($1::uuid[], $2::text[], $3::int[]) as u(id, reason, q) where l.id = u.id`,
    [refused.map((r) => r.l.id), refused.map((r) => r.reason), refused.map((r) => r.p.quantity)],
  );
}

/** The push's answer, with the competitor offers and buy box the marketplace showed right after it. */
async function writeAccepted(tx: Tx, accepted: Accepted[]): Promise<void> {
  if (accepted.length === 0) return;
  await tx.query(
    `update listings l set external_id = u.e, status = u.s, sync_state = 'synced', feed_message = u.m, quantity = u.q, last_pushed_at = now(), updated_at = now(),
            offers = case when u.pulled then u.o else l.offers end,
            buy_box_owner = case when u.pulled then u.owner else l.buy_box_owner end,
            buy_box_price_cents = case when u.pulled then u.bp else l.buy_box_price_cents end,
            competitors_count = case when u.pulled then jsonb_array_length(u.o) else l.competitors_count end,
            lowest_competitor_cents = case when u.pulled then (select min((x->>'price_cents')::int) from jsonb_array_elements(u.o) x) else l.lowest_competitor_cents end
       from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[], $6::boolean[], $7::jsonb[], $8::text[], $9::int[])
            as u(id, e, s, m, q, pulled, o, owner, bp)
      where l.id = u.id`,
    [
      accepted.map((a) => a.l.id), accepted.map((a) => a.res.externalId || a.l.external_id), accepted.map((a) => a.status),
      accepted.map((a) => a.res.message ?? null), accepted.map((a) => a.p.quantity),
      accepted.map((a) => a.seen !== undefined), accepted.map((a) => (a.seen ? JSON.stringify(a.seen.offers) : null)),
      accepted.map((a) => a.seen?.buyBoxOwner ?? null), accepted.map((a) => a.seen?.buyBoxPriceCents ?? null),
    ],
  );
}

function pushOf(l: ListingRow, images: ImageRow[]): ListingPush {
  const quantity = quantityOf(l.quantity_rule, Number(l.stock));
  return {
    action: l.status === 'ended' ? 'end' : l.external_id ? 'update' : 'create',
    listingId: l.id,
    externalId: l.external_id,
    sku: l.sku,
    title: l.title,
    priceCents: Number(l.price_cents),
    quantity,
    quantityRule: l.quantity_rule,
    active: l.status === 'active' || l.status === 'error',
    // the variant's own images first, then the product's, by position, at most 10
    images: images
      .filter((i) => i.product_id === l.product_id && (i.variant_id === null || i.variant_id === l.variant_id))
      .slice(0, 10)
      .map((i) => ({ url: i.url, alt: i.alt, position: Number(i.position) })),
  };
}

async function imagesOf(tx: Tx, tenantId: string, rows: ListingRow[]): Promise<ImageRow[]> {
  const { rows: images } = await tx.query<ImageRow>(
    `select product_id, variant_id, url, alt, position from product_images where tenant_id = $1 and product_id = any($2::uuid[])
      order by (variant_id is null), position`,
    [tenantId, [...new Set(rows.map((l) => l.product_id))]],
  );
  return images;
}

/** Stores pulled offers and buy-box owners on our listings (by external id). */
export async function applyOffers(tx: Tx, marketplaceId: string, snaps: OffersSnapshot[]): Promise<void> {
  if (snaps.length === 0) return;
  const externalIds = snaps.map((s) => s.externalId);
  // the marketplace sync and the repricer both write an account's offers after a tick, and then
  // more of the same rows: an update over many rows locks them in the order its plan meets them, so
  // two such transactions could each wait for the other (PostgreSQL then fails one after a second).
  // Locking the rows in id order first makes the later transaction simply wait for the earlier.
  await tx.query(`select 1 from listings where marketplace_id = $1 and external_id = any($2::text[]) order by id for update`, [marketplaceId, externalIds]);
  await tx.query(
    `update listings l set offers = u.o, buy_box_owner = u.owner, buy_box_price_cents = u.bp, competitors_count = jsonb_array_length(u.o),
            lowest_competitor_cents = (select min((x->>'price_cents')::int) from jsonb_array_elements(u.o) x)
       from unnest($2::text[], $3::jsonb[], $4::text[], $5::int[]) as u(e, o, owner, bp)
      where l.marketplace_id = $1 and l.external_id = u.e`,
    [marketplaceId, externalIds, snaps.map((s) => JSON.stringify(s.offers)), snaps.map((s) => s.buyBoxOwner), snaps.map((s) => s.buyBoxPriceCents)],
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

/** A listing changed (pushed again), or deleted (its item ended). */
const PUSH_SUBJECTS = [LISTING_EVENTS.changed, LISTING_EVENTS.deleted] as const;

export function listingPushConsumer(ctx: ConsumerContext): ConsumerDef {
  const env: ConnectorEnv = { dataDir: process.env.DATA_DIR ?? './.data' };
  const run = (tenantId: string, msgs: MessageFor<(typeof PUSH_SUBJECTS)[number]>[]) =>
    ctx.db.transaction(async (tx) => {
      const changes: PushRequest[] = [];
      for (const m of msgs) {
        if (m.subject === LISTING_EVENTS.deleted) await endDeleted(tx, m.data, env);
        else changes.push({ id: m.data.id, causationId: String(m.tenantSeq) });
      }
      await pushListings(tx, tenantId, changes, env);
    }, { tenantId });
  return defineConsumer({
    name: PUSH_CONSUMER,
    filterSubjects: PUSH_SUBJECTS,
    agentName: 'marketplace-connector',
    batchSize: PUSH_BATCH,
    concurrency: PUSH_BATCH,
    handle: batchedHandler({
      max: PUSH_BATCH,
      many: run,
      async one(msg) {
        try {
          await run(msg.tenantId, [msg]);
        } catch (err) {
          if (msg.subject !== LISTING_EVENTS.deleted) await markFailed(ctx.db, msg.tenantId, msg.data.id, err, msg.attempt);
          throw err;
        }
      },
    }),
  });
}

type DeletedListing = EventData<typeof LISTING_EVENTS.deleted>;

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
