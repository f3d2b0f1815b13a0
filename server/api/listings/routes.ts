/**
 * Listings API (docs/marketplaces.md "Listings", "MAP monitoring"): every signed-in role
 * reads; listing writes take write:products (listings are part of the catalogue); the MAP grace is
 * a setting (write:settings). Writes emit `listings.changed`; the push consumer does the rest.
 */
import { requireFlag } from '../flags/repository';
import { defineModule, type ApiModule } from '../module';
import { one } from '../kit';
import { notFound } from '../errors';
import { pageBody, pageJson } from '../list-kit/paging';
import {
  BULK_SYNC_MAX,
  LISTING_EVENTS,
  listingBulkAction,
  listingBulkCreate,
  listingCreate,
  listingJobParams,
  listingListQuery,
  listingParams,
  listingUpdate,
  mapSettingsUpdate,
  topOffendersQuery,
  violationListQuery,
  listingsLive,
} from '../../../contract/listings';
import { getListingRow, listListings, listViolations, mapListing, mapViolation } from './queries';
import { createListing, updateListing } from './write';
import { bulkAction, getJob, insertPlanned, planBulkCreate, runBulkJob } from './bulk';
import { listingPushConsumer } from './push';
import { readMapSettings, refreshViolations } from './violations';
import { listingEvent, violationOpenedHistory } from './history';
import { listingsPermissions } from '../../../contract/modules/listings';
import { z } from 'zod';
import { listAnswer, oneAnswer } from '../../../contract/api';
import {
  listing, listingDetail, listingJob, mapSettings, mapSettingsSaved, topOffender, violation, type CompetitorOffer, type Listing, type ListingDetail,
} from '../../../contract/listings';

