/**
 * What the repricing tables' keys did, done by their triggers and the repricer's memory
 * (docs/decisions.md "Repricing tables keep no per-row keys"): a new proposal supersedes the
 * listing's pending one, a deleted rule leaves its decisions and proposals without a rule, and a
 * deleted listing takes its decisions, proposals and memory with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { setImages, variantsWithMap, waitForListing } from './listings-support';
import { repricerSettled, setOffers } from './pricing-support';

let h: Harness;
const call = (method: string, path: string, body?: unknown) => callAs(h, 'seller@demo.local', method, path, body);
let listing: string;

const count = (sql: string, args: unknown[]) =>
  h.db.transaction(async (tx) => Number((await tx.query<{ n: string }>(sql, args)).rows[0].n), { tenantId: DEMO_TENANT.id });

beforeAll(async () => {
  h = await startServer();
  const account = (await callAs(h, 'admin@demo.local', 'POST', '/api/marketplaces', { kind: 'ebay', name: 'eBay keys test', sandbox_order_rate: 0 })).body.data.id;
  const [v] = await variantsWithMap(h, 1);
  await setImages(h, v.product_id, [`https://img.example.com/${v.sku}.jpg`]);
  const price = Math.max(v.map_cents, Math.ceil((v.cost_cents * 10_000) / 7_000)) + 5000;
  listing = (await call('POST', '/api/listings', { variant_id: v.id, marketplace_id: account, price_cents: price })).body.data.id;
  await waitForListing(h, 'seller@demo.local', listing, (l) => l.sync_state === 'synced' && l.status === 'active');
  await setOffers(h, listing, [{ seller: 'Acme', price_cents: price - 1000 }], 'Acme');
}, 120_000);
afterAll(async () => h?.close());

describe('repricing rows without per-row keys', () => {
  let rule: string;

  it('proposing again keeps one pending proposal per listing (the same move is kept, not written again)', async () => {
    rule = (await call('POST', '/api/pricing/rules', { name: 'Keys', mode: 'proposals', strategy: 'beat_lowest', scope: { type: 'listings', listing_ids: [listing] } })).body.data.id;
    await repricerSettled(h);
    const first = (await call('POST', '/api/pricing/propose', { listing_ids: [listing] })).body.data.proposals[0].id;
    const second = (await call('POST', '/api/pricing/propose', { listing_ids: [listing] })).body.data.proposals[0].id;
    // the market did not move: the same proposal (a different answer supersedes it,
    // tests/server/pricing-proposal-compaction.test.ts)
    expect(second).toBe(first);
    const pending = (await call('GET', `/api/pricing/proposals?status=pending&listing_id=${listing}`)).body.data.map((p: { id: string }) => p.id);
    expect(pending).toEqual([first]);
    const expired = (await call('GET', `/api/pricing/proposals?status=expired&listing_id=${listing}`)).body.data.map((p: { id: string }) => p.id);
    expect(expired).toEqual([]);
  });

  it('a deleted rule leaves its decisions and proposals without a rule', async () => {
    expect(await count('select count(*) as n from price_decisions where rule_id = $1', [rule])).toBeGreaterThan(0);
    expect((await call('DELETE', `/api/pricing/rules/${rule}`)).status).toBe(200);
    expect(await count('select count(*) as n from price_decisions where rule_id = $1', [rule])).toBe(0);
    expect(await count('select count(*) as n from price_proposals where rule_id = $1', [rule])).toBe(0);
    expect(await count('select count(*) as n from price_decisions where listing_id = $1 and rule_id is null', [listing])).toBeGreaterThan(0);
    // the rule's pending proposal has nothing behind it any more
    expect((await call('GET', `/api/pricing/proposals?status=pending&listing_id=${listing}`)).body.data).toEqual([]);
  });

  it('a deleted listing takes its decisions, proposals and memory with it', async () => {
    expect(await count('select count(*) as n from pricing_listing_state where listing_id = $1', [listing])).toBe(1);
    expect((await call('DELETE', `/api/listings/${listing}`)).status).toBe(200);
    for (const table of ['price_decisions', 'price_proposals', 'pricing_listing_state']) {
      expect(await count(`select count(*) as n from ${table} where listing_id = $1`, [listing])).toBe(0);
    }
  });
});
