/**
 * Pricing API end to end (docs/repricing.md): rules CRUD and validation, the dry-run preview, the
 * propose command, the proposal lifecycle (approve pushes through the sandbox connector, reject,
 * edit within bounds, expiry when the inputs changed, bulk), auto-apply by the repricer consumer,
 * a connector refusal landing in the listing's state, tenant isolation and roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { setImages, variantsWithMap, waitForListing, type TestVariant } from './listings-support';
import { waitFor } from './wait-for';
import { repricerSettled, setOffers } from './pricing-support';
import { MISSING_IMAGE } from '../../server/marketplaces/sandbox/reasons';
import { hasPermission } from '../../contract/permissions';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const SELLER = 'seller@demo.local';
const AGENT = 'agent@demo.local';
const ADMIN = 'admin@demo.local';
const NW = 'owner@northwind.local';
let amazon: string;
let vs: TestVariant[];
const listings: { id: string; price: number; acme: number }[] = [];
let defaultRule: string;

/** A start price well above the cost floor (amazon 15 % fee, 10 % margin), so beating Acme is a real move. */
const startPrice = (v: TestVariant) => Math.max(v.map_cents, Math.ceil((v.cost_cents * 10_000) / 7_500)) + 3000;

beforeAll(async () => {
  h = await startServer();
  amazon = (await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'amazon', name: 'Amazon pricing test', sandbox_order_rate: 0 })).body.data.id;
  vs = await variantsWithMap(h, 7);
  for (const v of vs) await setImages(h, v.product_id, [`https://img.example.com/${v.sku}.jpg`]);
  for (const v of vs) {
    const price = startPrice(v);
    const r = await call(SELLER, 'POST', '/api/listings', { variant_id: v.id, marketplace_id: amazon, price_cents: price });
    expect(r.status).toBe(201);
    listings.push({ id: r.body.data.id, price, acme: price - 1000 });
  }
  for (const l of listings) await waitForListing(h, SELLER, l.id, (x) => x.sync_state === 'synced' && x.status === 'active');
  // deterministic competition: Acme 10 $ below us, and a cheaper seller the rules filter out (rating 40)
  for (const l of listings) await setOffers(h, l.id, [{ seller: 'Acme', price_cents: l.acme }, { seller: 'Cheapo', price_cents: 100, rating: 40 }], 'Acme');
}, 300_000);
afterAll(async () => h?.close());