const listings: ApiModule = (api) => {
  const detail = async (tx: Parameters<typeof getListingRow>[0], tenantId: string, id: string): Promise<ListingDetail> => {
    const row = await getListingRow(tx, tenantId, id);
    if (!row) throw notFound('Listing');
    const history = await tx.query<{ at: Date; kind: string; message: string; actor: string | null; details: unknown }>(
      'select at, kind, message, actor, details from listing_events where tenant_id = $1 and listing_id = $2 order by at desc, id desc limit 100',
      [tenantId, id],
    );
    return {
      ...mapListing(row),
      offers: (row.offers as CompetitorOffer[] | null) ?? [],
      history: history.rows.map((h) => ({ at: new Date(h.at).toISOString(), kind: h.kind, message: h.message, actor: h.actor, details: h.details ?? null })),
    };
  };

  api.route({
    method: 'GET',
    url: '/listings',
    access: listingsPermissions.listings.read,
    answer: listAnswer(listing),
    query: listingListQuery,
    async handler({ tx, auth, query }) {
      return pageJson<Listing>(await listListings(tx, auth.tenantId, query), query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/listings/violations',
    access: listingsPermissions.listings.read,
    answer: listAnswer(violation),
    query: violationListQuery,
    async handler({ tx, auth, query }) {
      const page = await listViolations(tx, auth.tenantId, query);
      return pageBody(page, page.rows.map(mapViolation), query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/listings/top-offenders',
    access: listingsPermissions.listings.read,
    answer: oneAnswer(z.array(topOffender)),
    query: topOffendersQuery,
    async handler({ tx, auth, query }) {
      const { rows } = await tx.query<{ sku: string; product_id: string; product_title: string; n: number }>(
        `select l.sku, l.product_id, p.title as product_title, count(*)::int as n
           from map_violations x join listings l on l.id = x.listing_id join products p on p.id = l.product_id
          where x.tenant_id = $1 and x.state <> 'resolved'
          group by l.sku, l.product_id, p.title order by n desc, l.sku limit $2`,
        [auth.tenantId, query.limit],
      );
      return one(rows.map((r) => ({ sku: r.sku, product_id: r.product_id, product_title: r.product_title, open_violations: Number(r.n) })));
    },
  });

  api.route({
    method: 'GET',
    url: '/listings/map-settings',
    access: listingsPermissions.listings.read,
    answer: oneAnswer(mapSettings),
    handler: async ({ tx, auth }) => one(await readMapSettings(tx, auth.tenantId)),
  });

  // the MAP policy (docs/settings.md "MAP policy"): written once, checked again only when it changed
  api.route({
    method: 'PUT',
    url: '/listings/map-settings',
    access: 'write:settings',
    // the stored row is locked by the read; a first save is a conditional upsert
    lock: false,
    body: mapSettingsUpdate,
    answer: oneAnswer(mapSettingsSaved),
    async handler(ctx) {
      const stored = await readMapSettings(ctx.tx, ctx.auth.tenantId, true);
      const before = { grace_pct: stored.grace_pct, grace_cents: stored.grace_cents };
      const after = { grace_pct: ctx.body.grace_pct ?? before.grace_pct, grace_cents: ctx.body.grace_cents ?? before.grace_cents };
      // the same grace again (a double submit, a second tab): nothing written, nothing checked, nothing audited
      const { rows: written } = await ctx.tx.query(
        `insert into map_settings as m (tenant_id, grace_pct, grace_cents, updated_by) values ($1, $2, $3, $4)
         on conflict (tenant_id) do update set grace_pct = excluded.grace_pct, grace_cents = excluded.grace_cents, updated_at = now(), updated_by = excluded.updated_by
           where (m.grace_pct, m.grace_cents) is distinct from (excluded.grace_pct, excluded.grace_cents)
         returning 1`,
        [ctx.auth.tenantId, after.grace_pct, after.grace_cents, ctx.auth.email ?? ctx.auth.userId],
      );
      const saved = await readMapSettings(ctx.tx, ctx.auth.tenantId);
      // a first save of the defaults (0 and 0) writes a row but changes no grace
      if (written.length === 0 || (before.grace_pct === saved.grace_pct && before.grace_cents === saved.grace_cents)) {
        return one({ ...saved, violations_opened: 0, violations_resolved: 0 });
      }
      // the new grace applies at once: every listing with a MAP is checked again
      const { rows } = await ctx.tx.query<{ id: string }>(
        `select l.id from listings l join product_variants v on v.id = l.variant_id where l.tenant_id = $1 and v.map_price_cents is not null`,
        [ctx.auth.tenantId],
      );
      let opened = 0;
      let resolved = 0;
      for (let i = 0; i < rows.length; i += 1000) {
        const r = await refreshViolations(ctx.tx, ctx.auth.tenantId, rows.slice(i, i + 1000).map((x) => x.id));
        opened += r.opened.length;
        resolved += r.resolved.length;
        for (const v of r.opened) await ctx.emit(LISTING_EVENTS.violationOpened, v);
        for (const v of r.resolved) await ctx.emit(LISTING_EVENTS.violationResolved, v);
        await emitOpenedHistoryOnly(ctx.tx, ctx.auth.tenantId, r.opened);
      }
      await ctx.audit({ action: 'map_settings.update', resource: 'map_settings', resourceId: 'map', before, after: { grace_pct: saved.grace_pct, grace_cents: saved.grace_cents } });
      return one({ ...saved, violations_opened: opened, violations_resolved: resolved });
    },
  });

  api.route({
    method: 'GET',
    url: '/listings/jobs/:id',
    access: listingsPermissions.listings.read,
    answer: oneAnswer(listingJob),
    params: listingJobParams,
    async handler({ tx, auth, params }) {
      const job = await getJob(tx, auth.tenantId, params.id);
      if (!job) throw notFound('Job');
      return one(job);
    },
  });

  api.route({
    method: 'GET',
    url: '/listings/:id',
    access: listingsPermissions.listings.read,
    answer: oneAnswer(listingDetail),
    params: listingParams,
    async handler({ tx, auth, params }) {
      return one(await detail(tx, auth.tenantId, params.id));
    },
  });

  api.route({
    method: 'POST',
    url: '/listings',
    access: 'write:products',
    body: listingCreate,
    async handler(ctx) {
      // the listing poster can be switched off per store (docs/settings.md "Feature flags")
      await requireFlag(ctx.tx, ctx.auth.tenantId, 'enableListingPoster', 'Creating listings');
      const id = await createListing(ctx.tx, ctx.auth.tenantId, ctx.body, ctx.auth.email ?? ctx.auth.userId);
      const after = await detail(ctx.tx, ctx.auth.tenantId, id);
      await ctx.audit({ action: 'listing.create', resource: 'listing', resourceId: id, after: mapListing({ ...after, offers: undefined } as never) });
      if (ctx.body.status === 'active') await ctx.emit(LISTING_EVENTS.changed, { id, action: 'create' });
      ctx.status(201);
      return one(after);
    },
  });

  api.route({
    method: 'PUT',
    url: '/listings/:id',
    lock: { table: 'listings', what: 'Listing' },
    access: 'write:products',
    params: listingParams,
    body: listingUpdate,
    async handler(ctx) {
      const before = await detail(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      await updateListing(ctx.tx, ctx.auth.tenantId, ctx.params.id, ctx.body, ctx.auth.email ?? ctx.auth.userId);
      const after = await detail(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      await ctx.audit({
        action: 'listing.update',
        resource: 'listing',
        resourceId: ctx.params.id,
        before: { price_cents: before.price_cents, status: before.status, title: before.title, quantity_rule: before.quantity_rule },
        after: { price_cents: after.price_cents, status: after.status, title: after.title, quantity_rule: after.quantity_rule },
      });
      if (after.sync_state === 'pending') await ctx.emit(LISTING_EVENTS.changed, { id: ctx.params.id, action: 'update' });
      return one(after);
    },
  });

  api.route({
    method: 'DELETE',
    url: '/listings/:id',
    lock: { table: 'listings', what: 'Listing' },
    access: 'write:products',
    params: listingParams,
    async handler(ctx) {
      const before = await detail(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      await ctx.tx.query('delete from listings where tenant_id = $1 and id = $2', [ctx.auth.tenantId, ctx.params.id]);
      await ctx.audit({ action: 'listing.delete', resource: 'listing', resourceId: before.id, before: { sku: before.sku, marketplace_id: before.marketplace_id, status: before.status } });
      // the push consumer ends the item on the marketplace
      await ctx.emit(LISTING_EVENTS.deleted, { id: before.id, marketplace_id: before.marketplace_id, external_id: before.external_id, sku: before.sku });
      return one({ id: before.id, deleted: true });
    },
  });

  api.route({
    method: 'POST',
    url: '/listings/bulk-actions',
    access: 'write:products',
    body: listingBulkAction,
    async handler(ctx) {
      const r = await bulkAction(ctx.tx, ctx.auth.tenantId, ctx.body, ctx.auth.email ?? ctx.auth.userId);
      for (const id of r.changed) await ctx.emit(LISTING_EVENTS.changed, { id, action: ctx.body.action });
      await ctx.audit({ action: `listing.bulk_${ctx.body.action}`, resource: 'listing', after: { ids: r.changed, price_cents: ctx.body.price_cents, price_delta_pct: ctx.body.price_delta_pct, buffer: ctx.body.buffer } });
      const succeeded = r.results.filter((x) => x.ok).length;
      return { action: ctx.body.action, succeeded, failed: r.results.length - succeeded, results: r.results };
    },
  });

  api.route({
    method: 'POST',
    url: '/listings/bulk',
    access: 'write:products',
    body: listingBulkCreate,
    async handler(ctx) {
      await requireFlag(ctx.tx, ctx.auth.tenantId, 'enableListingPoster', 'Creating listings');
      const b = ctx.body;
      const actor = ctx.auth.email ?? ctx.auth.userId;
      const plan = await planBulkCreate(ctx.tx, ctx.auth.tenantId, b);
      const asJob = b.mode === 'job' || (b.mode !== 'sync' && plan.plans.length > BULK_SYNC_MAX);
      if (!asJob) {
        const created = await insertPlanned(ctx.tx, ctx.auth.tenantId, plan.plans, b.quantity_rule, b.status, actor, { correlationId: ctx.req.correlationId });
        await ctx.audit({ action: 'listing.bulk_create', resource: 'listing', after: { created, marketplace_ids: b.marketplace_ids } });
        return { created, skipped: plan.skipped + (plan.plans.length - created), failed: 0, total: plan.total, job: null };
      }
      const { rows } = await ctx.tx.query<{ id: string }>(`insert into listing_jobs (tenant_id, total, created_by) values ($1, $2, $3) returning id`, [ctx.auth.tenantId, plan.plans.length, ctx.auth.userId]);
      const jobId = rows[0].id;
      await ctx.audit({ action: 'listing.bulk_create_job', resource: 'listing', resourceId: jobId, after: { planned: plan.plans.length, marketplace_ids: b.marketplace_ids } });
      // the job starts once its row is committed (the answer has gone out)
      ctx.reply.raw.once('finish', () => {
        void runBulkJob(api.services.db, ctx.auth.tenantId, jobId, b, actor, ctx.req.correlationId);
      });
      ctx.status(202);
      const job = (await getJob(ctx.tx, ctx.auth.tenantId, jobId))!;
      return { job };
    },
  });
};

/** History lines of violations opened by a settings change (their events go through ctx.emit). */
async function emitOpenedHistoryOnly(tx: Parameters<typeof listingEvent>[0], tenantId: string, opened: Awaited<ReturnType<typeof refreshViolations>>['opened']) {
  for (const v of opened) await violationOpenedHistory(tx, tenantId, v);
}

export default defineModule({ name: 'listings', routes: listings, consumers: [listingPushConsumer], live: listingsLive });
