/**
 * Listings API end to end: validation, the cost check, the push through the sandbox (accepted with
 * an external id and competitor offers, or refused for a missing image with the marketplace's
 * reason), bulk create and bulk actions, tenant isolation, ticks turning into orders and settlements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs } from './tokens';
import { setImages, variantsWithMap, waitForListing, type TestVariant } from './listings-support';
import { waitFor } from './wait-for';
import { MISSING_IMAGE } from '../../server/marketplaces/sandbox/reasons';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const SELLER = 'seller@demo.local';
const AGENT = 'agent@demo.local';
const ADMIN = 'admin@demo.local';
const NW = 'owner@northwind.local';
let amazon: string;
let vs: TestVariant[];

beforeAll(async () => {
  h = await startServer();
  amazon = (await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'amazon', name: 'Amazon listings test', sandbox_order_rate: 1 })).body.data.id;
  vs = await variantsWithMap(h, 12);
  for (const v of vs.slice(0, 10)) await setImages(h, v.product_id, [`https://img.example.com/${v.sku}.jpg`]);
  await setImages(h, vs[10].product_id, []);
});
afterAll(async () => h?.close());

describe('POST /api/listings', () => {
  it('validates fields and refuses a price below cost unless confirmed', async () => {
    const bad = await call(SELLER, 'POST', '/api/listings', { variant_id: 'x', marketplace_id: amazon, price_cents: -1, quantity_rule: { mode: 'fixed' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['variant_id', 'price_cents']));
    const v = vs[9];
    const low = await call(SELLER, 'POST', '/api/listings', { variant_id: v.id, marketplace_id: amazon, price_cents: v.cost_cents - 1 });
    expect(low.status).toBe(409);
    expect(low.body.code).toBe('below_cost');
    expect(low.body.errors.price_cents).toMatch(/below cost/);
    const ok = await call(SELLER, 'POST', '/api/listings', { variant_id: v.id, marketplace_id: amazon, price_cents: v.cost_cents - 1, confirm_below_cost: true, status: 'draft' });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ status: 'draft', sync_state: 'synced', price_cents: v.cost_cents - 1 });
    const dup = await call(SELLER, 'POST', '/api/listings', { variant_id: v.id, marketplace_id: amazon, price_cents: v.price_cents });
    expect(dup.status).toBe(409);
  });

  it('pushes an active listing through the sandbox: active, external id, competitor offers and a buy-box owner', async () => {
    const v = vs[0];
    const r = await call(SELLER, 'POST', '/api/listings', { variant_id: v.id, marketplace_id: amazon, price_cents: v.map_cents + 500, quantity_rule: { mode: 'stock_minus_buffer', buffer: 1 } });
    expect(r.status).toBe(201);
    expect(r.body.data.sync_state).toBe('pending');
    const l = await waitForListing(h, SELLER, r.body.data.id, (x) => x.sync_state === 'synced');
    expect(l.status).toBe('active');
    expect(l.external_id).toMatch(/^ASIN-SBX-/);
    expect(l.feed_message).toBeNull();
    expect(l.image_url).toBe(`https://img.example.com/${v.sku}.jpg`);
    expect((l.offers as unknown[]).length).toBe(l.competitors_count);
    expect(l.competitors_count).toBeLessThanOrEqual(8);
    // our own offer is always a candidate, so an active listing has a buy-box owner
    expect(l.buy_box_owner).not.toBeNull();
    expect((l.history as { kind: string }[]).map((x) => x.kind)).toEqual(expect.arrayContaining(['created', 'pushed']));
  });

  it('a listing without an image is refused with the marketplace reason as its feed message', async () => {
    const v = vs[10];
    const r = await call(SELLER, 'POST', '/api/listings', { variant_id: v.id, marketplace_id: amazon, price_cents: v.map_cents });
    const l = await waitForListing(h, SELLER, r.body.data.id, (x) => x.status === 'error');
    expect(l.feed_message).toBe(MISSING_IMAGE.amazon);
    expect(l.external_id).toBeNull();
    // an image added and the listing asked for again: accepted
    await setImages(h, v.product_id, [`https://img.example.com/${v.sku}-fixed.jpg`]);
    const again = await call(SELLER, 'PUT', `/api/listings/${r.body.data.id}`, { status: 'active' });
    expect(again.status).toBe(200);
    const fixed = await waitForListing(h, SELLER, r.body.data.id, (x) => x.status === 'active' && x.sync_state === 'synced');
    expect(fixed.feed_message).toBeNull();
  });
});

describe('GET /api/listings', () => {
  it('filters by marketplace, status, price range and search, sorts, pages by cursor; validates the query', async () => {
    const all = await call(AGENT, 'GET', `/api/listings?marketplace_id=${amazon}&limit=1&sort=price&order=asc`);
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(1);
    expect(all.body.pagination.next_cursor).toBeTruthy();
    const next = await call(AGENT, 'GET', `/api/listings?marketplace_id=${amazon}&limit=1&sort=price&order=asc&cursor=${all.body.pagination.next_cursor}`);
    expect(next.body.data[0].price_cents).toBeGreaterThanOrEqual(all.body.data[0].price_cents);
    expect(next.body.data[0].id).not.toBe(all.body.data[0].id);
    const drafts = await call(AGENT, 'GET', `/api/listings?marketplace_id=${amazon}&status=draft`);
    expect(drafts.body.data.every((l: { status: string }) => l.status === 'draft')).toBe(true);
    const v = vs[0];
    const bySku = await call(AGENT, 'GET', `/api/listings?search=${encodeURIComponent(v.sku)}`);
    expect(bySku.body.data.map((l: { sku: string }) => l.sku)).toContain(v.sku);
    const range = await call(AGENT, 'GET', `/api/listings?price_min_cents=${v.map_cents + 500}&price_max_cents=${v.map_cents + 500}`);
    expect(range.body.data.every((l: { price_cents: number }) => l.price_cents === v.map_cents + 500)).toBe(true);
    const bad = await call(AGENT, 'GET', '/api/listings?status=sold&sort=zzz&price_min_cents=-4');
    expect(bad.status).toBe(400);
    expect((await call(AGENT, 'GET', '/api/listings?cursor=bogus')).status).toBe(400);
  });

  it('keeps tenants apart', async () => {
    const demo = await call(ADMIN, 'GET', `/api/listings?marketplace_id=${amazon}`);
    const id = demo.body.data[0].id;
    expect((await call(NW, 'GET', `/api/listings/${id}`)).status).toBe(404);
    expect((await call(NW, 'PUT', `/api/listings/${id}`, { price_cents: 1 })).status).toBe(404);
    expect((await call(NW, 'DELETE', `/api/listings/${id}`)).status).toBe(404);
    const nw = await call(NW, 'GET', `/api/listings?marketplace_id=${amazon}`);
    expect(nw.body.data).toHaveLength(0);
    const bulk = await call(NW, 'POST', '/api/listings/bulk-actions', { action: 'pause', ids: [id] });
    expect(bulk.body.results[0]).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('bulk', () => {
  it('creates listings from products at once for a small batch, skipping pairs already listed', async () => {
    const ebay = (await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'ebay', name: 'eBay bulk' })).body.data.id;
    const products = vs.slice(1, 4).map((v) => v.product_id);
    const r = await call(SELLER, 'POST', '/api/listings/bulk', { marketplace_ids: [ebay], product_ids: products, status: 'draft' });
    expect(r.status).toBe(200);
    expect(r.body.job).toBeNull();
    expect(r.body.created).toBeGreaterThanOrEqual(3);
    const again = await call(SELLER, 'POST', '/api/listings/bulk', { marketplace_ids: [ebay], product_ids: products, status: 'draft' });
    expect(again.body).toMatchObject({ created: 0, skipped: r.body.created });
    expect((await call(SELLER, 'POST', '/api/listings/bulk', { marketplace_ids: [ebay] })).status).toBe(400);
  });

  it('runs a bulk creation as a job with progress', async () => {
    const walmart = (await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'walmart', name: 'Walmart job' })).body.data.id;
    const r = await call(SELLER, 'POST', '/api/listings/bulk', { marketplace_ids: [walmart], variant_ids: vs.slice(4, 8).map((v) => v.id), status: 'draft', mode: 'job' });
    expect(r.status).toBe(202);
    const job = await waitFor(async () => {
      const j = await call(SELLER, 'GET', `/api/listings/jobs/${r.body.job.id}`);
      return j.body.data.status === 'done' ? j.body.data : null;
    }, 'the bulk job');
    expect(job).toMatchObject({ total: 4, done: 4, percent: 100, result: { created: 4, skipped: 0 } });
    expect((await call(NW, 'GET', `/api/listings/jobs/${r.body.job.id}`)).status).toBe(404);
  });

  it('bulk actions: change price (below cost refused per listing), buffer, pause and end', async () => {
    const list = await call(SELLER, 'GET', `/api/listings?marketplace_id=${amazon}&status=active`);
    const ids = list.body.data.map((l: { id: string }) => l.id);
    expect(ids.length).toBeGreaterThan(0);
    const price = await call(SELLER, 'POST', '/api/listings/bulk-actions', { action: 'change_price', ids, price_delta_pct: 10 });
    expect(price.status).toBe(200);
    expect(price.body.succeeded).toBe(ids.length);
    const after = await call(SELLER, 'GET', `/api/listings/${ids[0]}`);
    const before = list.body.data[0].price_cents;
    expect(after.body.data.price_cents).toBe(Math.round(before * 1.1));
    const loss = await call(SELLER, 'POST', '/api/listings/bulk-actions', { action: 'change_price', ids, price_cents: 1 });
    expect(loss.body.failed).toBe(ids.length);
    expect(loss.body.results[0].error.code).toBe('below_cost');
    const buf = await call(SELLER, 'POST', '/api/listings/bulk-actions', { action: 'change_quantity_buffer', ids, buffer: 3 });
    expect(buf.body.succeeded).toBe(ids.length);
    expect((await call(SELLER, 'GET', `/api/listings/${ids[0]}`)).body.data.quantity_rule).toEqual({ mode: 'stock_minus_buffer', buffer: 3 });
    expect((await call(SELLER, 'POST', '/api/listings/bulk-actions', { action: 'change_price', ids })).status).toBe(400);
    const pause = await call(SELLER, 'POST', '/api/listings/bulk-actions', { action: 'pause', ids });
    expect(pause.body.succeeded).toBe(ids.length);
    await waitForListing(h, SELLER, ids[0], (x) => x.status === 'paused' && x.sync_state === 'synced');
    const act = await call(SELLER, 'POST', '/api/listings/bulk-actions', { action: 'activate', ids });
    expect(act.body.succeeded).toBe(ids.length);
    await waitForListing(h, SELLER, ids[0], (x) => x.status === 'active' && x.sync_state === 'synced');
  });
});

describe('GET /api/listings', () => {
  it('writes each list row exactly as the detail reads it, and pages by cursor without gaps', async () => {
    const all = await call(SELLER, 'GET', `/api/listings?marketplace_id=${amazon}&limit=100`);
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThan(1);
    for (const row of all.body.data.slice(0, 5)) {
      const { offers: _o, history: _h, ...detail } = (await call(SELLER, 'GET', `/api/listings/${row.id}`)).body.data;
      expect(row).toEqual(detail);
    }
    // one at a time by cursor: the same rows in the same order
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { id: string }[]; pagination: { next_cursor: string | null } } } = await call(
        SELLER, 'GET', `/api/listings?marketplace_id=${amazon}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.body.data.map((l) => l.id));
      cursor = page.body.pagination.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.body.data.map((l: { id: string }) => l.id));
  });
});

describe('sandbox ticks become orders and settlements', () => {
  it('sells active listings: orders with the marketplace and external id, then a payout', async () => {
    // order rate 1: every buyable listing sells each tick it holds the buy box (a third otherwise)
    const t = await call(AGENT, 'POST', `/api/marketplaces/${amazon}/sandbox/tick`, { ticks: 14 });
    expect(t.status).toBe(200);
    expect(t.body.data.orders_created).toBeGreaterThan(0);
    expect(t.body.data.settlements_created).toBe(1);
    const orders = await waitFor(async () => {
      const o = await call(SELLER, 'GET', '/api/orders?marketplace=amazon&limit=100');
      const ours = o.body.data.filter((x: { external_order_id: string | null }) => x.external_order_id?.startsWith('AMAZON-SBX-'));
      return ours.length >= t.body.data.orders_created ? ours : null;
    }, 'the synced orders');
    expect(orders[0]).toMatchObject({ marketplace: 'amazon', status: 'pending' });
    const settlements = await waitFor(async () => {
      const s = await call(SELLER, 'GET', `/api/marketplaces/${amazon}/settlements`);
      return s.body.data.length > 0 ? s.body.data : null;
    }, 'the settlement');
    const s = settlements[0];
    expect(s.net_cents).toBe(s.gross_cents - s.fees_cents);
    // Amazon's schedule: 15 % of each order, rounded per order
    expect(Math.abs(s.fees_cents - s.gross_cents * 0.15)).toBeLessThanOrEqual(s.orders_count);
    expect(s.fees_cents).toBeGreaterThan(0);
    const acc = await call(SELLER, 'GET', `/api/marketplaces/${amazon}`);
    expect(acc.body.data.last_sync_at).not.toBeNull();
  });

  it('deletes a listing and its item ends on the marketplace', async () => {
    const list = await call(SELLER, 'GET', `/api/listings?marketplace_id=${amazon}&status=active`);
    const id = list.body.data[0].id;
    expect((await call(AGENT, 'DELETE', `/api/listings/${id}`)).status).toBe(200);
    expect((await call(AGENT, 'GET', `/api/listings/${id}`)).status).toBe(404);
  });
});