describe('pricing rules', () => {
  it('validates the body, the margin against the fees, and the scope', async () => {
    const bad = await call(SELLER, 'POST', '/api/pricing/rules', { name: '', strategy: 'undercut', step_value: -1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['name', 'strategy', 'step_value']));
    const margin = await call(SELLER, 'POST', '/api/pricing/rules', { name: 'Too greedy', min_margin_bp: 9000 });
    expect(margin.status).toBe(400);
    expect(margin.body.errors.min_margin_bp).toMatch(/below 100 %/);
    const scope = await call(SELLER, 'POST', '/api/pricing/rules', { name: 'Nowhere', scope: { type: 'marketplace', marketplace_id: '00000000-0000-4000-8000-000000000000' } });
    expect(scope.status).toBe(400);
    expect(scope.body.errors['scope.marketplace_id']).toBe('Unknown marketplace');
    const empty = await call(SELLER, 'POST', '/api/pricing/rules', { name: 'No set', scope: { type: 'products' } });
    expect(empty.status).toBe(400);
  });

  it('creates, reads, updates and deletes; the most specific rule governs a listing', async () => {
    const r = await call(SELLER, 'POST', '/api/pricing/rules', { name: 'Tenant default', mode: 'proposals', strategy: 'beat_lowest', step_value: 1, filters: { min_rating: 90 } });
    expect(r.status).toBe(201);
    defaultRule = r.body.data.id;
    expect(r.body.data).toMatchObject({ name: 'Tenant default', scope: { type: 'tenant' }, min_margin_bp: 1000, enabled: true });
    expect(r.body.data.listings_count).toBeGreaterThanOrEqual(listings.length);
    await repricerSettled(h);

    const specific = await call(SELLER, 'POST', '/api/pricing/rules', { name: 'One listing', enabled: false, scope: { type: 'listings', listing_ids: [listings[6].id] } });
    expect(specific.status).toBe(201);
    expect(specific.body.data.listings_count).toBe(0); // disabled rules govern nothing
    const on = await call(SELLER, 'PUT', `/api/pricing/rules/${specific.body.data.id}`, { enabled: true, name: 'One listing (on)' });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ enabled: true, name: 'One listing (on)', listings_count: 1 });
    expect(on.body.data.updated_at > specific.body.data.updated_at).toBe(true);
    const all = await call(SELLER, 'GET', '/api/pricing/rules?sort=name');
    expect(all.body.data.map((x: { name: string }) => x.name)).toEqual(['One listing (on)', 'Tenant default']);
    expect((await call(SELLER, 'GET', `/api/pricing/rules/${defaultRule}`)).body.data.listings_count).toBe(r.body.data.listings_count - 1);
    const gone = await call(SELLER, 'DELETE', `/api/pricing/rules/${specific.body.data.id}`);
    expect(gone.status).toBe(200);
    expect((await call(SELLER, 'GET', `/api/pricing/rules/${specific.body.data.id}`)).status).toBe(404);
    expect((await call(SELLER, 'PUT', `/api/pricing/rules/${defaultRule}`, {})).status).toBe(400);
    await repricerSettled(h);
  });

  it('previews a draft with the engine in dry run: counts add up and nothing is written', async () => {
    const count = async () => h.db.transaction(async (tx) => Number((await tx.query<{ n: string }>('select count(*) as n from price_decisions')).rows[0].n), { tenantId: DEMO_TENANT.id });
    const before = await count();
    const p = await call(SELLER, 'POST', '/api/pricing/rules/preview', { rule: { name: 'Draft', strategy: 'match_lowest', filters: { min_rating: 90 }, scope: { type: 'marketplace', marketplace_id: amazon } } });
    expect(p.status).toBe(200);
    const s = p.body.data;
    expect(s.listings).toBe(listings.length);
    expect(s.down + s.up + s.unchanged).toBe(s.listings);
    expect(s.down).toBe(listings.length); // everyone matches Acme, 10 $ lower
    expect(s.summary).toBe(`With today's offers this rule would price ${s.listings} listings: ${s.down} down, ${s.up} up, ${s.unchanged} unchanged; ${s.at_floor} at floor`);
    const sample = s.samples.find((x: { listing_id: string }) => x.listing_id === listings[0].id);
    expect(sample).toMatchObject({ old_price_cents: listings[0].price, new_price_cents: listings[0].acme });
    expect(await count()).toBe(before);
    expect((await call(SELLER, 'POST', '/api/pricing/rules/preview', { rule: { name: 'x', min_margin_bp: 9500 } })).status).toBe(400);
  });

  it("a product set's supplier must be the tenant's own: another tenant's is refused per field and nothing is stored", async () => {
    const supplierOf = (tenantId: string) =>
      h.db.transaction(async (tx) => (await tx.query<{ id: string }>('select id from suppliers where tenant_id = $1 order by id limit 1', [tenantId])).rows[0].id, { tenantId });
    const foreign = await supplierOf(NORTHWIND_TENANT.id); // Northwind Outlet's
    const own = await supplierOf(DEMO_TENANT.id);
    const stored = () =>
      h.db.transaction(async (tx) => (await tx.query<{ id: string; scope: { supplier_id?: string } }>('select id, scope from pricing_rules where tenant_id = $1', [DEMO_TENANT.id])).rows, { tenantId: DEMO_TENANT.id });
    const before = await stored();

    const scope = (supplier_id: string) => ({ type: 'products', supplier_id });
    const bad = await call(SELLER, 'POST', '/api/pricing/rules', { name: 'Their supplier', enabled: false, scope: scope(foreign) });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    expect(bad.body.errors).toEqual({ 'scope.supplier_id': 'Unknown supplier' });
    const preview = await call(SELLER, 'POST', '/api/pricing/rules/preview', { rule: { name: 'Their supplier', scope: scope(foreign) } });
    expect(preview.status).toBe(400);
    expect(preview.body.errors['scope.supplier_id']).toBe('Unknown supplier');
    expect(await stored()).toEqual(before);

    const ok = await call(SELLER, 'POST', '/api/pricing/rules', { name: 'Our supplier', enabled: false, scope: { ...scope(own), tag: 'x' } });
    expect(ok.status).toBe(201);
    expect(ok.body.data.scope).toEqual({ type: 'products', supplier_id: own, tag: 'x' });
    // an update cannot move it to the other tenant's supplier either
    const moved = await call(SELLER, 'PUT', `/api/pricing/rules/${ok.body.data.id}`, { scope: scope(foreign) });
    expect(moved.status).toBe(400);
    expect(moved.body.errors['scope.supplier_id']).toBe('Unknown supplier');
    expect((await call(SELLER, 'GET', `/api/pricing/rules/${ok.body.data.id}`)).body.data.scope.supplier_id).toBe(own);
    expect((await stored()).some((r) => r.scope.supplier_id === foreign)).toBe(false);
    expect((await call(SELLER, 'DELETE', `/api/pricing/rules/${ok.body.data.id}`)).status).toBe(200);
    await repricerSettled(h);
  });
});

describe('proposals', () => {
  const proposals: Record<string, string> = {};

  it('propose computes proposals for a selection and changes no price', async () => {
    const ids = listings.slice(0, 5).map((l) => l.id);
    const r = await call(SELLER, 'POST', '/api/pricing/propose', { listing_ids: ids });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ evaluated: 5, proposals_created: 5, down: 5 });
    for (const p of r.body.data.proposals) {
      const l = listings.find((x) => x.id === p.listing_id)!;
      proposals[l.id] = p.id;
      expect(p).toMatchObject({ status: 'pending', old_price_cents: l.price, new_price_cents: l.acme - 1 });
      expect(p.reason).toBe(`Lowered $10.01 to beat Acme at $${(l.acme / 100).toFixed(2)}; floor $${(p.floor_cents / 100).toFixed(2)} (${p.floor_cents === vs[listings.indexOf(l)].map_cents ? 'MAP' : 'cost, fees and margin'})`);
      expect(p.margin_after_cents).toBeLessThan(p.margin_before_cents);
    }
    for (const l of listings.slice(0, 5)) expect((await call(SELLER, 'GET', `/api/listings/${l.id}`)).body.data.price_cents).toBe(l.price);
    const bad = await call(SELLER, 'POST', '/api/pricing/propose', {});
    expect(bad.status).toBe(400);
  });

  it('lists proposals by status, marketplace and margin impact, sorted and paged', async () => {
    const r = await call(SELLER, 'GET', `/api/pricing/proposals?status=pending&marketplace_id=${amazon}&margin_impact=down&sort=change&order=desc&limit=2`);
    expect(r.status).toBe(200);
    expect(r.body.pagination.total).toBeGreaterThanOrEqual(5);
    expect(r.body.data).toHaveLength(2);
    const changes = r.body.data.map((p: { old_price_cents: number; new_price_cents: number }) => Math.abs(p.new_price_cents - p.old_price_cents));
    expect(changes[0]).toBeGreaterThanOrEqual(changes[1]);
    expect((await call(SELLER, 'GET', '/api/pricing/proposals?status=bogus')).status).toBe(400);
  });

  it('approve applies the price, pushes it through the sandbox connector and logs the reason', async () => {
    const l = listings[0];
    const r = await call(SELLER, 'POST', `/api/pricing/proposals/${proposals[l.id]}/approve`, {});
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'applied', new_price_cents: l.acme - 1, decided_by: SELLER });
    const pushed = await waitForListing(h, SELLER, l.id, (x) => x.price_cents === l.acme - 1 && x.sync_state === 'synced');
    const history = pushed.history as { kind: string; message: string }[];
    expect(history.some((e) => e.kind === 'pushed' && e.message.includes(`$${((l.acme - 1) / 100).toFixed(2)}`))).toBe(true);
    expect(history.some((e) => e.kind === 'updated' && e.message.includes('to beat Acme'))).toBe(true);
    const ph = await call(SELLER, 'GET', `/api/listings/${l.id}/price-history`);
    expect(ph.status).toBe(200);
    expect(ph.body.data[0]).toMatchObject({ applied: true, new_price_cents: l.acme - 1, strategy: 'beat_lowest', trigger: 'propose', buy_box_owner: 'Acme' });
    expect(ph.body.data[0].competitor_prices).toEqual(expect.arrayContaining([{ seller: 'Acme', price_cents: l.acme }]));
    const again = await call(SELLER, 'POST', `/api/pricing/proposals/${proposals[l.id]}/approve`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('proposal_decided');
  });

  it('reject leaves the price; an edited price must stay between the floor and the ceiling', async () => {
    const rej = await call(AGENT, 'POST', `/api/pricing/proposals/${proposals[listings[1].id]}/reject`, {});
    expect(rej.status).toBe(200);
    expect(rej.body.data.status).toBe('rejected');
    expect((await call(SELLER, 'GET', `/api/listings/${listings[1].id}`)).body.data.price_cents).toBe(listings[1].price);

    const p = (await call(SELLER, 'GET', `/api/pricing/proposals?listing_id=${listings[2].id}&status=pending`)).body.data[0];
    const low = await call(SELLER, 'POST', `/api/pricing/proposals/${p.id}/approve`, { price_cents: p.floor_cents - 1 });
    expect(low.status).toBe(400);
    expect(low.body.errors.price_cents).toMatch(/between the floor/);
    const edited = await call(SELLER, 'POST', `/api/pricing/proposals/${p.id}/approve`, { price_cents: p.new_price_cents + 7 });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ status: 'applied', new_price_cents: p.new_price_cents + 7 });
    expect((await call(SELLER, 'GET', `/api/listings/${listings[2].id}`)).body.data.price_cents).toBe(p.new_price_cents + 7);
  });

  it('a proposal expires when its inputs changed', async () => {
    const l = listings[3];
    const put = await call(SELLER, 'PUT', `/api/listings/${l.id}`, { price_cents: l.price + 100 });
    expect(put.status).toBe(200);
    const r = await call(SELLER, 'POST', `/api/pricing/proposals/${proposals[l.id]}/approve`, {});
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('proposal_expired');
    const listed = await call(SELLER, 'GET', `/api/pricing/proposals?listing_id=${l.id}`);
    expect(listed.body.data.find((x: { id: string }) => x.id === proposals[l.id]).status).toBe('expired');
    expect((await call(SELLER, 'GET', `/api/listings/${l.id}`)).body.data.price_cents).toBe(l.price + 100);
  });

  it('bulk approve by ids reports each; bulk reject by filter takes every pending one', async () => {
    const r = await call(SELLER, 'POST', '/api/pricing/proposals/bulk', { action: 'approve', ids: [proposals[listings[4].id], '00000000-0000-4000-8000-000000000000'] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ action: 'approve', succeeded: 1, failed: 1 });
    expect(r.body.results[1].error.code).toBe('not_found');
    expect((await call(SELLER, 'GET', `/api/listings/${listings[4].id}`)).body.data.price_cents).toBe(listings[4].acme - 1);

    await call(SELLER, 'POST', '/api/pricing/propose', { listing_ids: [listings[1].id] });
    const pending = (await call(SELLER, 'GET', `/api/pricing/proposals?status=pending&marketplace_id=${amazon}`)).body.pagination.total;
    expect(pending).toBeGreaterThan(0);
    const rej = await call(SELLER, 'POST', '/api/pricing/proposals/bulk', { action: 'reject', filter: { marketplace_id: amazon } });
    expect(rej.body).toMatchObject({ succeeded: pending, failed: 0 });
    expect((await call(SELLER, 'GET', `/api/pricing/proposals?status=pending&marketplace_id=${amazon}`)).body.pagination.total).toBe(0);
    expect((await call(SELLER, 'POST', '/api/pricing/proposals/bulk', { action: 'reject' })).status).toBe(400);
  });

  it('a refusal from the connector goes back into the listing', async () => {
    const l = listings[1];
    const p = (await call(SELLER, 'POST', '/api/pricing/propose', { listing_ids: [l.id] })).body.data.proposals[0];
    await setImages(h, vs[1].product_id, []);
    const r = await call(SELLER, 'POST', `/api/pricing/proposals/${p.id}/approve`, {});
    expect(r.status).toBe(200);
    const refused = await waitForListing(h, SELLER, l.id, (x) => x.status === 'error');
    expect(refused.feed_message).toBe(MISSING_IMAGE.amazon);
    expect(refused.price_cents).toBe(p.new_price_cents);
  });
});

describe('repricer', () => {
  it('auto-apply: a rule change re-evaluates its listings and pushes the new price', async () => {
    const l = listings[5];
    const r = await call(SELLER, 'POST', '/api/pricing/rules', { name: 'Auto match', mode: 'auto', strategy: 'match_lowest', filters: { min_rating: 90 }, scope: { type: 'listings', listing_ids: [l.id] } });
    expect(r.status).toBe(201);
    const pushed = await waitForListing(h, SELLER, l.id, (x) => x.price_cents === l.acme && x.sync_state === 'synced');
    expect((pushed.history as { kind: string }[]).some((e) => e.kind === 'pushed')).toBe(true);
    const ph = (await call(SELLER, 'GET', `/api/listings/${l.id}/price-history`)).body.data;
    expect(ph[0]).toMatchObject({ applied: true, trigger: 'rule_change', strategy: 'match_lowest', rule_id: r.body.data.id, new_price_cents: l.acme });
    expect(ph[0].reason).toMatch(/^Lowered \$10\.00 to match Acme at/);
    await repricerSettled(h);
  });

  it('a rule on single listings re-evaluates those listings alone, not the tenant', async () => {
    await repricerSettled(h);
    const [a, b] = [listings[6], listings[4]];
    // b's competition moves with no event: only a sweep (or b's own events) may decide it again
    await setOffers(h, b.id, [{ seller: 'Acme', price_cents: b.acme - 7 }], 'Acme');
    const historyOf = async (id: string) => (await call(SELLER, 'GET', `/api/listings/${id}/price-history`)).body.data as { trigger: string; rule_id: string | null }[];
    const bBefore = (await historyOf(b.id)).length;
    const r = await call(SELLER, 'POST', '/api/pricing/rules', { name: 'Only A', mode: 'proposals', strategy: 'match_lowest', filters: { min_rating: 90 }, scope: { type: 'listings', listing_ids: [a.id] } });
    expect(r.status).toBe(201);
    await repricerSettled(h);
    expect((await historyOf(a.id))[0]).toMatchObject({ trigger: 'rule_change', rule_id: r.body.data.id });
    expect((await historyOf(b.id)).length).toBe(bBefore);
    expect((await call(SELLER, 'DELETE', `/api/pricing/rules/${r.body.data.id}`)).status).toBe(200);
    await repricerSettled(h);
  });

  it('an event whose listings did not change decides nothing again (cost/MAP events re-evaluate only what changed)', async () => {
    await repricerSettled(h);
    const l = listings[0];
    // earlier cases moved this listing's offers with no event: a first product event brings its
    // evaluation up to date (that one may decide), the second is the case under test
    expect((await call(SELLER, 'PUT', `/api/products/${vs[0].product_id}`, { tags: 'pricing-test-before' })).status).toBe(200);
    await repricerSettled(h);
    const n = (await call(SELLER, 'GET', `/api/listings/${l.id}/price-history`)).body.data.length;
    // a product change that leaves cost and MAP alone: the listing's inputs are the same
    const tagged = await call(SELLER, 'PUT', `/api/products/${vs[0].product_id}`, { tags: 'pricing-test' });
    expect(tagged.status).toBe(200);
    await repricerSettled(h);
    expect((await call(SELLER, 'GET', `/api/listings/${l.id}/price-history`)).body.data.length).toBe(n);
    // a cost change is a new input: decided again, with the new floor
    await h.db.transaction((tx) => tx.query('update product_variants set cost_cents = cost_cents + 100 where id = $1', [vs[0].id]), { tenantId: DEMO_TENANT.id });
    await call(SELLER, 'PUT', `/api/products/${vs[0].product_id}`, { tags: 'pricing-test,cost' });
    await repricerSettled(h);
    const ph = (await call(SELLER, 'GET', `/api/listings/${l.id}/price-history`)).body.data;
    expect(ph.length).toBe(n + 1);
    expect(ph[0].trigger).toBe('cost_change');
  });

  it('a sandbox tick re-evaluates the listings whose competitor offers moved', async () => {
    const before = await call(SELLER, 'GET', `/api/listings?marketplace_id=${amazon}&limit=50`);
    const offersBefore = new Map(before.body.data.map((x: { id: string; lowest_competitor_cents: number | null }) => [x.id, x.lowest_competitor_cents]));
    const tick = await call(ADMIN, 'POST', `/api/marketplaces/${amazon}/sandbox/tick`, { ticks: 1 });
    expect(tick.status).toBe(200);
    await waitFor(async () => {
      const ph = await call(SELLER, 'GET', `/api/listings/${listings[5].id}/price-history`);
      return ph.body.data.some((d: { trigger: string }) => d.trigger === 'competitor_change');
    }, 'a competitor_change decision');
    await repricerSettled(h);
    const after = await call(SELLER, 'GET', `/api/listings?marketplace_id=${amazon}&status=active&limit=50`);
    for (const x of after.body.data as { id: string; lowest_competitor_cents: number | null }[]) {
      if (x.lowest_competitor_cents === offersBefore.get(x.id)) continue;
      const ph = (await call(SELLER, 'GET', `/api/listings/${x.id}/price-history`)).body.data;
      expect(ph.some((d: { trigger: string }) => d.trigger === 'competitor_change')).toBe(true);
    }
  });
});

describe('Pricing Intelligence', () => {
  it('computes buy-box share, margins, price changes and proposals waiting per marketplace', async () => {
    const r = await call(SELLER, 'GET', '/api/pricing/agent');
    expect(r.status).toBe(200);
    const m = r.body.data.marketplaces.find((x: { marketplace_id: string }) => x.marketplace_id === amazon);
    expect(m.listings).toBeGreaterThanOrEqual(5);
    expect(m.buy_box_share).toBeGreaterThanOrEqual(0);
    expect(m.buy_box_share).toBeLessThanOrEqual(1);
    expect(m.price_changes_7d).toBeGreaterThanOrEqual(3);
    expect(typeof m.average_margin_cents).toBe('number');
    expect(r.body.data.alert_threshold_pp).toBe(10);
    // the series of the Pricing Intelligence charts: applied moves (largest first) with their reasons
    const movers = r.body.data.top_movers as { old_price_cents: number; new_price_cents: number; reason: string; sku: string }[];
    expect(movers.length).toBeGreaterThan(0);
    const size = movers.map((x) => Math.abs(x.new_price_cents - x.old_price_cents));
    expect(size).toEqual([...size].sort((a, b) => b - a));
    expect(movers.every((x) => x.reason.length > 0 && x.sku.length > 0)).toBe(true);
    expect(Array.isArray(r.body.data.buy_box_history)).toBe(true);
    for (const d of r.body.data.margin_impact as { day: string; changes: number; margin_change_cents: number }[]) {
      expect(d.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isInteger(d.margin_change_cents)).toBe(true);
      expect(d.changes).toBeGreaterThan(0);
    }
  });
});

describe('isolation and roles', () => {
  it('another tenant sees none of it and cannot decide it', async () => {
    const rules = await call(NW, 'GET', '/api/pricing/rules');
    expect(rules.body.data.map((x: { id: string }) => x.id)).not.toContain(defaultRule);
    expect((await call(NW, 'GET', `/api/pricing/rules/${defaultRule}`)).status).toBe(404);
    const ph = await call(NW, 'GET', `/api/listings/${listings[0].id}/price-history`);
    expect(ph.status).toBe(404);
    const demo = (await call(SELLER, 'GET', '/api/pricing/proposals?limit=1')).body.data[0];
    expect((await call(NW, 'POST', `/api/pricing/proposals/${demo.id}/reject`, {})).status).toBe(404);
    const nwList = await call(NW, 'GET', '/api/pricing/proposals');
    expect(nwList.body.data.map((x: { id: string }) => x.id)).not.toContain(demo.id);
    expect((await call(NW, 'DELETE', `/api/pricing/rules/${defaultRule}`)).status).toBe(404);
  });

  it('reads need a session; deciding follows write:products in the role matrix', async () => {
    const anon = await fetch(`${h.url}/api/pricing/proposals`);
    expect(anon.status).toBe(401);
    // every seeded role holds write:products, and each may decide (agent rejected above, seller approved)
    for (const role of ['admin', 'agent', 'user'] as const) expect(hasPermission(role, 'write:products')).toBe(true);
  });
});
